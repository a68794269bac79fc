/**
 * Exactly once per (user, key) (design.md "Orders: exactly once on patchy Wi-Fi"): the guest's order
 * placement, and every money write a waiter makes on a table opening (openings/staff-writes.ts).
 * - The key is claimed by an IN_FLIGHT row carrying the body's hash, and the answer is stored on
 *   that row in the same transaction as the order (one commit, one fsync): an order never exists
 *   without its stored answer, so a client whose connection dropped after the commit gets that
 *   answer when it retries.
 *   - In the common case the claim is made inside the placement transaction itself. A concurrent
 *     duplicate then waits on the row: on PostgreSQL its insert blocks on the primary key until the
 *     first commits; on SQLite transactions are serialized anyway.
 *   - A card order claims in a commit of its own first (`claimFirst`), because the card is
 *     authorized before the transaction and a duplicate must not authorize it again.
 * - A definite refusal (4xx) is stored as the answer too, after the work's transaction rolled back.
 * - Anything else (5xx, a bug, a lost database) leaves no claim (the transaction rolled back; a
 *   separate claim is given back), so a retry starts afresh; a process that died holding a
 *   separate claim leaves it IN_FLIGHT, and a retry takes it over as soon as that process is known
 *   to be gone (the claim names it: claim-owners.ts), or else once it is older than STALE_CLAIM_MS.
 * - A limit on the requests (a guest's orders) is counted with the key's claim,
 *   in the claim's transaction (`count`): a replay of a stored answer is not counted again, and a
 *   refusal stored after the work rolled back is counted with it. Its 429 is never stored: the
 *   claim rolls back with the count, and a retry after the wait is a new attempt (one
 *   commit per order instead of a count of its own before it).
 * - The same key with another body → 422 IDEMPOTENCY_KEY_REUSED (never stored).
 * - The same key while a separate claim is in flight → the duplicate polls for up to
 *   WAIT_FOR_FIRST_MS and returns the first's answer, or 409 REQUEST_IN_PROGRESS.
 * - Keys are kept KEY_TTL_MS (7 days; the app's outbox stops retrying after 24 h); expired rows are
 *   purged now and then by the requests themselves.
 * Answers are kept as the exact bytes sent, so a replay is byte-identical.
 */
import { type CompiledQuery, type Kysely, PostgresAdapter } from "kysely";
import type { ErrorBodyDto } from "../../domain/api";
import {
  type Claim,
  type ClaimRow,
  claimInsertQuery,
  findRequest,
  finishClaim,
  insertClaim,
  purgeExpiredRequests,
  releaseClaim,
  takeOverClaim,
} from "../db/repositories/order-requests.repository";
import { claimThenLockRateLimitKey } from "../db/repositories/rate-limits.repository";
import type { Database } from "../db/schema";
import type { OrderRequestRow } from "../db/tables/orders.tables";
import { ApiError } from "../http/api-error";
import type { ClaimOwners } from "./claim-owners";

export const KEY_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const STALE_CLAIM_MS = 60 * 1000;
export const WAIT_FOR_FIRST_MS = 5000;
const POLL_INTERVAL_MS = 25;
const PURGE_INTERVAL_MS = 60 * 1000;

export interface StoredAnswer {
  status: number;
  /** The JSON text sent, byte for byte. */
  body: string;
  /** false: this request did the work; true: the answer of an earlier request with the key. */
  replayed: boolean;
}

export interface IdempotencyContext {
  db: Kysely<Database>;
  now: () => Date;
  claimOwners: ClaimOwners;
}

export interface KeyedRequest {
  userId: number;
  key: string;
  hash: string;
}

/** What the work hands back (it has stored the same answer with `key.finish`). */
export interface WorkResult {
  status: number;
  body: string;
}

/** What the work does with the key inside its transaction. */
export interface TransactionKey {
  /** Call first in the transaction: null when this request owns the key, else the answer to give instead. */
  claim(trx: Kysely<Database>): Promise<StoredAnswer | null>;
  /**
   * Call last in the transaction: stores the answer with the key, after `alongWith` (the work's
   * last writes, sent in the same round trip on PostgreSQL).
   */
  finish(
    trx: Kysely<Database>,
    answer: { status: number; body: string; orderId: number | null },
    alongWith?: readonly CompiledQuery[],
  ): Promise<void>;
}

