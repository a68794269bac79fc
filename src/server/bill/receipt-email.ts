/**
 * A guest's payment receipt by e-mail: asked for on the receipt screen, sent by a job (the request
 * never waits on the mail provider; a failure is retried, and the outbox keeps one message per job).
 * A payment's receipt can be sent a few times, never more, so the call cannot be used to mail
 * strangers in bulk.
 */
import type { Kysely } from "kysely";
import type { GuestPaymentReceipt } from "../../domain/bill-api";
import { checkEmail } from "../../domain/email";
import type { Language } from "../../domain/languages";
import { consume, throttleKeys } from "../auth/throttle";
import type { Database } from "../db/schema";
import type { SpotRow } from "../db/tables/catalogue.tables";
import { invalidInput, tooManyRequests } from "../http/api-error";
import { enqueueJobs } from "../jobs/job-queue";
import type { OutgoingMessage } from "../notify/messenger";
import type { OrdersContext } from "../orders/context";
import { loadGuestReceipt } from "./pay-bill";

/** Sends of one payment's receipt per day. */
const RECEIPT_EMAILS_PER_PAYMENT = { max: 3, windowMs: 24 * 3_600_000 };

type ReceiptLanguage = Extract<Language, "GRE" | "ENG">;

export interface ReceiptEmailPayload {
  userId: number;
  spotId: number;
  paymentId: number;
  email: string;
  language: ReceiptLanguage;
}

export async function queueReceiptEmail(
  ctx: OrdersContext,
  userId: number,
  spot: SpotRow,
  paymentId: number,
  request: { email: string; language: ReceiptLanguage },
): Promise<void> {
  const email = checkEmail(request.email);
  if (!email.ok) throw invalidInput(email.code, "That is not an e-mail address");
  await loadGuestReceipt(ctx.db, userId, spot, paymentId);
  const decision = await consume(
    ctx.db,
    throttleKeys.receiptEmailsOfPayment(paymentId),
    [RECEIPT_EMAILS_PER_PAYMENT],
    ctx.now(),
  );
  if (!decision.allowed) {
    throw tooManyRequests("RATE_LIMITED", "This receipt was sent enough times today", decision.retryAfterMs);
  }
  const payload: ReceiptEmailPayload = {
    userId,
    spotId: spot.id,
    paymentId,
    email: email.email,
    language: request.language,
  };
  await ctx.db
    .transaction()
    .execute((trx) =>
      enqueueJobs(trx, [{ kind: "payment-receipt-email", orderId: null, payload }], ctx.now().toISOString()),
    );
  ctx.jobs.nudge();
}

/**
 * An account deleted: the receipts it had e-mailed go, with the addresses typed for them (the
 * jobs that carried them and the messages those jobs stored in the outbox).
 */
export async function forgetReceiptEmailsOf(trx: Kysely<Database>, userId: number): Promise<void> {
  const jobs = trx
    .selectFrom("jobs")
    .select("id")
    .where("kind", "=", "payment-receipt-email")
    // The payload is this module's JSON, which starts with the account's id.
    .where("payload", "like", `{"userId":${userId},%`);
  await trx.deleteFrom("outbox").where("job_id", "in", jobs).execute();
  await trx
    .deleteFrom("jobs")
    .where("kind", "=", "payment-receipt-email")
    .where("payload", "like", `{"userId":${userId},%`)
    .execute();
}

/** The job's message; null when the payment or spot is gone. */
export async function receiptEmailOf(
  db: Kysely<Database>,
  payload: ReceiptEmailPayload,
): Promise<Extract<OutgoingMessage, { channel: "email" }> | null> {
  const spot = await db.selectFrom("spots").selectAll().where("id", "=", payload.spotId).executeTakeFirst();
  if (spot === undefined) return null;
  const receipt = await loadGuestReceipt(db, payload.userId, spot, payload.paymentId).catch(() => null);
  if (receipt === null) return null;
  return {
    channel: "email",
    to: payload.email,
    subject: subjectOf(receipt, payload.language),
    text: bodyOf(receipt, payload.language),
    storeId: spot.store_id,
  };
}

const euros = (cents: number, language: ReceiptLanguage) =>
  new Intl.NumberFormat(language === "GRE" ? "el-GR" : "en-IE", { style: "currency", currency: "EUR" }).format(
    cents / 100,
  );

function subjectOf(receipt: GuestPaymentReceipt, language: ReceiptLanguage): string {
  const store = receipt.storeNames[language]?.name ?? receipt.storeNames.GRE.name;
  return language === "GRE" ? `${store}: απόδειξη πληρωμής` : `${store}: payment receipt`;
}

function bodyOf(receipt: GuestPaymentReceipt, language: ReceiptLanguage): string {
  const greek = language === "GRE";
  const name = (names: GuestPaymentReceipt["spotNames"]) => names[language]?.name ?? names.GRE.name;
  const when = new Intl.DateTimeFormat(greek ? "el-GR" : "en-GB", {
    dateStyle: "short",
    timeStyle: "short",
    timeZone: "Europe/Athens",
  }).format(new Date(receipt.at));
  const lines = receipt.lines.map(
    (line) => `  ${line.quantity} x ${name(line.names)}  ${euros(line.amountCents, language)}`,
  );
  return [
    name(receipt.storeNames),
    `${greek ? "Θέση" : "Spot"}: ${name(receipt.spotNames)}`,
    when,
    "",
    ...lines,
    ...(lines.length > 0 ? [""] : []),
    `${greek ? "Ποσό" : "Amount"}: ${euros(receipt.amountCents, language)}`,
    `${greek ? "Φιλοδώρημα" : "Tip"}: ${euros(receipt.tipCents, language)}`,
    `${greek ? "Χρεώθηκαν" : "Charged"}: ${euros(receipt.chargedCents, language)} (${receipt.brand} •••• ${receipt.lastFour})`,
    "",
    greek ? "Ευχαριστούμε!" : "Thank you!",
  ].join("\n");
}
