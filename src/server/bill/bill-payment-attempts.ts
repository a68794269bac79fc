/**
 * A guest's card payment of a bill, from the card's point of view. The card is authorized before
 * the table is touched (no transaction is held across a call to the provider) and captured only
 * once the payment won the table; every step is a row state and a job, so a process killed at any
 * point leaves work that the next worker finishes:
 *
 *   start      AUTHORIZING, and a bill-payment job due after the recovery delay (the net)
 *   declined   DECLINED (nothing to undo)
 *   won        CAPTURING in the payment's own commit, with a bill-payment job: capture → CAPTURED
 *   lost       VOIDING with a bill-payment job: void → VOIDED
 *   killed     still AUTHORIZING when the net's job runs: VOIDING, the authorization found again by
 *              its idempotency key (the provider answers a repeat with the same one), void → VOIDED
 *
 * The step from AUTHORIZING is always a conditional update, so the payment's commit and the net
 * cannot both take it: either the payment is written and captured, or it is voided. Never a charge
 * without a payment, never a payment without its capture.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { BillPaymentAttemptRow } from "../db/tables/guest-bill.tables";
import { enqueueJobs } from "../jobs/job-queue";
import type { OrdersContext } from "../orders/context";

/** When an attempt left mid-authorization is voided, unless the server says otherwise. */
export const DEFAULT_RECOVERY_AFTER_MS = 60_000;

export interface BillPaymentPayload {
  attemptId: number;
}

/** The provider's idempotency key of an attempt: the same on a repeat, so the authorization can be found again. */
export function providerKeyOf(attemptId: number): string {
  return `bill-payment-${attemptId}`;
}

export interface NewAttempt {
  storeId: number;
  spotId: number;
  openingId: number;
  userId: number;
  amountCents: number;
  tipCents: number;
  cardToken: string;
}

/** Writes the attempt and its net in a commit of their own, before the card is authorized. */
export async function startAttempt(ctx: OrdersContext, attempt: NewAttempt): Promise<BillPaymentAttemptRow> {
  const now = ctx.now();
  const recoverAt = new Date(now.getTime() + (ctx.billPaymentRecoveryMs ?? DEFAULT_RECOVERY_AFTER_MS));
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("bill_payment_attempts")
      .values({
        store_id: attempt.storeId,
        spot_id: attempt.spotId,
        opening_id: attempt.openingId,
        user_id: attempt.userId,
        amount_cents: attempt.amountCents,
        tip_cents: attempt.tipCents,
        card_token: attempt.cardToken,
        provider_reference: null,
        state: "AUTHORIZING",
        payment_id: null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await enqueueBillPaymentJob(trx, row.id, now.toISOString(), recoverAt.toISOString());
    return row;
  });
}

export async function markDeclined(db: Kysely<Database>, attemptId: number, now: Date): Promise<void> {
  await db
    .updateTable("bill_payment_attempts")
    .set({ state: "DECLINED", updated_at: now.toISOString() })
    .where("id", "=", attemptId)
    .where("state", "=", "AUTHORIZING")
    .execute();
}

/**
 * Inside the payment's transaction: the attempt won the table. False when the net took it first
 * (the payment took longer than the recovery delay): then the payment must not be written.
 */
export async function markWon(
  trx: Kysely<Database>,
  attemptId: number,
  reference: string,
  paymentId: number,
  now: string,
): Promise<boolean> {
  const taken = await trx
    .updateTable("bill_payment_attempts")
    .set({ state: "CAPTURING", provider_reference: reference, payment_id: paymentId, updated_at: now })
    .where("id", "=", attemptId)
    .where("state", "=", "AUTHORIZING")
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return false;
  await enqueueBillPaymentJob(trx, attemptId, now);
  return true;
}

/** The payment lost the table (or failed): the authorization is voided by a job, in a commit of its own. */
export async function markLost(ctx: OrdersContext, attemptId: number, reference: string): Promise<void> {
  const now = ctx.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable("bill_payment_attempts")
      .set({ state: "VOIDING", provider_reference: reference, updated_at: now })
      .where("id", "=", attemptId)
      .where("state", "=", "AUTHORIZING")
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) await enqueueBillPaymentJob(trx, attemptId, now);
  });
  ctx.jobs.nudge();
}

async function enqueueBillPaymentJob(
  trx: Kysely<Database>,
  attemptId: number,
  now: string,
  runAfter?: string,
): Promise<void> {
  const payload: BillPaymentPayload = { attemptId };
  await enqueueJobs(trx, [{ kind: "bill-payment", orderId: null, payload, runAfter }], now);
}

/**
 * The bill-payment job: brings the card in line with the attempt's state. Idempotent: capture and
 * void are (the provider's and the sandbox's), and a finished attempt is left alone.
 */
export async function settleAttempt(ctx: OrdersContext, attemptId: number): Promise<void> {
  const attempt = await ctx.db
    .selectFrom("bill_payment_attempts")
    .selectAll()
    .where("id", "=", attemptId)
    .executeTakeFirst();
  if (attempt === undefined) return;
  const now = () => ctx.now().toISOString();
  switch (attempt.state) {
    case "CAPTURING": {
      await ctx.payments.capture(requireReference(attempt));
      await ctx.db
        .updateTable("bill_payment_attempts")
        .set({ state: "CAPTURED", updated_at: now() })
        .where("id", "=", attempt.id)
        .where("state", "=", "CAPTURING")
        .execute();
      return;
    }
    case "AUTHORIZING": {
      // The net: its process died mid-payment. Take it from the payment first, then undo the card.
      const taken = await ctx.db
        .updateTable("bill_payment_attempts")
        .set({ state: "VOIDING", updated_at: now() })
        .where("id", "=", attempt.id)
        .where("state", "=", "AUTHORIZING")
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) return settleAttempt(ctx, attemptId);
      return voidAttempt(ctx, { ...attempt, state: "VOIDING" });
    }
    case "VOIDING":
      return voidAttempt(ctx, attempt);
    default:
      return;
  }
}

async function voidAttempt(ctx: OrdersContext, attempt: BillPaymentAttemptRow): Promise<void> {
  let reference = attempt.provider_reference;
  if (reference === null) {
    // The authorization's answer was lost with its process: asking again with the same key gives it back.
    const again = await ctx.payments.authorize(
      attempt.card_token,
      attempt.amount_cents + attempt.tip_cents,
      providerKeyOf(attempt.id),
    );
    reference = again?.approved ? again.reference : null;
  }
  if (reference !== null) await ctx.payments.void(reference);
  await ctx.db
    .updateTable("bill_payment_attempts")
    .set({ state: "VOIDED", provider_reference: reference, updated_at: ctx.now().toISOString() })
    .where("id", "=", attempt.id)
    .where("state", "=", "VOIDING")
    .execute();
}

function requireReference(attempt: BillPaymentAttemptRow): string {
  if (attempt.provider_reference === null) throw new Error(`bill payment attempt ${attempt.id} has no reference`);
  return attempt.provider_reference;
}

/**
 * An account deleted: its finished attempts forget the card's token (its saved cards' tokens are
 * retired anyway). An attempt still under way keeps it until its job has captured or voided it.
 */
export async function forgetCardTokensOf(trx: Kysely<Database>, userId: number): Promise<void> {
  await trx
    .updateTable("bill_payment_attempts")
    .set({ card_token: "" })
    .where("user_id", "=", userId)
    .where("state", "in", ["DECLINED", "CAPTURED", "VOIDED"])
    .execute();
}
