import "fake-indexeddb/auto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearSession, currentSession, storeSession } from "../session/session";
import { testSession } from "../session/test-session";
import { fetchSavedCards, loginWithPin } from "./accounts";

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
    expect(await currentSession()).toEqual(testSession());
  });

  it("refuses an authenticated call without asking the server when signed out", async () => {
    const fetchMock = answer(200, {});
    vi.stubGlobal("fetch", fetchMock);
    await expect(fetchSavedCards()).rejects.toMatchObject({ code: "INVALID_AUTH_TOKEN" });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the PIN and store as the query of the PIN sign-in, without tokens", async () => {
    const fetchMock = answer(401, { code: "INVALID_PIN", message: "INVALID_PIN" });
    vi.stubGlobal("fetch", fetchMock);
    await expect(loginWithPin("2580", 7)).rejects.toMatchObject({ code: "INVALID_PIN" });
    const request = fetchMock.mock.calls[0]?.[0] as Request;
    expect(new URL(request.url).search).toBe("?pin=2580&storeId=7");
    expect(request.method).toBe("POST");
    expect(request.headers.get("authToken")).toBeNull();
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
    expect(await currentSession()).toEqual(rotated);
  });
});
