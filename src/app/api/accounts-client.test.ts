import "fake-indexeddb/auto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearSession, currentSession, storeSession } from "../session/session";
import { testSession } from "../session/test-session";
import { refreshSessionOnce } from "../session/token-refresh";
import { asStored, jwtExpiringAt, receivedWhenIssued } from "../test-support/test-jwt";
import { fetchSavedCards, refreshTokens } from "./accounts";
import { sessionToSend } from "./accounts-client";
import { fetchOpenOpenings } from "./staff-openings";
import { fetchStaffOrders } from "./staff-orders";

function answer(status: number, body: unknown) {
  return vi.fn(
    async (_request: Request) =>
      new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await clearSession();
});

describe("accounts calls (spec §6: authenticated calls send authToken and jwt)", () => {
  it("sends both tokens of the stored session", async () => {
    await storeSession(testSession());
    const fetchMock = answer(200, { cards: [] });
    vi.stubGlobal("fetch", fetchMock);
    expect(await fetchSavedCards()).toEqual({ cards: [] });
    const request = fetchMock.mock.calls[0]?.[0] as Request;
    expect(new URL(request.url).pathname).toBe("/api/creditCard/user");
    expect(request.headers.get("authToken")).toBe("opaque-token");
    expect(request.headers.get("jwt")).toBe("header.payload.signature");
  });

  it("§4 clears the session when the server refuses the tokens and then their refresh", async () => {
    await storeSession(testSession());
    const fetchMock = answer(401, { code: "INVALID_AUTH_TOKEN", message: "INVALID_AUTH_TOKEN" });
    vi.stubGlobal("fetch", fetchMock);
    await expect(fetchSavedCards()).rejects.toMatchObject({ code: "INVALID_AUTH_TOKEN", status: 401 });
    const paths = fetchMock.mock.calls.map(([request]) => new URL(request.url).pathname);
    expect(paths).toEqual(["/api/creditCard/user", "/api/authenticate/v2/tokens/validate/refresh"]);
    expect(await currentSession()).toBeNull();
  });

  it("an expired jwt (a phone that slept) is refreshed and the call retried, not signed out", async () => {
    await storeSession(testSession());
    const refreshed = { user: testSession().user, authToken: "refreshed", jwt: "refreshed.jwt.sig" };
    const fetchMock = vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      if (path.endsWith("/tokens/validate/refresh")) return new Response(JSON.stringify(refreshed), { status: 200 });
      if (request.headers.get("authToken") === "refreshed") return new Response(JSON.stringify({ cards: [] }));
      return new Response(JSON.stringify({ code: "INVALID_AUTH_TOKEN", message: "INVALID_AUTH_TOKEN" }), {
        status: 401,
      });
    });
    vi.stubGlobal("fetch", fetchMock);
    expect(await fetchSavedCards()).toEqual({ cards: [] });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(await currentSession()).toMatchObject({ authToken: "refreshed", jwt: "refreshed.jwt.sig" });
  });

  it("keeps the session on other errors", async () => {
    await storeSession(testSession());
    vi.stubGlobal("fetch", answer(403, { code: "FORBIDDEN", message: "staff" }));
    await expect(fetchSavedCards()).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await currentSession()).toEqual(asStored(testSession()));
  });

  it("refuses an authenticated call without asking the server when signed out", async () => {
    const fetchMock = answer(200, {});
    vi.stubGlobal("fetch", fetchMock);
    await expect(fetchSavedCards()).rejects.toMatchObject({ code: "INVALID_AUTH_TOKEN" });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("a refusal racing a token rotation", () => {
  it("retries once with the rotated tokens instead of signing out", async () => {
    await storeSession(testSession());
    const rotated = testSession({ authToken: "rotated", jwt: "rotated.jwt.sig" });
    const fetchMock = vi.fn(async (request: Request) => {
      if (request.headers.get("authToken") === "rotated") {
        return new Response(JSON.stringify({ cards: [] }), { status: 200 });
      }
      // The refresh finished while this call was on its way.
      await storeSession(rotated);
      return new Response(JSON.stringify({ code: "INVALID_AUTH_TOKEN", message: "INVALID_AUTH_TOKEN" }), {
        status: 401,
      });
    });
    vi.stubGlobal("fetch", fetchMock);
    expect(await fetchSavedCards()).toEqual({ cards: [] });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(await currentSession()).toEqual(asStored(rotated));
  });
});

describe("a jwt known to be spent is refreshed before the call, never sent to be refused", () => {
  const MINUTE = 60_000;
  const REFRESH = "/api/authenticate/v2/tokens/validate/refresh";

  /** The staff's server: a refresh rotates the pair; any other call answers only the newest jwt. */
  function serverRotatingTo(count = 1) {
    const sent: { path: string; authToken: string | null; jwt: string | null }[] = [];
    let rotations = 0;
    let valid = "";
    const fetchMock = vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      sent.push({ path, authToken: request.headers.get("authToken"), jwt: request.headers.get("jwt") });
      if (path === REFRESH) {
        rotations += 1;
        if (rotations > count) throw new Error("a second rotation was asked for");
        valid = jwtExpiringAt(Date.now() + 30 * MINUTE, `fresh-${rotations}`);
        return Response.json({ user: testSession().user, authToken: `fresh-${rotations}`, jwt: valid });
      }
      if (request.headers.get("jwt") !== valid) {
        return Response.json({ code: "INVALID_AUTH_TOKEN", message: "INVALID_AUTH_TOKEN" }, { status: 401 });
      }
      return Response.json(path.endsWith("/staff/orders") ? { orders: [] } : { openings: [] });
    });
    return { fetchMock, sent, jwt: () => valid };
  }

  it("a staff read with last night's session: the refresh goes first, the read carries the new pair", async () => {
    const spent = jwtExpiringAt(Date.now() - 10 * 60 * MINUTE, "last-night");
    await storeSession(testSession(receivedWhenIssued(spent)));
    const server = serverRotatingTo();
    vi.stubGlobal("fetch", server.fetchMock);

    await fetchStaffOrders();

    expect(server.sent.map((call) => call.path)).toEqual([REFRESH, "/api/staff/orders"]);
    // Only the refresh, which accepts a spent jwt, ever saw it.
    expect(server.sent.filter((call) => call.jwt === spent).map((call) => call.path)).toEqual([REFRESH]);
    expect(server.sent[1]).toMatchObject({ authToken: "fresh-1", jwt: server.jwt() });
    expect(await currentSession()).toMatchObject({ authToken: "fresh-1", jwt: server.jwt() });
  });

  it("a jwt that ends within the minute is refreshed first too", async () => {
    await storeSession(testSession(receivedWhenIssued(jwtExpiringAt(Date.now() + 20_000))));
    const server = serverRotatingTo();
    vi.stubGlobal("fetch", server.fetchMock);
    await fetchStaffOrders();
    expect(server.sent.map((call) => call.path)).toEqual([REFRESH, "/api/staff/orders"]);
  });

  it("a fresh jwt goes out at once, nothing refreshed", async () => {
    const fresh = jwtExpiringAt(Date.now() + 25 * MINUTE);
    await storeSession(testSession(receivedWhenIssued(fresh)));
    const fetchMock = vi.fn(async (_request: Request) => Response.json({ orders: [] }));
    vi.stubGlobal("fetch", fetchMock);
    await fetchStaffOrders();
    expect(fetchMock.mock.calls.map(([request]) => new URL(request.url).pathname)).toEqual(["/api/staff/orders"]);
    expect(fetchMock.mock.calls[0]?.[0].headers.get("jwt")).toBe(fresh);
  });

  it("a device whose clock runs months ahead of the server's sends a jwt it just received, without a refresh first", async () => {
    // The server's clock says July; this device says four months later. Received just now.
    const julyJwt = jwtExpiringAt(Date.now() - 120 * 24 * 60 * MINUTE + 25 * MINUTE);
    await storeSession(testSession({ jwt: julyJwt }));
    const fetchMock = vi.fn(async (_request: Request) => Response.json({ orders: [] }));
    vi.stubGlobal("fetch", fetchMock);
    await fetchStaffOrders();
    expect(fetchMock.mock.calls.map(([request]) => new URL(request.url).pathname)).toEqual(["/api/staff/orders"]);
  });

  it("the staff screen's reads and the app's start refresh at once: one rotation, every read with its pair", async () => {
    await storeSession(testSession(receivedWhenIssued(jwtExpiringAt(Date.now() - 45 * MINUTE))));
    const server = serverRotatingTo(1);
    vi.stubGlobal("fetch", server.fetchMock);

    await Promise.all([fetchStaffOrders(), fetchOpenOpenings("tables"), refreshSessionOnce(refreshTokens)]);

    expect(server.sent.filter((call) => call.path === REFRESH)).toHaveLength(1);
    const reads = server.sent.filter((call) => call.path !== REFRESH);
    expect(reads.map((call) => call.path).sort()).toEqual(["/api/staff/openings", "/api/staff/orders"]);
    for (const read of reads) expect(read).toMatchObject({ authToken: "fresh-1", jwt: server.jwt() });
  });

  it("a refused refresh signs out, and the read is never sent", async () => {
    await storeSession(testSession(receivedWhenIssued(jwtExpiringAt(Date.now() - 45 * MINUTE))));
    const fetchMock = answer(401, { code: "INVALID_AUTH_TOKEN", message: "INVALID_AUTH_TOKEN" });
    vi.stubGlobal("fetch", fetchMock);
    await expect(fetchStaffOrders()).rejects.toMatchObject({ code: "INVALID_AUTH_TOKEN" });
    expect(fetchMock.mock.calls.map(([request]) => new URL(request.url).pathname)).toEqual([REFRESH]);
    expect(await currentSession()).toBeNull();
  });

  it("calls that carry the tokens themselves get the refreshed pair too (sessionToSend)", async () => {
    await storeSession(testSession(receivedWhenIssued(jwtExpiringAt(Date.now() - 45 * MINUTE))));
    const server = serverRotatingTo();
    vi.stubGlobal("fetch", server.fetchMock);
    expect(await sessionToSend()).toMatchObject({ authToken: "fresh-1", jwt: server.jwt() });
    expect(server.sent.map((call) => call.path)).toEqual([REFRESH]);
  });
});
