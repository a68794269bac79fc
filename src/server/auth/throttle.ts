/**
 * Sliding-window limits stored in the database ("at most `max` events in any `windowMs`").
 * `consume` counts an attempt before the work it limits, inside one transaction that locks the
 * key, so concurrent requests cannot all slip under the limit. Work that turns out not to count
 * (a right PIN) gives its attempt back with `release`.
 */
import type { Kysely } from "kysely";
import {
  countRateLimitEvents,
  countThenInsertRateLimitEvent,
  deleteRateLimitEvent,
  insertRateLimitEvent,
  listRateLimitEvents,
  lockRateLimitKey,
  nthNewestRateLimitEvent,
  pruneRateLimits,
} from "../db/repositories/rate-limits.repository";
import type { Database } from "../db/schema";
import { RATE_LIMIT_RETENTION_MS } from "./limits";
import type { EscalatingDelay, RateLimit } from "./rate-limit-rules";

export type { EscalatingDelay, RateLimit } from "./rate-limit-rules";

export type ThrottleDecision =
  | { allowed: true; eventId: number; count: number }
  | { allowed: false; retryAfterMs: number };

/** The gap an escalating delay asks for before the next event; 0 when it fits now. Pure. */
export function escalatingWait(eventsNewestFirst: readonly Date[], rule: EscalatingDelay, now: Date): number {
  const inWindow = eventsNewestFirst.filter((at) => at.getTime() > now.getTime() - rule.windowMs);
  const newest = inWindow[0];
  const beyondFree = inWindow.length - rule.freeEvents;
  if (newest === undefined || beyondFree < 0) return 0;
  const gap = Math.min(rule.firstDelayMs * 2 ** Math.min(beyondFree, 30), rule.maxDelayMs);
  return Math.max(0, newest.getTime() + gap - now.getTime());
}

/**
 * How long until one more event fits under every limit, given the key's events (newest first);
 * 0 when it fits now. Pure, so the arithmetic is tested on its own; `consume` applies the same
 * rule with the events counted in the database.
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
  const decision = await db.transaction().execute((trx) => consumeInTransaction(trx, key, limits, now));
  await pruneNowAndThen(db, now);
  return decision;
}

/**
 * `consume` inside the caller's transaction, so the count commits (or rolls back) with the work
 * it guards: a guest's order placement counts with its key's claim (orders/idempotency.ts), one
 * commit instead of two. The caller prunes with `pruneNowAndThen` after its commit.
 */
export async function consumeInTransaction(
  trx: Kysely<Database>,
  key: string,
  limits: readonly RateLimit[],
  now: Date,
  /** The caller's transaction holds the key's lock already (taken with an idempotency claim). */
  keyLocked = false,
): Promise<ThrottleDecision> {
  const longest = Math.max(...limits.map((limit) => limit.windowMs));
  if (longest > RATE_LIMIT_RETENTION_MS) throw new Error(`a limit of ${key} looks further back than the retention`);
  const nowIso = now.toISOString();
  const sinceOf = (windowMs: number) => new Date(now.getTime() - windowMs).toISOString();
  if (!keyLocked) await lockRateLimitKey(trx, key, nowIso);
  // waitBeforeNextEvent's rule, with the events counted by the database, so that a guest's day
  // of orders, or an hour of every code sent, is not read into memory on each request. PostgreSQL
  // counts and adds the event in one round trip when every window has room.
  const windows = limits.map((limit) => ({ since: sinceOf(limit.windowMs), max: limit.max }));
  const counted = await countThenInsertRateLimitEvent(trx, key, nowIso, windows);
  if (counted?.eventId != null) {
    return { allowed: true, eventId: counted.eventId, count: Math.max(0, ...counted.counts) + 1 };
  }
  const counts =
    counted?.counts ??
    (await countRateLimitEvents(
      trx,
      key,
      windows.map((window) => window.since),
    ));
  let retryAfterMs = 0;
  for (const [index, { max, windowMs }] of limits.entries()) {
    if (max < 1 || (counts[index] ?? 0) < max) continue;
    // The max-th newest event must leave the window before another one fits.
    const blocking = await nthNewestRateLimitEvent(trx, key, sinceOf(windowMs), max);
    if (blocking !== undefined) {
      retryAfterMs = Math.max(retryAfterMs, Date.parse(blocking) + windowMs - now.getTime());
    }
  }
  if (retryAfterMs > 0) return { allowed: false, retryAfterMs };
  return {
    allowed: true,
    eventId: await insertRateLimitEvent(trx, key, nowIso),
    count: Math.max(0, ...counts) + 1,
  };
}

