/**
 * The one HTTP client of the app: ky with the API prefix, a timeout that suits a slow beach
 * connection, retries for idempotent reads only, and every failure turned into an ApiError.
 */
import ky from "ky";
import type { ErrorBodyDto } from "../../domain/api";
import type { FirstAnswer, FirstAnswers } from "../../domain/server-render";
import { ApiError, toApiError } from "./api-error";

const http = ky.create({
  prefixUrl: "/api",
  timeout: 15_000,
  // Reads are safe to repeat; writes are never retried here (orders get idempotency keys later).
  retry: { limit: 2, methods: ["get"], statusCodes: [408, 429, 502, 503, 504] },
  headers: { Accept: "application/json" },
});

export interface GetOptions {
  signal?: AbortSignal | undefined;
  /** Overrides the default 15 s, for reads whose answer is useless when late. */
  timeoutMs?: number;
  /** Overrides the default two retries (0: one attempt only). */
  retries?: number;
  /**
   * Ask the server, not a cached copy: `cache: "no-cache"`, which the service worker honours with
   * a network read that also refreshes its copy (sw/cache-rules.ts wantsFreshRead).
   */
  fresh?: boolean;
}

/**
 * Answers the server already gave inside a server-rendered page (`ssr/server-render.ts`), by API
 * path. Each is taken once: the render that shows them reads them without a request, and any
 * later read of the same path asks the network as usual.
 */
const firstAnswers = new Map<string, FirstAnswer>();

export function provideFirstAnswers(answers: FirstAnswers): void {
  firstAnswers.clear();
  for (const [path, answer] of Object.entries(answers)) firstAnswers.set(path, answer);
}

export async function getJson<T>(path: string, options: GetOptions = {}): Promise<T> {
  const answer = options.fresh ? undefined : firstAnswers.get(path);
  if (answer !== undefined) {
    firstAnswers.delete(path);
    if (answer.status < 300) return answer.body as T;
    const { code, message } = answer.body as ErrorBodyDto;
    throw new ApiError(code, message, answer.status);
  }
  try {
    return await http
      .get(path, {
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs }),
        ...(options.retries === undefined ? {} : { retry: options.retries }),
        ...(options.fresh ? { cache: "no-cache" as const } : {}),
      })
      .json<T>();
  } catch (error) {
    throw await toApiError(error);
  }
}

export async function postJson(path: string, body: unknown): Promise<void> {
  try {
    await http.post(path, { json: body, retry: 0 });
  } catch (error) {
    throw await toApiError(error);
  }
}
