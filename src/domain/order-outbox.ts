/**
 * The rules of the order outbox (design.md "Orders: exactly once on patchy Wi-Fi"): what the app
 * does with each answer to POST /api/orders, and when it tries again. The app keeps the pending
 * send with its idempotency key until a DEFINITE answer; everything else is retried with the SAME
 * key, so the server's stored answer makes a repeat harmless.
 *
 * Readings:
 * - Definite: an order (2xx), or a refusal of the request itself (4xx other than the ones below).
 *   A refusal created nothing, so the row goes and the guest sees why; the cart stays.
 * - Not definite: no answer (offline, timeout, a proxy that cut the connection after the server
 *   committed), 408, 429, every 5xx, and 409 REQUEST_IN_PROGRESS (the first copy is still being
 *   processed; asking again later returns its answer).
 * - 401 INVALID_AUTH_TOKEN: the session expired, the order did not; refresh the tokens and retry.
 *   The server keys answers per (user, key), and a refresh keeps the user, so the key stays valid.
 * - No session at all: the order waits, on hold, for the guest to sign in.
 * - Backoff: 2 s doubling to 60 s, with up to 20 % random spread so phones that lost the same
 *   Wi-Fi do not come back in step. After 24 h the outbox gives up and tells the guest: the store
 *   would not want a breakfast order at dinner time, and the server keeps keys longer than that.
 */
import type { OrderDto } from "./orders-api";

export const FIRST_RETRY_MS = 2_000;
export const MAX_RETRY_MS = 60_000;
export const RETRY_SPREAD = 0.2;
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;

export const INVALID_AUTH_TOKEN_CODE = "INVALID_AUTH_TOKEN";
export const REQUEST_IN_PROGRESS_CODE = "REQUEST_IN_PROGRESS";

/** One attempt's result as the outbox sees it. */
export type SendAnswer =
  | { kind: "order"; order: Pick<OrderDto, "id" | "storeId" | "status" | "dailyNumber"> }
  /** An HTTP error answer with the server's code. */
  | { kind: "error"; status: number; code: string }
  /** No answer at all (offline, timeout, connection cut). */
  | { kind: "no-answer" }
  /** There is no session to send with. */
  | { kind: "no-session" };

export type OutboxAction =
  | { action: "done"; orderId: number }
  | { action: "drop"; code: string }
  | { action: "retry" }
  | { action: "refresh-session" }
  | { action: "hold" };

/** HTTP statuses that say "not now" rather than "no". */
const TRANSIENT_STATUSES = new Set([408, 425, 429]);

export function decideAfterAnswer(answer: SendAnswer): OutboxAction {
  switch (answer.kind) {
    case "order":
      return { action: "done", orderId: answer.order.id };
    case "no-answer":
      return { action: "retry" };
    case "no-session":
      return { action: "hold" };
    case "error":
      return decideAfterError(answer.status, answer.code);
  }
}

/** An HTTP error's reading: retry, refresh the session, or a definite "no" (also for staff actions). */
export function decideAfterError(status: number, code: string): OutboxAction {
  if (status >= 500 || TRANSIENT_STATUSES.has(status)) return { action: "retry" };
  if (code === REQUEST_IN_PROGRESS_CODE) return { action: "retry" };
  if (code === INVALID_AUTH_TOKEN_CODE) return { action: "refresh-session" };
  // Any other answer below 500 is the server's considered "no" to this request.
  if (status >= 400) return { action: "drop", code };
  // A 1xx/3xx reaching the app is a proxy's doing: not an answer from us.
  return { action: "retry" };
}

/** What a session refresh (src/app/session/token-refresh.ts) leads to. */
export type RefreshOutcome = "refreshed" | "signed-out" | "kept" | "no-session";

export function decideAfterRefresh(outcome: RefreshOutcome): OutboxAction {
  switch (outcome) {
    case "refreshed":
      return { action: "retry" };
    case "kept":
      // The refresh got no answer either: the network is down; try again later.
      return { action: "retry" };
    case "signed-out":
    case "no-session":
      return { action: "hold" };
  }
}

/**
 * The wait before retry number `attempt` (1 = the first retry): 2 s, 4 s, 8 s ... capped at 60 s.
 * `random` in [0, 1) spreads it by up to RETRY_SPREAD either way; 0.5 gives the exact value.
 */
export function retryDelayMs(attempt: number, random = 0.5): number {
  const exponent = Math.max(0, Math.min(attempt - 1, 10));
  const base = Math.min(FIRST_RETRY_MS * 2 ** exponent, MAX_RETRY_MS);
  const spread = 1 + RETRY_SPREAD * (2 * random - 1);
  return Math.round(base * spread);
}

/** Whether a send first queued at `createdAt` has waited too long to be worth sending. */
export function hasExpired(createdAtIso: string, nowMs: number): boolean {
  const created = Date.parse(createdAtIso);
  return Number.isNaN(created) || nowMs - created >= GIVE_UP_AFTER_MS;
}
