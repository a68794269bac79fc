/**
 * Limits of calls that write a row per request: the sandbox card form, a guest's
 * order placements and session refreshes. Each counts before the work, in the database (so it
 * holds across API processes), and refuses with 429 RATE_LIMITED and Retry-After. The audit of
 * every writing call, and why the others need nothing more, is in ./README.md ("Calls that write").
 */
import type { Kysely } from "kysely";
import type { GuestOrderLimits } from "../config";
import type { Database } from "../db/schema";
import { tooManyRequests } from "../http/api-error";
import {
  CARD_TOKENIZE_LIMITS_OF_SYSTEM,
  CARD_TOKENIZE_LIMITS_PER_ADDRESS,
  guestOrderRateLimits,
  SESSION_REFRESH_LIMITS,
} from "./limits";
import {
  consume,
  consumeInTransaction,
  type RateLimit,
  release,
  type ThrottleDecision,
  throttleKeys,
} from "./throttle";

async function consumeOrRefuse(
  db: Kysely<Database>,
  key: string,
  limits: readonly RateLimit[],
  now: Date,
  message: string,
): Promise<ThrottleDecision & { allowed: true }> {
  const decision = await consume(db, key, limits, now);
  if (!decision.allowed) throw tooManyRequests("RATE_LIMITED", message, decision.retryAfterMs);
  return decision;
}

/** POST payments/sandbox/cards: per client address, and for everyone together. */
export async function countCardTokenizing(db: Kysely<Database>, clientAddress: string, now: Date): Promise<void> {
  const message = "Too many cards were checked; try again later";
  const fromAddress = await consumeOrRefuse(
    db,
    throttleKeys.cardTokenizingFromAddress(clientAddress),
    CARD_TOKENIZE_LIMITS_PER_ADDRESS,
    now,
    message,
  );
  try {
    await consumeOrRefuse(db, throttleKeys.cardTokenizingOfSystem(), CARD_TOKENIZE_LIMITS_OF_SYSTEM, now, message);
  } catch (error) {
    await release(db, fromAddress);
    throw error;
  }
}

/** POST orders by a guest or visitor (staff orders from PDAs are not limited). */
export async function countGuestOrder(
  trx: Kysely<Database>,
  limits: GuestOrderLimits,
  userId: number,
  now: Date,
  /** The key's lock was taken with the claim (orders/idempotency.ts, PostgreSQL). */
  keyLocked = false,
): Promise<void> {
  // In the placement's own transaction, with its key's claim (orders/idempotency.ts): one commit
  // per order, not two. The 429 rolls the claim back; it is never the key's answer.
  const decision = await consumeInTransaction(
    trx,
    throttleKeys.ordersOfGuest(userId),
    guestOrderRateLimits(limits),
    now,
    keyLocked,
  );
  if (!decision.allowed) {
    throw tooManyRequests("RATE_LIMITED", "Too many orders in a short time; try again later", decision.retryAfterMs);
  }
}

/** GET authenticate/.../refresh: per session. */
export async function countSessionRefresh(db: Kysely<Database>, sessionId: number, now: Date): Promise<void> {
  await consumeOrRefuse(
    db,
    throttleKeys.refreshesOfSession(sessionId),
    SESSION_REFRESH_LIMITS,
    now,
    "Too many refreshes of this session; try again later",
  );
}