/**
 * Like `consume`, with any rule of how long to wait given the key's events in the last
 * `lookbackMs` (newest first): the escalating delay of a store's PIN pad uses it. The decision
 * says how many events the key had in that time, this one included.
 */
export async function consumeWith(
  db: Kysely<Database>,
  key: string,
  lookbackMs: number,
  waitMs: (eventsNewestFirst: readonly Date[]) => number,
  now: Date,
): Promise<ThrottleDecision> {
  if (lookbackMs > RATE_LIMIT_RETENTION_MS) throw new Error(`a limit of ${key} looks further back than the retention`);
  const nowIso = now.toISOString();
  const decision = await db.transaction().execute(async (trx): Promise<ThrottleDecision> => {
    await lockRateLimitKey(trx, key, nowIso);
    const since = new Date(now.getTime() - lookbackMs).toISOString();
    const events = (await listRateLimitEvents(trx, key, since)).map((at) => new Date(at));
    const retryAfterMs = waitMs(events);
    if (retryAfterMs > 0) return { allowed: false, retryAfterMs };
    return { allowed: true, eventId: await insertRateLimitEvent(trx, key, nowIso), count: events.length + 1 };
  });
  // Outside the transaction: a sweep that waited on another request's key while holding this
  // one's lock could deadlock with it on PostgreSQL. Now and then, not on every request: the rows
  // it deletes are past every look-back, so when they go changes no decision, and two deletes
  // (two commits) per limited request would be a fifth of a placement's statements.
  await pruneNowAndThen(db, now);
  return decision;
}

const PRUNE_INTERVAL_MS = 60 * 1000;
let lastPruneAt = Number.NEGATIVE_INFINITY;

/** Deletes the limits' rows no look-back reaches any more, at most once a minute. */
export async function pruneNowAndThen(db: Kysely<Database>, now: Date): Promise<void> {
  // Either way round: a test clock may jump back.
  if (Math.abs(now.getTime() - lastPruneAt) < PRUNE_INTERVAL_MS) return;
  lastPruneAt = now.getTime();
  await pruneRateLimits(db, new Date(now.getTime() - RATE_LIMIT_RETENTION_MS).toISOString());
}

/** Gives back an attempt that should not count. */
export async function release(db: Kysely<Database>, decision: ThrottleDecision): Promise<void> {
  if (decision.allowed) await deleteRateLimitEvent(db, decision.eventId);
}

/** Keys of the limits, named in one place so two features never share one by accident. */
export const throttleKeys = {
  /** By ./code-send-guard.ts recipientKey, an HMAC: the table keeps no phone or e-mail. */
  codesSentTo: (recipientKey: string) => `send:${recipientKey}`,
  newNumbersFromAddress: (address: string) => `send:new-numbers:${address}`,
  numberFromAddress: (address: string, recipientKey: string) => `send:number-from:${address}:${recipientKey}`,
  codeSendsOfStore: (storeId: number) => `send:store:${storeId}`,
  codeSendsOfSystem: () => "send:system",
  pinAtStore: (storeId: number) => `pin:store:${storeId}`,
  pinFromDevice: (deviceId: number) => `pin:device:${deviceId}`,
  /** PIN requests without an enrolled device, all together per store. */
  pinWithoutDevice: (storeId: number) => `pin:no-device:${storeId}`,
  enrolmentsFromAddress: (address: string) => `enrol:address:${address}`,
  enrolmentsAtStore: (storeId: number) => `enrol:store:${storeId}`,
  /** Enrolments made with a staff session, outside the anonymous limits. */
  enrolmentsByAccount: (userId: number) => `enrol:account:${userId}`,
  passwordSignInsTo: (email: string) => `password:email:${email}`,
  passwordSignInsFromAddress: (address: string) => `password:address:${address}`,
  loginTokenAtStore: (storeId: number) => `login-token:store:${storeId}`,
  loginTokenOfAccount: (userId: number) => `login-token:account:${userId}`,
  visitorsFromAddress: (address: string) => `visitor:address:${address}`,
  visitorsOfStore: (storeId: number) => `visitor:store:${storeId}`,
  loginTokensIssuedBy: (userId: number) => `issue-login-token:${userId}`,
  identityChangesBy: (userId: number) => `identity-change:${userId}`,
  contactFromAddress: (address: string) => `contact:address:${address}`,
  cardTokenizingFromAddress: (address: string) => `tokenize:address:${address}`,
  cardTokenizingOfSystem: () => "tokenize:system",
  ordersOfGuest: (userId: number) => `orders:account:${userId}`,
  refreshesOfSession: (sessionId: number) => `refresh:session:${sessionId}`,
  receiptEmailsOfPayment: (paymentId: number) => `receipt-email:payment:${paymentId}`,
} as const;
