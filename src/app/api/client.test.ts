/**
 * The guest's read client (client.ts) without ky (issue 13 item 2: the first load carries no HTTP
 * library): the same behaviour as ky's — reads retried on a dropped connection and on 408/429/502/
 * 503/504, never on a refusal, a time-out or the caller's abort; writes never retried; every
 * failure an ApiError with the server's code. fetch is the edge, so it is the one thing stubbed.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, NETWORK_ERROR } from "./api-error";
import { getJson, postJson } from "./client";

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

function stubFetch(...answers: Array<Response | Error>) {
  const fetch = vi.fn(async (_request: Request) => {
    const answer = answers.shift();
    if (answer === undefined) throw new Error("no more answers");
    if (answer instanceof Error) throw answer;
    return answer;
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("getJson: the guest's reads", () => {
  it("asks /api/<path> for JSON and answers the parsed body", async () => {
    const fetch = stubFetch(json(200, { id: 7201 }));
    expect(await getJson("tables/7201")).toEqual({ id: 7201 });
    const [request] = fetch.mock.calls[0] ?? [];
    expect(new URL(request?.url ?? "").pathname).toBe("/api/tables/7201");
    expect(request?.method).toBe("GET");
    expect(request?.headers.get("Accept")).toBe("application/json");
  });

  it("asks again after a dropped connection and a 503, then answers", async () => {
    const fetch = stubFetch(new TypeError("Failed to fetch"), json(503, {}), json(200, { ok: true }));
    expect(await getJson("tables/1")).toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("gives up after two retries with NETWORK_ERROR when no answer comes", async () => {
    const fetch = stubFetch(new TypeError("a"), new TypeError("b"), new TypeError("c"), json(200, {}));
    const error = await failure(getJson("tables/1"));
    expect(error.code).toBe(NETWORK_ERROR);
    expect(error.isNetworkError).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("never asks again after a refusal: the server's code and status reach the screen", async () => {
    const fetch = stubFetch(json(404, { code: "TABLE_NOT_FOUND", message: "No such table" }), json(200, {}));
    const error = await failure(getJson("tables/9"));
    expect(error.code).toBe("TABLE_NOT_FOUND");
    expect(error.status).toBe(404);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("with retries: 0 asks once", async () => {
    const fetch = stubFetch(json(503, {}), json(200, {}));
    const error = await failure(getJson("utils/date", { retries: 0 }));
    expect(error.status).toBe(503);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("a late answer is a NETWORK_ERROR after timeoutMs, not retried", async () => {
    const fetch = vi.fn(
      (request: Request) =>
        new Promise<Response>((_resolve, reject) => {
          request.signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    vi.stubGlobal("fetch", fetch);
    const error = await failure(getJson("utils/date", { timeoutMs: 20 }));
    expect(error.code).toBe(NETWORK_ERROR);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("the caller's abort stops it at once, without a retry", async () => {
    const controller = new AbortController();
    const fetch = vi.fn(
      (request: Request) =>
        new Promise<Response>((_resolve, reject) => {
          request.signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
          controller.abort();
        }),
    );
    vi.stubGlobal("fetch", fetch);
    await failure(getJson("tables/1", { signal: controller.signal }));
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe("postJson: a write is sent once", () => {
  it("sends the JSON body and is never retried, even on a 503", async () => {
    const fetch = stubFetch(json(503, { code: "UNAVAILABLE", message: "later" }), json(200, {}));
    const error = await failure(postJson("info/contact", { text: "hi" }));
    expect(error.code).toBe("UNAVAILABLE");
    expect(fetch).toHaveBeenCalledTimes(1);
    const [request] = fetch.mock.calls[0] ?? [];
    expect(new URL(request?.url ?? "").pathname).toBe("/api/info/contact");
    expect(request?.method).toBe("POST");
    expect(await request?.text()).toBe(JSON.stringify({ text: "hi" }));
    expect(request?.headers.get("Content-Type")).toBe("application/json");
  });
});
