/**
 * POST /api/tables/:tableId/bill/payments: a guest pays (part of) the bill by card from the phone,
 * exactly once per Idempotency-Key (orders/idempotency.ts, the key claimed in a commit of its own
 * because the card is authorized before the table's transaction, as an order's card is).
 *
 *   1. every rule checked against the bill as it is (nothing is authorized for a refused payment);
 *   2. the attempt and its net written (bill-payment-attempts.ts), then the card authorized;
 *   3. one transaction takes the table (its row locked), checks every rule again against what it
 *      holds, writes the payment (settling lines, or on account), marks the attempt won with its
 *      capture job, and stores the answer;
 *   4. a payment that lost the table is voided by a job, and its refusal is the key's answer.
 */
import type { Kysely } from "kysely";
import { billPaymentProblem, shareAmount, sharesLeftOf } from "../../domain/bill";
import type { BillPaymentRequest, GuestPaymentReceipt } from "../../domain/bill-api";
import type { Translations } from "../../domain/languages";
import { splitLine } from "../../domain/table-openings";
import { spotNamesOf } from "../catalogue/presenters";
import { fromDbBoolean, fromJsonText } from "../db/columns";
import type { Database } from "../db/schema";
import type { SpotRow } from "../db/tables/catalogue.tables";
import type { TableOpeningLineRow, TableOpeningRow } from "../db/tables/table-openings.tables";
import { ApiError, conflict, invalidInput, notFound } from "../http/api-error";
import { enqueueOpeningEventsJob } from "../jobs/order-jobs";
import { linesOfOpening, onAccountCentsOf } from "../openings/opening-writes";
import {
  type GuestPayer,
  type MoneyContext,
  moneyContext,
  payInFull,
  payLines,
  payOnAccount,
  pickLines,
  takeOpening,
} from "../openings/settle";
import type { OrdersContext } from "../orders/context";
import { runOnce, type StoredAnswer } from "../orders/idempotency";
import { requestHash } from "../orders/request-hash";
import { claimCardToken } from "../payments/card-token-owners";
import { saveCard } from "../payments/save-card";
import { markDeclined, markLost, markWon, providerKeyOf, startAttempt } from "./bill-payment-attempts";
import { billOpeningOf, readBill } from "./bill-read";

export async function payBill(
  ctx: OrdersContext,
  payer: { userId: number },
  spot: SpotRow,
  idempotencyKey: string,
  request: BillPaymentRequest,
): Promise<StoredAnswer> {
  let wroteJobs = false;
  const answer = await runOnce(
    ctx,
    { userId: payer.userId, key: idempotencyKey, hash: requestHash({ tableId: spot.id, bill: request }) },
    { claimFirst: true },
    async (key) => {
      await checkCardsTaken(ctx.db, spot.store_id);
      const opening = await billOpeningOf(ctx.db, spot.id, ctx.now());
      if (opening === undefined || opening.status !== "OPEN") throw settled();
      await checkRequest(ctx.db, opening, request);
      const { cardToken } = request.payment;
      if (!(await claimCardToken(ctx.db, cardToken, payer.userId, ctx.now()))) {
        throw notFound("CARD_NOT_FOUND", "There is no such card");
      }
      const attempt = await startAttempt(ctx, {
        storeId: spot.store_id,
        spotId: spot.id,
        openingId: opening.id,
        userId: payer.userId,
        amountCents: request.amountCents,
        tipCents: request.tipCents,
        cardToken,
      });
      wroteJobs = true;
      const charged = request.amountCents + request.tipCents;
      const result = await ctx.payments.authorize(cardToken, charged, providerKeyOf(attempt.id));
      if (result === null || !result.approved) {
        await markDeclined(ctx.db, attempt.id, ctx.now());
        if (result === null) throw notFound("CARD_NOT_FOUND", "There is no such card");
        throw new ApiError(402, "CARD_DECLINED", result.reason, undefined, { reason: result.reason });
      }
      try {
        return await ctx.db.transaction().execute(async (trx) => {
          const earlier = await key.claim(trx);
          if (earlier !== null) return earlier;
          const now = ctx.now();
          const c = moneyContext(trx, spot.store_id, now);
          const taken = await takeOpening(c, opening.id, null).catch(asGuestRefusal);
          await checkRequest(trx, taken, request);
          const guest: GuestPayer = {
            userId: payer.userId,
            tipCents: request.tipCents,
            brand: result.brand,
            lastFour: result.lastFour,
            onAccount: false,
          };
          const paid = await writePayment(c, taken, request, guest);
          if (!(await markWon(trx, attempt.id, result.reference, paid.paymentId, c.now))) {
            throw conflict("BILL_CHANGED", "The payment took too long and was canceled; nothing was charged", {
              owedCents: 0,
            });
          }
          if (request.payment.saveCard) await saveCard(trx, payer.userId, { cardToken, ...result }, now);
          await enqueueOpeningEventsJob(trx, c.touched, c.now);
          const body = JSON.stringify({
            payment: receiptOf(spot, await storeNamesOf(trx, spot.store_id), paid, request, guest, c.now),
            bill: await readBill(trx, { userId: payer.userId, staffStoreId: null }, spot, now),
          });
          await key.finish(trx, { status: 201, body, orderId: null });
          return { status: 201, body };
        });
      } catch (error) {
        await markLost(ctx, attempt.id, result.reference);
        throw error;
      }
    },
  );
  if (wroteJobs) ctx.jobs.nudge();
  return answer;
}

