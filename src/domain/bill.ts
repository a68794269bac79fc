/**
 * The guest's bill: what a spot's table opening owes, seen and paid from the guest's own phone.
 * Pure rules shared by the server, which enforces them, and the bill screen, which shows them
 * before the guest taps "Pay".
 *
 * A guest pays one of four ways:
 *
 *   everything   every open line (the amount is what is owed now)
 *   lines        chosen lines, or some pieces of a line (split like the waiter's PDA does)
 *   share        k of n equal shares of what is owed (the last share takes the remainder cent)
 *   amount       any amount up to what is owed
 *
 * "Everything" and "lines" settle lines, as a waiter's payment does. A share or an amount is paid
 * "on account": it is money towards the table, not towards a line, so it lowers what is owed and
 * leaves the lines open until the table is settled in full (then they are paid by it). What is owed
 * is therefore the open lines less what was paid on account, and a waiter cannot take lines away
 * from under an amount already paid for them (ON_ACCOUNT_EXCEEDS_OPEN).
 *
 * A tip is on top of the amount, never part of what the table owes; it may be at most the amount
 * itself (100 %). No tip is ever chosen for the guest.
 */

/** Tip choices offered as percentages of the amount paid; none is preselected. */
export const TIP_PERCENT_PRESETS = [5, 10, 15] as const;
/** The largest tip as a percentage of the amount it is added to. */
export const MAX_TIP_PERCENT = 100;
/**
 * A guest may read and pay a spot's bill for this long after placing an order there (the visit),
 * and sees the last bill of the visit as settled once the table was closed.
 */
export const BILL_VISIT_HOURS = 12;
/** The most equal shares a bill may be split into. */
export const MAX_SHARES = 20;

export const BILL_PAY_MODES = ["EVERYTHING", "LINES", "SHARE", "AMOUNT"] as const;
export type BillPayMode = (typeof BILL_PAY_MODES)[number];

/** What a guest asks the waiter for, from the bill: to pay in cash, on the card terminal, or just to come. */
export const WAITER_CALL_KINDS = ["PAY_CASH", "PAY_CARD_TERMINAL", "CALL"] as const;
export type WaiterCallKind = (typeof WAITER_CALL_KINDS)[number];

/** The tip of a percentage of an amount, in cents, rounded half up. */
export function tipOfPercent(amountCents: number, percent: number): number {
  return Math.floor((amountCents * percent * 2 + 100) / 200);
}

/**
 * The amount of `count` of the `sharesLeft` equal shares still unpaid of what is owed. Every share
 * is rounded down, and the last one pays whatever is left, so the shares always add up to the owed
 * amount (3001 cents in two: 1500, then 1501).
 */
export function shareAmount(owedCents: number, sharesLeft: number, count: number): number | null {
  if (!Number.isInteger(sharesLeft) || !Number.isInteger(count)) return null;
  if (sharesLeft < 1 || sharesLeft > MAX_SHARES || count < 1 || count > sharesLeft) return null;
  if (count === sharesLeft) return owedCents;
  return Math.floor((owedCents * count) / sharesLeft);
}

/**
 * The split a share payment continues: the table's current split when the guest chose the same
 * number of parts, otherwise a new split of what is owed now into `parts`.
 */
export function sharesLeftOf(current: { parts: number; paidParts: number } | null, parts: number): number {
  if (current !== null && current.parts === parts && current.paidParts < parts) return parts - current.paidParts;
  return parts;
}

export type BillPaymentProblem = "BILL_SETTLED" | "AMOUNT_OVER_OWED" | "TIP_TOO_HIGH" | "AMOUNT_CHANGED";

/**
 * Why a payment cannot be taken as asked, or null. The amount (checked again by the server
 * against the table it has locked) is at most what is owed; the tip at most the amount; the amount of
 * a share or of chosen lines must be the one the server computes (else the bill changed meanwhile).
 */
export function billPaymentProblem(payment: {
  owedCents: number;
  amountCents: number;
  tipCents: number;
  /** What the mode makes the amount (shares, lines, everything); null for a free amount. */
  expectedCents: number | null;
}): BillPaymentProblem | null {
  if (payment.owedCents <= 0) return "BILL_SETTLED";
  if (payment.amountCents > payment.owedCents) return "AMOUNT_OVER_OWED";
  if (payment.expectedCents !== null && payment.expectedCents !== payment.amountCents) return "AMOUNT_CHANGED";
  if (payment.tipCents * 100 > payment.amountCents * MAX_TIP_PERCENT) return "TIP_TOO_HIGH";
  return null;
}

/** What a table owes once amounts paid on account are counted (never below zero). */
export function owedAfterOnAccount(openLinesCents: number, onAccountCents: number): number {
  return Math.max(0, openLinesCents - onAccountCents);
}
