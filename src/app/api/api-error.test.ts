import { describe, expect, it } from "vitest";
import { ApiError, NETWORK_ERROR, toApiError, UNKNOWN_ERROR } from "./api-error";

function httpError(status: number, body: string, contentType = "application/json"): Error {
  const error = new Error(`Request failed with status code ${status}`);
  error.name = "HTTPError";
  Object.assign(error, { response: new Response(body, { status, headers: { "content-type": contentType } }) });
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