/** A store that takes no cards online takes none on the bill either: its guests pay the waiter. */
async function checkCardsTaken(db: Kysely<Database>, storeId: number): Promise<void> {
  const store = await db
    .selectFrom("stores")
    .select("card_payments_enabled")
    .where("id", "=", storeId)
    .executeTakeFirst();
  if (store === undefined || !fromDbBoolean(store.card_payments_enabled)) {
    throw invalidInput(
      "PAYMENT_TYPE_NOT_AVAILABLE",
      "This store takes no card payments from the phone: call the waiter",
    );
  }
}

const settled = () => conflict("BILL_SETTLED", "This bill has nothing left to pay");

/** A table closed or changed under the payment, in the guest's words. */
function asGuestRefusal(error: unknown): never {
  if (error instanceof ApiError && error.code === "OPENING_CLOSED") throw settled();
  if (error instanceof ApiError && error.code === "OPENING_CHANGED") {
    throw conflict("BILL_CHANGED", "The bill changed since you looked at it; check it again", { owedCents: 0 });
  }
  throw error;
}

/** What the table owes and what the request's way of paying makes the amount, checked by the domain's rules. */
async function checkRequest(
  db: Kysely<Database>,
  opening: TableOpeningRow,
  request: BillPaymentRequest,
): Promise<void> {
  const lines = await linesOfOpening(db, opening.id);
  const open = lines.filter((line) => line.state === "OPEN");
  const owedCents = Math.max(
    0,
    open.reduce((sum, line) => sum + line.amount_cents, 0) - (await onAccountCentsOf(db, opening.id)),
  );
  const expectedCents = expectedAmount(opening, lines, owedCents, request);
  const problem = billPaymentProblem({
    owedCents,
    amountCents: request.amountCents,
    tipCents: request.tipCents,
    expectedCents,
  });
  if (problem === null) return;
  switch (problem) {
    case "BILL_SETTLED":
      throw settled();
    case "AMOUNT_OVER_OWED":
      throw conflict("AMOUNT_OVER_OWED", `The table owes ${owedCents} cents now`, { owedCents });
    case "AMOUNT_CHANGED":
      throw conflict("BILL_CHANGED", "The bill changed since you looked at it; check it again", { owedCents });
    case "TIP_TOO_HIGH":
      throw invalidInput("TIP_TOO_HIGH", "A tip may be at most the amount it is added to");
  }
}

/** The amount the request's way of paying comes to now; null for a free amount. */
function expectedAmount(
  opening: TableOpeningRow,
  lines: readonly TableOpeningLineRow[],
  owedCents: number,
  request: BillPaymentRequest,
): number | null {
  const ways = [request.lines !== undefined, request.share !== undefined, request.everything === true];
  if (ways.filter(Boolean).length > 1) {
    throw invalidInput("VALIDATION_FAILED", "Pay either lines, a share or everything, not several at once");
  }
  if (request.everything) return owedCents;
  if (request.share !== undefined) {
    const current =
      opening.split_parts === null ? null : { parts: opening.split_parts, paidParts: opening.split_paid_parts };
    const left = sharesLeftOf(current, request.share.parts);
    const amount = shareAmount(owedCents, left, request.share.count);
    if (amount === null)
      throw invalidInput("VALIDATION_FAILED", `Only ${left} of ${request.share.parts} shares are left`);
    return amount;
  }
  if (request.lines === undefined) return null;
  const byId = new Map(lines.map((line) => [line.id, line]));
  let sum = 0;
  for (const pick of request.lines) {
    const line = byId.get(pick.lineId);
    // Refused before the card is touched: the other phone, or a waiter, got there first.
    if (line === undefined) throw conflict("BILL_CHANGED", "The bill changed since you looked at it", { owedCents });
    if (line.state !== "OPEN") {
      throw conflict("LINE_ALREADY_SETTLED", `Line ${line.id} is already ${line.state.toLowerCase()}`, {
        lineId: line.id,
        state: line.state,
        byName: "",
        at: line.settled_at ?? "",
      });
    }
    const part = splitLine(
      { quantity: line.quantity, amountCents: line.amount_cents, perKg: line.grams !== null },
      pick.quantity ?? line.quantity,
    );
    if ("error" in part) throw invalidInput("INVALID_QUANTITY", `Line ${line.id} cannot be paid in that part`);
    sum += part.settledCents;
  }
  return sum;
}

