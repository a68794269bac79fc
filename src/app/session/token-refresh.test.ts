import "fake-indexeddb/auto";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RefreshResponse } from "../../domain/auth-api";
import { TOKEN_REFRESH_MS } from "../../domain/constants";
import { ApiError, NETWORK_ERROR } from "../api/api-error";
import { asStored } from "../test-support/test-jwt";
import { clearSession, currentSession, type Session, storeSession } from "./session";
import { testSession } from "./test-session";
import { refreshSessionOnce, startTokenRefresh } from "./token-refresh";

afterEach(async () => {
  await clearSession();
  vi.useRealTimers();
});

let rotation = 0;
function rotate(session: Session): Promise<RefreshResponse> {
  rotation += 1;
  return Promise.resolve({ user: session.user, authToken: `token-${rotation}`, jwt: `jwt-${rotation}` });
}

describe("token refresh (spec §4, §9)", () => {
  it("does nothing while signed out", async () => {
    const refresh = vi.fn(rotate);
    expect(await refreshSessionOnce(refresh)).toBe("no-session");
    expect(refresh).not.toHaveBeenCalled();
  });

  it("saves both rotated tokens", async () => {
    await storeSession(testSession());
    expect(await refreshSessionOnce(rotate)).toBe("refreshed");
    expect(await currentSession()).toEqual(
      asStored(testSession({ authToken: `token-${rotation}`, jwt: `jwt-${rotation}` })),
    );
  });

  it("clears the session when the server answers INVALID_AUTH_TOKEN", async () => {
    await storeSession(testSession());
    const refused = () => Promise.reject(new ApiError("INVALID_AUTH_TOKEN", "INVALID_AUTH_TOKEN", 401));
    expect(await refreshSessionOnce(refused)).toBe("signed-out");
    expect(await currentSession()).toBeNull();
  });

  it("keeps the session when there is no answer", async () => {
    await storeSession(testSession());
    const offline = () => Promise.reject(new ApiError(NETWORK_ERROR, "Failed to fetch", null));
    expect(await refreshSessionOnce(offline)).toBe("kept");
    expect(await currentSession()).toEqual(asStored(testSession()));
  });

  it("a pair received moments ago is not rotated again at start (calls still carrying it would be refused)", async () => {
    await storeSession(testSession());
    const refresh = vi.fn(rotate);
    const stop = startTokenRefresh(refresh);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(refresh).not.toHaveBeenCalled();
    stop();
  });

  it("refreshes at start and every 20 minutes until stopped", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    await storeSession({ ...testSession(), jwtReceivedAtMs: Date.now() - 10 * 60_000 });
    const refresh = vi.fn(rotate);
    const stop = startTokenRefresh(refresh);
    await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    vi.advanceTimersByTime(TOKEN_REFRESH_MS - 1);
    await Promise.resolve();
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(2));
    stop();
    vi.advanceTimersByTime(TOKEN_REFRESH_MS * 3);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(refresh).toHaveBeenCalledTimes(2);
    // The second call got the tokens the first one saved.
    expect(refresh.mock.calls[1]?.[0].authToken).toBe(`token-${rotation - 1}`);
  });
});
