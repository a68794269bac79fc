/**
 * A payment Maria queued offline before locking the PDA is shown to Nikos, signed in next, who sends
 * it as himself or discards it; it never goes out under his session without his say. Real outbox,
 * Dexie and session store on fake-indexeddb; the edge stubbed is fetch.
 */
import "fake-indexeddb/auto";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appDb } from "../../../db/app-db";
import { clearSession, storeSession } from "../../../session/session";
import { testSession } from "../../../session/test-session";
import { renderWithI18n } from "../../../test-support/render";
import { resumeStaffActions } from "../openings/action-outbox";
import { HeldActions } from "./HeldActions";

const MARIA_ID = 300;
const NIKOS = testSession({
  authToken: "nikos-token",
  user: { ...testSession().user, id: 301, name: "Nikos", phone: null, role: "WAITER", storeId: 1 },
});
const KEY = "0f8fad5b-d9cb-469f-a165-70867728950e";

function stubApi() {
  const requests: Request[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      requests.push(request);
      await request.text();
      return new Response(JSON.stringify({ id: 7, status: "OPEN" }), { status: 200 });
    }),
  );
  return requests;
}

beforeEach(async () => {
  await appDb().pendingStaffActions.put({
    idempotencyKey: KEY,
    openingId: 7,
    action: "pay",
    description: "Payment of €3.80 at Table 15",
    path: "staff/openings/7/pay",
    body: { version: 3, lines: null, payment: { type: "CASH" } },
    createdAt: new Date().toISOString(),
    attempts: 1,
    byUserId: MARIA_ID,
    byName: "Maria",
  });
  await storeSession(NIKOS);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await appDb().pendingStaffActions.clear();
  await clearSession();
});

describe("another waiter's queued action, shown to the waiter signed in now", () => {
  it("is named with its maker, and not sent under his session by a resume", async () => {
    const requests = stubApi();
    renderWithI18n(<HeldActions userId={NIKOS.user.id} />);
    expect(await screen.findByText("Not sent: Payment of €3.80 at Table 15, made by Maria.")).toBeTruthy();
    await resumeStaffActions();
    expect(requests).toEqual([]);
  });

  it("Send as me: sent once with his session, and it leaves the list", async () => {
    const requests = stubApi();
    renderWithI18n(<HeldActions userId={NIKOS.user.id} />);
    fireEvent.click(await screen.findByRole("button", { name: "Send as me" }));
    // Answered: the row goes (and with it the notice).
    await waitFor(async () => expect(await appDb().pendingStaffActions.count()).toBe(0));
    expect(screen.queryByText(/made by Maria/)).toBeNull();
    expect(requests.map((request) => [new URL(request.url).pathname, request.headers.get("authToken")])).toEqual([
      ["/api/staff/openings/7/pay", "nikos-token"],
    ]);
    expect(requests[0]?.headers.get("idempotency-key")).toBe(KEY);
  });

  it("Discard takes a second tap (a discarded payment is never recorded); then it is gone, unsent", async () => {
    const requests = stubApi();
    renderWithI18n(<HeldActions userId={NIKOS.user.id} />);
    fireEvent.click(await screen.findByRole("button", { name: "Discard" }));
    expect(await appDb().pendingStaffActions.count()).toBe(1);
    fireEvent.click(screen.getByRole("button", { name: "Discard: it will not be recorded" }));
    await waitFor(() => expect(screen.queryByText(/made by Maria/)).toBeNull());
    expect(await appDb().pendingStaffActions.count()).toBe(0);
    expect(requests).toEqual([]);
  });

  it("the maker herself is not asked about her own actions", async () => {
    stubApi();
    const { container } = renderWithI18n(<HeldActions userId={MARIA_ID} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.innerHTML).toBe("");
  });
});