/** Thrown inside the work's transaction to leave it: wait for the key's first request, then look again. */
class KeyBusy extends Error {}

/** Thrown inside the work's transaction: a stale claim of ours was taken over meanwhile. */
class ClaimLost extends Error {}

let lastPurgeAt = 0;

export interface RunOptions {
  /** Claim the key in a commit of its own before the work (a card is authorized before its transaction). */
  claimFirst: boolean;
  /** Counts the attempt against a limit, in the transaction of a new claim; throws (a 429) past it. */
  count?: Count;
}

/**
 * A count against a rate limit (auth/throttle.ts): on PostgreSQL its key's lock is taken by the
 * claim's own statement (one round trip fewer), and `run` is told so.
 */
export interface Count {
  rateLimitKey: string;
  run: (trx: Kysely<Database>, keyLocked: boolean) => Promise<void>;
}

export async function runOnce(
  ctx: IdempotencyContext,
  request: KeyedRequest,
  options: RunOptions,
  work: (key: TransactionKey) => Promise<WorkResult | StoredAnswer>,
): Promise<StoredAnswer> {
  await purgeNowAndThen(ctx);
  const count = options.count ?? null;
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const attempt = options.claimFirst
      ? await runWithSeparateClaim(ctx, request, count, work)
      : await runWithClaimInTransaction(ctx, request, count, work);
    if (attempt !== "busy") return attempt;
    if (Date.now() >= deadline) throw requestInProgress();
    await sleep(POLL_INTERVAL_MS);
  }
}

/** This request's claim of its key, made now: the claim and the row that records it. */
function newClaim(ctx: IdempotencyContext, request: KeyedRequest) {
  const now = ctx.now();
  const claim: Claim = { userId: request.userId, key: request.key, claimedAt: now.toISOString() };
  const expiresAt = new Date(now.getTime() + KEY_TTL_MS).toISOString();
  const claimRow: ClaimRow = { ...claim, requestHash: request.hash, expiresAt, claimedBy: ctx.claimOwners.self };
  return { now, claim, claimRow };
}

/** An IN_FLIGHT claim another request may take over: its process is gone, or it is stale. */
async function isAbandoned(ctx: IdempotencyContext, row: OrderRequestRow, now: Date): Promise<boolean> {
  if (Date.parse(row.created_at) <= now.getTime() - STALE_CLAIM_MS) return true;
  return row.claimed_by !== null && (await ctx.claimOwners.isGone(row.claimed_by));
}

/** Claims the key and counts the attempt in one transaction; false when the key already has a row. */
async function claimCounted(trx: Kysely<Database>, claimRow: ClaimRow, count: Count | null): Promise<boolean> {
  if (count === null) return insertClaim(trx, claimRow);
  const keyLocked = trx.getExecutor().adapter instanceof PostgresAdapter;
  const claimed = keyLocked
    ? await claimThenLockRateLimitKey(trx, claimInsertQuery(trx, claimRow), count.rateLimitKey, claimRow.claimedAt)
    : await insertClaim(trx, claimRow);
  if (!claimed) return false;
  await count.run(trx, keyLocked);
  return true;
}

async function runWithClaimInTransaction(
  ctx: IdempotencyContext,
  request: KeyedRequest,
  count: Count | null,
  work: (key: TransactionKey) => Promise<WorkResult | StoredAnswer>,
): Promise<StoredAnswer | "busy"> {
  const { claim, claimRow } = newClaim(ctx, request);
  const key: TransactionKey = {
    async claim(trx) {
      if (await claimCounted(trx, claimRow, count)) return null;
      const row = await findRequest(trx, request);
      const answer = row === undefined ? null : storedAnswerOf(row, request);
      if (answer === null) throw new KeyBusy();
      return answer;
    },
    async finish(trx, answer, alongWith) {
      if (!(await finishClaim(trx, claim, answer, alongWith))) throw new ClaimLost();
    },
  };
  try {
    return asAnswer(await work(key));
  } catch (error) {
    if (error instanceof KeyBusy) return (await trySeparateTakeOver(ctx, request)) ?? "busy";
    if (error instanceof ClaimLost) throw requestInProgress();
    if (!isRefusal(error)) throw error; // rolled back: no claim is left behind
    // The transaction and its claim rolled back; the refusal becomes the key's answer now, unless
    // a duplicate that ran meanwhile already stored one.
    const answer = refusalAnswer(error);
    const stored = await ctx.db.transaction().execute(async (trx) => {
      if (!(await claimCounted(trx, claimRow, count))) return false;
      await finishClaim(trx, claim, { ...answer, orderId: null });
      return true;
    });
    if (stored) return { ...answer, replayed: false };
    const row = await findRequest(ctx.db, request);
    const earlier = row === undefined ? null : storedAnswerOf(row, request);
    if (earlier !== null) return earlier;
    throw error;
  }
}

