/**
 * Placement's idempotency records (design.md "Orders: exactly once on patchy Wi-Fi"), one per
 * (user, Idempotency-Key). A request claims its key by inserting an IN_FLIGHT row; the placement
 * transaction turns it DONE with the answer in the same commit as the order, so an order never
 * exists without its stored answer. The claim's created_at is its ownership stamp: a claim of a
 * crashed process (claimed_by, orders/claim-owners.ts) is taken over by rewriting it, and the
 * finishing update checks it.
 */
import type { CompiledQuery, Kysely } from "kysely";
import type { IsoInstant } from "../columns";
import { compiledOnce } from "../compiled-once";
import type { Database } from "../schema";
import { runBatched } from "../statement-batch";
import type { OrderRequestRow } from "../tables/orders.tables";

export interface RequestKey {
  userId: number;
  key: string;
}

export interface Claim extends RequestKey {
  /** created_at of the claim row this request wrote. */
  claimedAt: IsoInstant;
}

/** A claim as written: with its body's hash, expiry and the process that holds it. */
export interface ClaimRow extends Claim {
  requestHash: string;
  expiresAt: IsoInstant;
  claimedBy: string;
}

/** Inserts an IN_FLIGHT claim; false when the key already has a row. */
export async function insertClaim(db: Kysely<Database>, claim: ClaimRow): Promise<boolean> {
  const result = await claimInsert(db, ...claimValues(claim));
  return Number(result.numAffectedRows ?? 0n) > 0;
}

/** The insert of `insertClaim`, compiled to be sent with another statement. */
export function claimInsertQuery(db: Kysely<Database>, claim: ClaimRow): CompiledQuery {
  return claimInsert.compile(db, ...claimValues(claim));
}

function claimValues(claim: ClaimRow) {
  return [claim.userId, claim.key, claim.requestHash, claim.claimedAt, claim.expiresAt, claim.claimedBy] as const;
}

const claimInsert = compiledOnce(
  (
    db,
    userId: number,
    key: string,
    requestHash: string,
    claimedAt: IsoInstant,
    expiresAt: IsoInstant,
    claimedBy: string,
  ) =>
    db
      .insertInto("order_requests")
      .values({
        user_id: userId,
        idempotency_key: key,
        request_hash: requestHash,
        state: "IN_FLIGHT",
        response_status: null,
        response_body: null,
        order_id: null,
        created_at: claimedAt,
        expires_at: expiresAt,
        claimed_by: claimedBy,
      })
      .onConflict((oc) => oc.columns(["user_id", "idempotency_key"]).doNothing()),
);

export async function findRequest(
  db: Kysely<Database>,
  { userId, key }: RequestKey,
): Promise<OrderRequestRow | undefined> {
  return db
    .selectFrom("order_requests")
    .selectAll()
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
}

/** Takes over an IN_FLIGHT claim last stamped `staleStamp`; false when someone else moved first. */
export async function takeOverClaim(
  db: Kysely<Database>,
  claim: Omit<ClaimRow, "requestHash">,
  staleStamp: IsoInstant,
): Promise<boolean> {
  const result = await db
    .updateTable("order_requests")
    .set({ created_at: claim.claimedAt, expires_at: claim.expiresAt, claimed_by: claim.claimedBy })
    .where("user_id", "=", claim.userId)
    .where("idempotency_key", "=", claim.key)
    .where("state", "=", "IN_FLIGHT")
    .where("created_at", "=", staleStamp)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Stores the answer of a claimed request; false when the claim is no longer this request's.
 * `alongWith`: the work's last writes, sent with it in one round trip (statement-batch.ts).
 */
export async function finishClaim(
  db: Kysely<Database>,
  claim: Claim,
  answer: { status: number; body: string; orderId: number | null },
  alongWith: readonly CompiledQuery[] = [],
): Promise<boolean> {
  const finish = claimFinish.compile(
    db,
    answer.status,
    answer.body,
    answer.orderId,
    claim.userId,
    claim.key,
    claim.claimedAt,
  );
  const result = await runBatched(db, alongWith, finish);
  return Number(result.numAffectedRows ?? 0n) > 0;
}

const claimFinish = compiledOnce(
  (db, status: number, body: string, orderId: number | null, userId: number, key: string, claimedAt: IsoInstant) =>
    db
      .updateTable("order_requests")
      .set({ state: "DONE", response_status: status, response_body: body, order_id: orderId })
      .where("user_id", "=", userId)
      .where("idempotency_key", "=", key)
      .where("state", "=", "IN_FLIGHT")
      .where("created_at", "=", claimedAt),
);

/** Gives a key back after a failure that is not an answer (5xx): the retry runs afresh. */
export async function releaseClaim(db: Kysely<Database>, claim: Claim): Promise<void> {
  await db
    .deleteFrom("order_requests")
    .where("user_id", "=", claim.userId)
    .where("idempotency_key", "=", claim.key)
    .where("state", "=", "IN_FLIGHT")
    .where("created_at", "=", claim.claimedAt)
    .execute();
}

export async function purgeExpiredRequests(db: Kysely<Database>, now: IsoInstant): Promise<void> {
  await db.deleteFrom("order_requests").where("expires_at", "<", now).execute();
}
