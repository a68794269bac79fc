/**
 * Sliding-window limits stored in the database ("at most `max` events in any `windowMs`").
 * `consume` counts an attempt before the work it limits, inside one transaction that locks the
 * key, so concurrent requests cannot all slip under the limit. Work that turns out not to count
 * (a right PIN) gives its attempt back with `release`.
 */
import type { Kysely } from "kysely";
import {
  deleteRateLimitEvent,
  insertRateLimitEvent,
  listRateLimitEvents,
  lockRateLimitKey,
  pruneRateLimits,
} from "../db/repositories/rate-limits.repository";
import type { Database } from "../db/schema";
import { RATE_LIMIT_RETENTION_MS } from "./limits";

export interface RateLimit {
  max: number;
  windowMs: number;
}

export type ThrottleDecision = { allowed: true; eventId: number } | { allowed: false; retryAfterMs: number };

/**
 * How long until one more event fits under every limit, given the key's events (newest first);
 * 0 when it fits now. Pure, so the arithmetic is tested on its own.
 */
export function waitBeforeNextEvent(
  eventsNewestFirst: readonly Date[],
  limits: readonly RateLimit[],
  now: Date,
): number {
  let wait = 0;
  for (const { max, windowMs } of limits) {
    const inWindow = eventsNewestFirst.filter((at) => at.getTime() > now.getTime() - windowMs);
    const blocking = inWindow[max - 1];
    // The max-th newest event must leave the window before another one fits.
    if (blocking !== undefined) wait = Math.max(wait, blocking.getTime() + windowMs - now.getTime());
  }
  return wait;
}

export async function consume(
  db: Kysely<Database>,
  key: string,
  limits: readonly RateLimit[],
  now: Date,
): Promise<ThrottleDecision> {
  const longest = Math.max(...limits.map((limit) => limit.windowMs));
  if (longest > RATE_LIMIT_RETENTION_MS) throw new Error(`a limit of ${key} looks further back than the retention`);
  const nowIso = now.toISOString();
  const decision = await db.transaction().execute(async (trx): Promise<ThrottleDecision> => {
    await lockRateLimitKey(trx, key, nowIso);
    const since = new Date(now.getTime() - longest).toISOString();
    const events = (await listRateLimitEvents(trx, key, since)).map((at) => new Date(at));
    const retryAfterMs = waitBeforeNextEvent(events, limits, now);
    if (retryAfterMs > 0) return { allowed: false, retryAfterMs };
    return { allowed: true, eventId: await insertRateLimitEvent(trx, key, nowIso) };
  });
  // Outside the transaction: a sweep that waited on another request's key while holding this
  // one's lock could deadlock with it on PostgreSQL.
  await pruneRateLimits(db, new Date(now.getTime() - RATE_LIMIT_RETENTION_MS).toISOString());
  return decision;
}

/** Gives back an attempt that should not count. */
export async function release(db: Kysely<Database>, decision: ThrottleDecision): Promise<void> {
  if (decision.allowed) await deleteRateLimitEvent(db, decision.eventId);
}

/** Keys of the limits, named in one place so two features never share one by accident. */
export const throttleKeys = {
  codesSentTo: (target: string) => `send:${target}`,
  pinAtStore: (storeId: number) => `pin:store:${storeId}`,
  loginTokenAtStore: (storeId: number) => `login-token:store:${storeId}`,
  loginTokenOfAccount: (userId: number) => `login-token:account:${userId}`,
  visitorsFromAddress: (address: string) => `visitor:address:${address}`,
  visitorsOfStore: (storeId: number) => `visitor:store:${storeId}`,
  loginTokensIssuedBy: (userId: number) => `issue-login-token:${userId}`,
  identityChangesBy: (userId: number) => `identity-change:${userId}`,
  contactFromAddress: (address: string) => `contact:address:${address}`,
} as const;