/** A separate IN_FLIGHT claim found in the transaction: take it over if its owner died, else wait. */
async function trySeparateTakeOver(ctx: IdempotencyContext, request: KeyedRequest): Promise<null> {
  const row = await findRequest(ctx.db, request);
  if (row === undefined || row.state !== "IN_FLIGHT") return null;
  if (!(await isAbandoned(ctx, row, ctx.now()))) return null;
  // Give the dead claim back; the next attempt claims the key afresh.
  await releaseClaim(ctx.db, { userId: request.userId, key: request.key, claimedAt: row.created_at });
  return null;
}

async function runWithSeparateClaim(
  ctx: IdempotencyContext,
  request: KeyedRequest,
  count: Count | null,
  work: (key: TransactionKey) => Promise<WorkResult | StoredAnswer>,
): Promise<StoredAnswer | "busy"> {
  const { now, claim, claimRow } = newClaim(ctx, request);
  const claimed =
    count === null
      ? await insertClaim(ctx.db, claimRow)
      : await ctx.db.transaction().execute((trx) => claimCounted(trx, claimRow, count));
  if (!claimed) {
    const row = await findRequest(ctx.db, request);
    if (row === undefined) return "busy"; // given back just now: claim again
    const answer = storedAnswerOf(row, request);
    if (answer !== null) return answer;
    if (!(await isAbandoned(ctx, row, now)) || !(await takeOverClaim(ctx.db, claimRow, row.created_at))) return "busy";
  }
  const key: TransactionKey = {
    claim: async () => null,
    async finish(trx, answer, alongWith) {
      if (!(await finishClaim(trx, claim, answer, alongWith))) throw new ClaimLost();
    },
  };
  try {
    return asAnswer(await work(key));
  } catch (error) {
    if (error instanceof ClaimLost) throw requestInProgress();
    if (isRefusal(error)) {
      const answer = refusalAnswer(error);
      if (await finishClaim(ctx.db, claim, { ...answer, orderId: null })) return { ...answer, replayed: false };
      throw error;
    }
    await releaseClaim(ctx.db, claim).catch(() => {
      // The database is gone too; a retry takes the claim over once it is stale (this process lives on).
    });
    throw error;
  }
}

/** The stored answer of a row (422 when the key was used for another body); null while in flight. */
function storedAnswerOf(row: OrderRequestRow, request: KeyedRequest): StoredAnswer | null {
  if (row.request_hash !== request.hash) {
    throw new ApiError(422, "IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was used for another request");
  }
  if (row.state !== "DONE" || row.response_status === null || row.response_body === null) return null;
  return { status: row.response_status, body: row.response_body, replayed: true };
}

function asAnswer(result: WorkResult | StoredAnswer): StoredAnswer {
  return "replayed" in result ? result : { ...result, replayed: false };
}

/**
 * A definite refusal: the same request would be refused again, so it is the key's answer. Not a
 * 429: the same request goes through once the limit's window has moved on.
 */
function isRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.statusCode < 500 &&
    error.statusCode !== 429 &&
    error.code !== "IDEMPOTENCY_KEY_REUSED"
  );
}

function refusalAnswer(error: ApiError): WorkResult {
  const body: ErrorBodyDto = { code: error.code, message: error.message };
  if (error.details !== undefined) body.details = error.details;
  return { status: error.statusCode, body: JSON.stringify(body) };
}

function requestInProgress(): ApiError {
  // Guest orders and staff money writes share this machinery: the message names neither.
  return new ApiError(409, "REQUEST_IN_PROGRESS", "This request is still being carried out; try again in a moment");
}

async function purgeNowAndThen(ctx: IdempotencyContext): Promise<void> {
  const now = ctx.now().getTime();
  if (Math.abs(now - lastPurgeAt) < PURGE_INTERVAL_MS) return;
  lastPurgeAt = now;
  await purgeExpiredRequests(ctx.db, new Date(now).toISOString());
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
