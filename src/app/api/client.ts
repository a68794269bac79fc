/**
 * The HTTP client of the guest's reads (and the contact form): fetch with the API prefix, a
 * timeout that suits a slow beach connection, retries for idempotent reads only, and every
 * failure turned into an ApiError.
 *
 * Plain fetch, not ky: these calls load the menu, so this module is part of the first load, and
 * ky (about 4 KB gzip) would be JavaScript the menu's first render waits for (issue 13 item 2,
 * "JS before first render <= floor + 20 KB"). The accounts and order calls, which come later,
 * keep ky (accounts-client.ts, orders.ts). The retry rules are ky's: the same statuses, the same
 * backoff, Retry-After honoured, no retry after a time-out or the caller's abort.
 */
import { toApiError } from "./api-error";

const PREFIX = "/api/";
const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_RETRIES = 2;
/** Answers worth asking again (ky's defaults): the request may well succeed a moment later. */
const RETRY_STATUSES = new Set([408, 429, 502, 503, 504]);
/** Answers whose Retry-After says how long to wait (ky's afterStatusCodes). */
const RETRY_AFTER_STATUSES = new Set([413, 429, 503]);
/** ky's backoff: 0.3 s, 0.6 s, 1.2 s ... */
const retryDelayMs = (retry: number) => 0.3 * 2 ** (retry - 1) * 1000;

/** A non-2xx answer, shaped as ky's HTTPError so toApiError reads the server's { code, message }. */
class HttpError extends Error {
  override readonly name = "HTTPError";
  constructor(readonly response: Response) {
    super(`HTTP ${response.status}`);
  }
}

class TimeoutError extends Error {
  override readonly name = "TimeoutError";
}

export interface GetOptions {
  signal?: AbortSignal | undefined;
  /** Overrides the default 15 s, for reads whose answer is useless when late. */
  timeoutMs?: number;
  /** Overrides the default two retries (0: one attempt only). */
  retries?: number;
}

/** One request with its own time-out; the caller's signal aborts it too. Non-2xx throws HttpError. */
async function send(path: string, init: RequestInit, timeoutMs: number, signal?: AbortSignal): Promise<Response> {
  signal?.throwIfAborted();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const abort = () => controller.abort(signal?.reason);
  signal?.addEventListener("abort", abort, { once: true });
  try {
    // A Request with an absolute URL, as ky sent it: the same in the browser and in Node (tests).
    const request = new Request(new URL(PREFIX + path, globalThis.location.href), {
      ...init,
      headers: { Accept: "application/json", ...init.headers },
      signal: controller.signal,
    });
    const response = await fetch(request);
    if (!response.ok) throw new HttpError(response);
    return response;
  } catch (error) {
    if (timedOut) throw new TimeoutError(`Request timed out: ${path}`);
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", abort);
  }
}

/** How long to wait before asking again, or null when this failure is final. */
function retryDelay(error: unknown, retry: number, signal?: AbortSignal): number | null {
  if (signal?.aborted || error instanceof TimeoutError) return null;
  if (error instanceof HttpError) {
    const { status, headers } = error.response;
    if (!RETRY_STATUSES.has(status)) return null;
    const after = headers.get("Retry-After");
    if (after !== null && RETRY_AFTER_STATUSES.has(status)) {
      const seconds = Number(after);
      return Math.max(0, Number.isNaN(seconds) ? Date.parse(after) - Date.now() : seconds * 1000) || 0;
    }
    return retryDelayMs(retry);
  }
  // fetch's TypeError: no answer (the connection dropped); asking again is safe for a read.
  return error instanceof TypeError ? retryDelayMs(retry) : null;
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

export async function getJson<T>(path: string, options: GetOptions = {}): Promise<T> {
  const { signal, timeoutMs = DEFAULT_TIMEOUT_MS, retries = DEFAULT_RETRIES } = options;
  try {
    for (let retry = 1; ; retry += 1) {
      try {
        const response = await send(path, { method: "GET" }, timeoutMs, signal);
        return (await response.json()) as T;
      } catch (error) {
        const delay = retry <= retries ? retryDelay(error, retry, signal) : null;
        if (delay === null) throw error;
        await wait(delay, signal);
      }
    }
  } catch (error) {
    throw await toApiError(error);
  }
}

export async function postJson(path: string, body: unknown): Promise<void> {
  try {
    await send(
      path,
      { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } },
      DEFAULT_TIMEOUT_MS,
    );
  } catch (error) {
    throw await toApiError(error);
  }
}
