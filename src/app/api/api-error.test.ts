import { describe, expect, it } from "vitest";
import { ApiError, NETWORK_ERROR, toApiError, UNKNOWN_ERROR } from "./api-error";

function httpError(status: number, body: string, contentType = "application/json", extra: HeadersInit = {}): Error {
  const error = new Error(`Request failed with status code ${status}`);
  error.name = "HTTPError";
  const headers = new Headers(extra);
  headers.set("content-type", contentType);
  Object.assign(error, { response: new Response(body, { status, headers }) });
  return error;
}

describe("API error mapping (design: errors are JSON {code, message}; the client maps codes)", () => {
  it("keeps the server's code, message and status", async () => {
    const error = await toApiError(httpError(404, JSON.stringify({ code: "TABLE_NOT_FOUND", message: "no table" })));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "TABLE_NOT_FOUND", message: "no table", status: 404 });
    expect(error.isNotFound).toBe(true);
    expect(error.isNetworkError).toBe(false);
  });

  it("keeps how long a 429 asked to wait (Retry-After, in seconds), so a screen can say when to try again", async () => {
    const body = JSON.stringify({ code: "VERIFICATIONS_CODES_LIMIT_REACHED", message: "wait" });
    const refused = await toApiError(httpError(429, body, "application/json", { "retry-after": "42" }));
    expect(refused).toMatchObject({ code: "VERIFICATIONS_CODES_LIMIT_REACHED", status: 429, retryAfterSeconds: 42 });
    const without = await toApiError(httpError(429, body));
    expect(without.retryAfterSeconds).toBeUndefined();
  });

  it("keeps the server's request id (X-Request-Id), which the error screen shows; a malformed one is dropped", async () => {
    const body = JSON.stringify({ code: "INTERNAL_ERROR", message: "Something went wrong, try again later" });
    const failed = await toApiError(
      httpError(500, body, "application/json", { "x-request-id": "0f3a9c2e-11aa-4b2c-9d00-00000000002a" }),
    );
    expect(failed.requestId).toBe("0f3a9c2e-11aa-4b2c-9d00-00000000002a");
    const odd = await toApiError(httpError(500, body, "application/json", { "x-request-id": "<script>" }));
    expect(odd.requestId).toBeNull();
    expect((await toApiError(new TypeError("Failed to fetch"))).requestId).toBeNull();
  });

  it("maps an answer without our error shape (captive portal HTML) to UNKNOWN_ERROR", async () => {
    const error = await toApiError(httpError(502, "<html>Bad gateway</html>", "text/html"));
    expect(error).toMatchObject({ code: UNKNOWN_ERROR, status: 502 });
  });

  it("maps no answer at all (offline, timeout) to NETWORK_ERROR", async () => {
    const offline = await toApiError(new TypeError("Failed to fetch"));
    expect(offline).toMatchObject({ code: NETWORK_ERROR, status: null });
    expect(offline.isNetworkError).toBe(true);
    const timeout = new Error("Request timed out");
    timeout.name = "TimeoutError";
    expect(await toApiError(timeout)).toMatchObject({ code: NETWORK_ERROR, status: null });
  });

  it("passes an ApiError through unchanged", async () => {
    const original = new ApiError("INVALID_PIN", "bad pin", 400);
    expect(await toApiError(original)).toBe(original);
  });
});
