/**
 * The outcome of an order, told to its guest (the outcome goes to the guest by
 * SMS or e-mail through the messengers; spec §9 texts: order rejected, order timed out "ran out of
 * time before being accepted").
 *
 * - Accepted, rejected (with the store's reason when it gave one) and timed out are sent. Payment
 *   failed is not: the guest saw it on the checkout screen, nothing was ordered.
 * - By SMS to the account's phone; by e-mail when the account has an e-mail and no phone; nothing
 *   otherwise (staff and visitors' orders, deleted accounts). An address the guest typed at
 *   checkout gets the outcome by e-mail as well (./outcome-email.ts), instead of the account's.
 * - In the order's language (orders.language, GRE or ENG), chosen by the guest when sending.
 * - The account is looked up when sending: orders keep no name, phone or e-mail of the guest, so a
 *   deleted account gets nothing.
 * - Sent by the outcome-message job (src/server/jobs), written in the decision's
 *   transaction: the staff's answer never waits on a provider, a failure is retried with backoff,
 *   and the outbox stores one message per job.
 */
import type { Kysely } from "kysely";
import type { OrderStatus } from "../../domain/orders-api";
import { fromJsonText } from "../db/columns";
import type { Database } from "../db/schema";
import type { OutgoingMessage } from "../notify/messenger";

export type OutcomeStatus = Extract<OrderStatus, "ACCEPTED" | "REJECTED" | "TIMED_OUT">;

export interface OrderOutcome {
  orderId: number;
  status: OrderStatus;
  /** The store's reason for a rejection. */
  reason: string | null;
}

type Language = "GRE" | "ENG";

interface Texts {
  subject: (store: string, number: number) => string;
  body: Record<OutcomeStatus, (store: string, number: number, reason: string | null) => string>;
}

/** Kept short: an SMS with Greek letters is UCS-2, 70 characters a segment. */
const TEXTS: Record<Language, Texts> = {
  GRE: {
    subject: (store, number) => `${store}: παραγγελία #${number}`,
    body: {
      ACCEPTED: (store, number) => `${store}: η παραγγελία σας #${number} έγινε δεκτή.`,
      REJECTED: (store, number, reason) =>
        `${store}: η παραγγελία σας #${number} απορρίφθηκε.${reason ? ` Αιτία: ${reason}` : ""}`,
      TIMED_OUT: (store, number) =>
        `${store}: ο χρόνος για την αποδοχή της παραγγελίας σας #${number} έληξε πριν γίνει δεκτή.`,
    },
  },
  ENG: {
    subject: (store, number) => `${store}: order #${number}`,
    body: {
      ACCEPTED: (store, number) => `${store}: your order #${number} was accepted.`,
      REJECTED: (store, number, reason) =>
        `${store}: your order #${number} was rejected.${reason ? ` Reason: ${reason}` : ""}`,
      TIMED_OUT: (store, number) => `${store}: your order #${number} ran out of time before being accepted.`,
    },
  },
};

/** The outcome's subject and text in the order's language (also the outcome e-mail's, ./outcome-email.ts). */
export function outcomeTexts(
  language: string,
  status: OutcomeStatus,
  store: { GRE: { name: string }; ENG: { name: string } },
  dailyNumber: number,
  reason: string | null,
): { language: Language; subject: string; text: string } {
  const chosen: Language = language === "ENG" ? "ENG" : "GRE";
  const name = store[chosen].name;
  const texts = TEXTS[chosen];
  return {
    language: chosen,
    subject: texts.subject(name, dailyNumber),
    text: texts.body[status](name, dailyNumber, reason),
  };
}

export function isOutcomeStatus(status: OrderStatus): status is OutcomeStatus {
  return status === "ACCEPTED" || status === "REJECTED" || status === "TIMED_OUT";
}

/** The message to send now, or null when the guest cannot be reached (no phone or e-mail, deleted). */
export async function outcomeMessage(
  db: Kysely<Database>,
  orderId: number,
  status: OutcomeStatus,
  reason: string | null,
): Promise<OutgoingMessage | null> {
  const row = await db
    .selectFrom("orders")
    .innerJoin("users", "users.id", "orders.user_id")
    .innerJoin("stores", "stores.id", "orders.store_id")
    .select([
      "orders.store_id",
      "orders.daily_number",
      "orders.language",
      "users.phone",
      "users.email",
      "users.deleted_at",
      "stores.names as store_names",
      "orders.notify_email",
    ])
    .where("orders.id", "=", orderId)
    .executeTakeFirst();
  if (row === undefined || row.deleted_at !== null) return null;
  const language: Language = row.language === "ENG" ? "ENG" : "GRE";
  const names = fromJsonText<{ GRE: { name: string }; ENG: { name: string } }>(row.store_names);
  const store = names[language].name;
  const texts = TEXTS[language];
  const text = texts.body[status](store, row.daily_number, reason);
  if (row.phone !== null) return { channel: "sms", to: row.phone, text, storeId: row.store_id };
  // The guest asked for the outcome by e-mail at checkout: the outcome-email job sends that one.
  if (row.notify_email !== null) return null;
  if (row.email !== null) {
    return {
      channel: "email",
      to: row.email,
      subject: texts.subject(store, row.daily_number),
      text,
      storeId: row.store_id,
    };
  }
  return null;
}
