/**
 * The staff-action outbox (issue "Table openings" §8: a waiter whose PDA lost Wi-Fi gets a clear
 * pending state and the action goes out once when it returns): real Dexie on fake-indexeddb; the
 * one HTTP call (postStaffAction) is the stubbed edge.
 */
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, NETWORK_ERROR } from "../../../api/api-error";
import { appDb } from "../../../db/app-db";
import {
  dismissRefusedStaffAction,
  onActionOutcome,
  refusedStaffActions,
  resumeStaffActions,
  submitStaffAction,
} from "./action-outbox";

const post = vi.hoisted(() => vi.fn<(path: string, body: unknown, key: string) => Promise<unknown>>());
vi.mock("../../../api/staff-openings", () => ({ postStaffAction: post }));

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
