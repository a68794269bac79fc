/**
 * The staff-action outbox (a waiter whose PDA lost Wi-Fi gets a clear pending state and the action
 * goes out once when it returns, and only as the waiter who made it): real Dexie and session store
 * on fake-indexeddb; the one HTTP call (postStaffAction) is the stubbed edge.
 */
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, NETWORK_ERROR } from "../../../api/api-error";
import { appDb } from "../../../db/app-db";
import { clearSession, type Session, storeSession } from "../../../session/session";
import { testSession } from "../../../session/test-session";
import {
  discardHeldAction,
  dismissRefusedStaffAction,
  heldStaffActions,
  onActionOutcome,
  refusedStaffActions,
  resumeStaffActions,
  sendHeldActionAsSignedIn,
  startStaffActions,
  submitStaffAction,
} from "./action-outbox";

const post = vi.hoisted(() =>
  vi.fn<(path: string, body: unknown, key: string, asUserId: number) => Promise<unknown>>(),
);
vi.mock("../../../api/staff-openings", () => ({ postStaffAction: post }));

function staffSession(id: number, name: string): Session {
  const user = { ...testSession().user, id, name, phone: null, email: null, role: "WAITER" as const, storeId: 1 };
  return testSession({ authToken: `${name}-token`, user });
}
const MARIA = staffSession(300, "Maria");
/** Lets the resumes a sign-in starts in the background run to their end before "not sent" is asserted. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 50));
const NIKOS = staffSession(301, "Nikos");

beforeEach(async () => {
  await storeSession(MARIA);
});

const CLOSE = {
  openingId: 7,
  action: "close",
  description: "Closing Table 7 with a payment of €10.40",
  path: "staff/openings/7/close",
  body: { version: 3, payment: { type: "CASH" } },
};
const offline = () => new ApiError(NETWORK_ERROR, "Failed to fetch", null);

afterEach(async () => {
  post.mockReset();
  await appDb().pendingStaffActions.clear();
  await clearSession();
});

describe("staff-action outbox", () => {
  it("an answered action: sent once with a UUID Idempotency-Key, gone from the outbox", async () => {
    post.mockResolvedValue({ id: 7, status: "CLOSED" });
    expect(await submitStaffAction(CLOSE)).toEqual({ kind: "done", answer: { id: 7, status: "CLOSED" } });
    expect(post).toHaveBeenCalledTimes(1);
    const [path, body, key] = post.mock.calls[0] ?? [];
    expect([path, body]).toEqual([CLOSE.path, CLOSE.body]);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(await appDb().pendingStaffActions.count()).toBe(0);
  });

  it("no answer: kept as pending; when the network returns it goes out with the same key, once", async () => {
    post.mockRejectedValueOnce(offline());
    expect(await submitStaffAction(CLOSE)).toEqual({ kind: "pending" });
    expect(await appDb().pendingStaffActions.where("openingId").equals(7).count()).toBe(1);
    post.mockResolvedValue({ id: 7, status: "CLOSED" });
    await resumeStaffActions();
    expect(await appDb().pendingStaffActions.count()).toBe(0);
    // Another `online` (or the backoff timer) finds nothing left to send.
    await resumeStaffActions();
    expect(post).toHaveBeenCalledTimes(2);
    expect(new Set(post.mock.calls.map((call) => call[2])).size).toBe(1);
  });

  it("two lines of one kitchen ticket made offline go out one after the other, in the order tapped (never racing for the ticket)", async () => {
    const line = (index: number) => ({
      ticketId: 41,
      lineIndex: index,
      action: "line-ready",
      description: `Ready: line ${index}`,
      path: `staff/stations/7601/tickets/41/lines/${index}/ready`,
      body: {},
    });
    post.mockRejectedValue(offline());
    expect(await submitStaffAction(line(0))).toEqual({ kind: "pending" });
    expect(await submitStaffAction(line(1))).toEqual({ kind: "pending" });
    post.mockReset();
    let inFlight = 0;
    let mostAtOnce = 0;
    post.mockImplementation(async () => {
      inFlight += 1;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight -= 1;
      return { id: 41 };
    });
    await resumeStaffActions();
    expect(post.mock.calls.map((call) => call[0])).toEqual([line(0).path, line(1).path]);
    expect(mostAtOnce).toBe(1);
    expect(await appDb().pendingStaffActions.count()).toBe(0);
  });

  it("a refusal (409 closed by someone else) of the first attempt goes back to the screen that asked: the row goes, the error keeps its details", async () => {
    post.mockRejectedValue(
      new ApiError("OPENING_CLOSED", "closed", 409, { byName: "Μαρία", at: "2026-07-01T11:02:00.000Z" }),
    );
    expect(await submitStaffAction(CLOSE)).toMatchObject({
      kind: "refused",
      error: { code: "OPENING_CLOSED", status: 409, details: { byName: "Μαρία" } },
    });
    expect(await appDb().pendingStaffActions.count()).toBe(0);
  });

  it("a refusal of an action that waited for the connection is kept until it is seen (a payment never vanishes unseen)", async () => {
    post.mockRejectedValueOnce(offline());
    expect(await submitStaffAction(CLOSE)).toEqual({ kind: "pending" });
    // Back online; meanwhile another waiter changed the table.
    post.mockRejectedValue(new ApiError("VERSION_CONFLICT", "changed", 409));
    const outcomes: string[] = [];
    const stop = onActionOutcome((_, outcome) => outcomes.push(outcome.kind));
    await resumeStaffActions();
    stop();
    expect(outcomes).toEqual(["refused"]);
    const refused = await refusedStaffActions();
    expect(refused.map(({ row, error }) => [row.description, error.code, error.status])).toEqual([
      [CLOSE.description, "VERSION_CONFLICT", 409],
    ]);
    // Never sent again, by a later `online` or app start.
    await resumeStaffActions();
    expect(post).toHaveBeenCalledTimes(2);
    const [{ row } = { row: undefined }] = refused;
    await dismissRefusedStaffAction(row?.idempotencyKey ?? "");
    expect(await refusedStaffActions()).toEqual([]);
    expect(await appDb().pendingStaffActions.count()).toBe(0);
  });

  it("a 503 and a 409 REQUEST_IN_PROGRESS are not definite: kept, and sent again with the same key", async () => {
    post
      .mockRejectedValueOnce(new ApiError("INTERNAL_ERROR", "busy", 503))
      .mockRejectedValueOnce(new ApiError("REQUEST_IN_PROGRESS", "wait", 409))
      .mockResolvedValue({ id: 7 });
    expect(await submitStaffAction(CLOSE)).toEqual({ kind: "pending" });
    await resumeStaffActions();
    expect(await appDb().pendingStaffActions.count()).toBe(1);
    await resumeStaffActions();
    expect(await appDb().pendingStaffActions.count()).toBe(0);
    expect(new Set(post.mock.calls.map((call) => call[2])).size).toBe(1);
  });
  it("an `online` while the first attempt is still failing offline: sent again at once (no 2 s wait)", async () => {
    let failFirst = () => {};
    post
      .mockImplementationOnce(
        () =>
          new Promise((_, reject) => {
            failFirst = () => reject(offline());
          }),
      )
      .mockResolvedValue({ id: 7, status: "CLOSED" });
    const outcomes: string[] = [];
    const stop = onActionOutcome((_, outcome) => outcomes.push(outcome.kind));
    const first = submitStaffAction(CLOSE);
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    // The device is back while the first attempt is under way: the lock turns this resume away.
    const resumed = resumeStaffActions();
    failFirst();
    expect(await first).toEqual({ kind: "pending" });
    await resumed;
    await vi.waitFor(() => expect(outcomes).toEqual(["done"]));
    expect(await appDb().pendingStaffActions.count()).toBe(0);
    expect(new Set(post.mock.calls.map((call) => call[2])).size).toBe(1);
    stop();
  });
});

describe("a queued action goes out only as the waiter who made it", () => {
  /** Maria's payment waits for the connection; she locks the PDA (signed out). */
  async function queuedByMariaThenLocked(): Promise<string> {
    post.mockRejectedValueOnce(offline());
    expect(await submitStaffAction(CLOSE)).toEqual({ kind: "pending" });
    await clearSession();
    const [row] = await appDb().pendingStaffActions.toArray();
    expect(row).toMatchObject({ byUserId: MARIA.user.id, byName: "Maria" });
    return row?.idempotencyKey ?? "";
  }

  it("made and sent as its maker: the call names her", async () => {
    post.mockResolvedValue({ id: 7 });
    await submitStaffAction(CLOSE);
    expect(post.mock.calls[0]?.[3]).toBe(MARIA.user.id);
  });

  it("an order's accept queued offline by Maria, who locks; back online with Nikos signed in: not sent as his", async () => {
    const ACCEPT = {
      orderId: 91,
      action: "accept",
      description: "Accepting order #12",
      path: "staff/orders/91/accept",
      body: {},
    };
    post.mockRejectedValueOnce(offline());
    expect(await submitStaffAction(ACCEPT)).toEqual({ kind: "pending" });
    await clearSession();
    await storeSession(NIKOS);
    post.mockResolvedValue({ id: 91, status: "ACCEPTED" });
    await resumeStaffActions();
    await settled();
    expect(post).toHaveBeenCalledTimes(1);
    expect((await heldStaffActions(NIKOS.user.id)).map((row) => [row.orderId, row.byName])).toEqual([[91, "Maria"]]);
  });

  it("the maker locked the PDA: nobody signed in, it waits, unsent", async () => {
    await queuedByMariaThenLocked();
    post.mockResolvedValue({ id: 7 });
    await resumeStaffActions();
    await settled();
    expect(post).toHaveBeenCalledTimes(1);
    expect(await appDb().pendingStaffActions.count()).toBe(1);
  });

  it("the next waiter signs in: never sent under his session; it is held and shown to him", async () => {
    await queuedByMariaThenLocked();
    await storeSession(NIKOS);
    post.mockResolvedValue({ id: 7 });
    await resumeStaffActions();
    await settled();
    expect(post).toHaveBeenCalledTimes(1);
    expect((await heldStaffActions(NIKOS.user.id)).map((row) => [row.description, row.byName])).toEqual([
      [CLOSE.description, "Maria"],
    ]);
    // Maria herself is never asked about her own actions.
    expect(await heldStaffActions(MARIA.user.id)).toEqual([]);
  });

  it("the maker signs in again: it goes out as hers, at once (the sign-in resumes the outbox)", async () => {
    startStaffActions();
    await queuedByMariaThenLocked();
    post.mockResolvedValue({ id: 7 });
    await storeSession(MARIA);
    await vi.waitFor(async () => expect(await appDb().pendingStaffActions.count()).toBe(0));
    expect(post).toHaveBeenCalledTimes(2);
    expect(post.mock.calls[1]?.[3]).toBe(MARIA.user.id);
  });

  it("the next waiter sends it as himself: sent once, named his, with the same key", async () => {
    const key = await queuedByMariaThenLocked();
    await storeSession(NIKOS);
    post.mockResolvedValue({ id: 7, status: "CLOSED" });
    expect(await sendHeldActionAsSignedIn(key)).toEqual({ kind: "done", answer: { id: 7, status: "CLOSED" } });
    expect(post.mock.calls[1]?.[3]).toBe(NIKOS.user.id);
    expect(post.mock.calls[1]?.[2]).toBe(key);
    expect(await appDb().pendingStaffActions.count()).toBe(0);
  });

  it("sent as himself but already recorded for the maker (her answer was lost): the refusal is kept until seen", async () => {
    const key = await queuedByMariaThenLocked();
    await storeSession(NIKOS);
    post.mockRejectedValue(
      new ApiError("OPENING_CLOSED", "closed", 409, { byName: "Maria", at: "2026-07-01T11:02:00Z" }),
    );
    expect(await sendHeldActionAsSignedIn(key)).toMatchObject({ kind: "refused" });
    expect((await refusedStaffActions()).map(({ error }) => error.code)).toEqual(["OPENING_CLOSED"]);
  });

  it("the next waiter discards it: never sent", async () => {
    const key = await queuedByMariaThenLocked();
    await storeSession(NIKOS);
    await discardHeldAction(key);
    await resumeStaffActions();
    await settled();
    expect(post).toHaveBeenCalledTimes(1);
    expect(await appDb().pendingStaffActions.count()).toBe(0);
  });

  it("a row of an older app (no maker recorded) is not sent as whoever is signed in: it is held for them", async () => {
    await appDb().pendingStaffActions.put({
      ...CLOSE,
      idempotencyKey: "0f8fad5b-d9cb-469f-a165-70867728950e",
      createdAt: new Date().toISOString(),
      attempts: 1,
    });
    post.mockResolvedValue({ id: 7 });
    await resumeStaffActions();
    await settled();
    expect(post).not.toHaveBeenCalled();
    expect(await heldStaffActions(MARIA.user.id)).toHaveLength(1);
  });
});
