/**
 * A queued staff action is sent only with its maker's own session, including the retry that
 * follows a token refresh: money is never attributed to the waiter who holds the PDA next.
 * Real session store on fake-indexeddb; the edge stubbed is fetch.
 */
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearSession, storeSession } from "../session/session";
import { testSession } from "../session/test-session";
import { NOT_SIGNED_IN_AS_MAKER, postStaffAction } from "./staff-openings";

const MARIA = testSession({ authToken: "maria-token", user: { ...testSession().user, id: 300, role: "WAITER" } });
const NIKOS = testSession({ authToken: "nikos-token", user: { ...testSession().user, id: 301, role: "WAITER" } });
/** An answer to a request whose body was read (as a server does: an unread body stalls the test's fetch). */
async function answer(request: Request, status: number, body: unknown): Promise<Response> {
  await request.text();
  return new Response(JSON.stringify(body), { status });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await clearSession();
});

describe("postStaffAction: only as the waiter who made the action", () => {
  it("the maker signed in: sent with their tokens and the Idempotency-Key", async () => {
    await storeSession(MARIA);
    const fetchMock = vi.fn(async (request: Request) => answer(request, 200, { id: 7 }));
    vi.stubGlobal("fetch", fetchMock);
    expect(await postStaffAction("staff/openings/7/pay", { version: 3 }, "key-1", MARIA.user.id)).toEqual({ id: 7 });
    const request = fetchMock.mock.calls[0]?.[0];
    expect(request?.headers.get("authToken")).toBe("maria-token");
    expect(request?.headers.get("idempotency-key")).toBe("key-1");
  });

  it("another waiter signed in: nothing is sent; held back without an answer (status null), to be sent later", async () => {
    await storeSession(NIKOS);
    const fetchMock = vi.fn(async (request: Request) => answer(request, 200, { id: 7 }));
    vi.stubGlobal("fetch", fetchMock);
    await expect(postStaffAction("staff/openings/7/pay", {}, "key-1", MARIA.user.id)).rejects.toMatchObject({
      code: NOT_SIGNED_IN_AS_MAKER,
      status: null,
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("the maker locks the PDA while it is on its way and the next waiter signs in: not retried with the next waiter's tokens", async () => {
    await storeSession(MARIA);
    const fetchMock = vi.fn(async (request: Request) => {
      // Maria locked (her tokens revoked) and Nikos signed in while the request was on its way.
      await storeSession(NIKOS);
      return answer(request, 401, { code: "INVALID_AUTH_TOKEN", message: "INVALID_AUTH_TOKEN" });
    });
    vi.stubGlobal("fetch", fetchMock);
    await expect(postStaffAction("staff/openings/7/pay", {}, "key-1", MARIA.user.id)).rejects.toMatchObject({
      code: NOT_SIGNED_IN_AS_MAKER,
    });
    expect(fetchMock.mock.calls.map(([request]) => request.headers.get("authToken"))).toEqual(["maria-token"]);
  });
});