interface WrittenPayment {
  paymentId: number;
  lines: TableOpeningLineRow[];
}

async function writePayment(
  c: MoneyContext,
  opening: TableOpeningRow,
  request: BillPaymentRequest,
  guest: GuestPayer,
): Promise<WrittenPayment> {
  if (request.lines !== undefined) {
    const picked = await pickLines(c, opening, request.lines).catch(asGuestRefusal);
    return { paymentId: await requirePayment(payLines(c, opening, picked, guest)), lines: picked };
  }
  const owedOpen = (await linesOfOpening(c.trx, opening.id)).filter((line) => line.state === "OPEN");
  const owedCents =
    owedOpen.reduce((sum, line) => sum + line.amount_cents, 0) - (await onAccountCentsOf(c.trx, opening.id));
  if (request.share !== undefined) await recordShare(c, opening, request.share);
  // Paying all that is owed settles the lines, whichever way it was asked for.
  if (request.amountCents === owedCents) {
    return { paymentId: await requirePayment(payInFull(c, opening, guest)), lines: owedOpen };
  }
  return { paymentId: await payOnAccount(c, opening, request.amountCents, guest), lines: [] };
}

async function requirePayment(paid: Promise<number | null>): Promise<number> {
  const id = await paid;
  if (id === null) throw new Error("a bill payment with an amount wrote no payment");
  return id;
}

/** Counts the shares paid of the table's split, or starts a new split when the guest chose another number of parts. */
async function recordShare(
  c: MoneyContext,
  opening: TableOpeningRow,
  share: NonNullable<BillPaymentRequest["share"]>,
): Promise<void> {
  const continues = opening.split_parts === share.parts && opening.split_paid_parts < share.parts;
  const paidParts = (continues ? opening.split_paid_parts : 0) + share.count;
  await c.trx
    .updateTable("table_openings")
    .set(
      paidParts >= share.parts
        ? { split_parts: null, split_paid_parts: 0 }
        : { split_parts: share.parts, split_paid_parts: paidParts },
    )
    .where("id", "=", opening.id)
    .execute();
}

async function storeNamesOf(db: Kysely<Database>, storeId: number): Promise<Translations> {
  const store = await db.selectFrom("stores").select("names").where("id", "=", storeId).executeTakeFirstOrThrow();
  return fromJsonText<Translations>(store.names);
}

function receiptOf(
  spot: SpotRow,
  storeNames: Translations,
  paid: WrittenPayment,
  request: BillPaymentRequest,
  guest: GuestPayer,
  at: string,
): GuestPaymentReceipt {
  return {
    id: paid.paymentId,
    tableId: spot.id,
    storeNames,
    spotNames: spotNamesOf(spot),
    amountCents: request.amountCents,
    tipCents: request.tipCents,
    chargedCents: request.amountCents + request.tipCents,
    brand: guest.brand,
    lastFour: guest.lastFour,
    lines: paid.lines.map((line) => ({
      names: fromJsonText<Translations>(line.names),
      quantity: line.quantity,
      amountCents: line.amount_cents,
    })),
    share: request.share === undefined ? null : { ...request.share },
    at,
  };
}

/** A guest's own payment at this spot, as its receipt (GET .../payments/:paymentId). */
export async function loadGuestReceipt(
  db: Kysely<Database>,
  userId: number,
  spot: SpotRow,
  paymentId: number,
): Promise<GuestPaymentReceipt> {
  const payment = await db
    .selectFrom("table_opening_payments")
    .innerJoin("table_openings", "table_openings.id", "table_opening_payments.opening_id")
    .selectAll("table_opening_payments")
    .where("table_opening_payments.id", "=", paymentId)
    .where("table_opening_payments.guest_user_id", "=", userId)
    .where("table_openings.spot_id", "=", spot.id)
    .executeTakeFirst();
  if (payment === undefined) throw notFound("PAYMENT_NOT_FOUND", `There is no payment ${paymentId} of yours here`);
  const lines = await db
    .selectFrom("table_opening_lines")
    .select(["names", "quantity", "amount_cents"])
    .where("payment_id", "=", payment.id)
    .orderBy("id")
    .execute();
  const onAccount = fromDbBoolean(payment.on_account) || lines.length === 0;
  return {
    id: payment.id,
    tableId: spot.id,
    storeNames: await storeNamesOf(db, spot.store_id),
    spotNames: spotNamesOf(spot),
    amountCents: payment.amount_cents,
    tipCents: payment.tip_cents,
    chargedCents: payment.amount_cents + payment.tip_cents,
    brand: payment.card_brand ?? "",
    lastFour: payment.card_last_four ?? "",
    lines: onAccount
      ? []
      : lines.map((line) => ({
          names: fromJsonText<Translations>(line.names),
          quantity: line.quantity,
          amountCents: line.amount_cents,
        })),
    share: null,
    at: payment.created_at,
  };
}
