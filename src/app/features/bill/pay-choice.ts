/**
 * What the guest chose to pay on the bill screen, turned into the amount the screen shows and the
 * request it sends (domain/bill.ts has the rules the server enforces; this file only applies them
 * to the choice on the screen, so the guest sees the exact amount before tapping "Pay").
 */

import {
  type BillPaymentProblem,
  billPaymentProblem,
  MAX_SHARES,
  shareAmount,
  sharesLeftOf,
  tipOfPercent,
} from "../../../domain/bill";
import type { Bill, BillLine, BillPaymentRequest } from "../../../domain/bill-api";
import { splitLine } from "../../../domain/table-openings";

export type PayChoice =
  | { mode: "EVERYTHING" }
  /** Line id -> how many of its pieces (the whole line when equal to its quantity). */
  | { mode: "LINES"; pieces: ReadonlyMap<number, number> }
  /** `count` of `parts` equal shares. */
  | { mode: "SHARE"; parts: number; count: number }
  /** A free amount in cents (null: nothing valid typed yet). */
  | { mode: "AMOUNT"; cents: number | null };

export type TipChoice =
  | { kind: "none" }
  | { kind: "percent"; percent: number }
  | { kind: "custom"; cents: number | null };

/** The request's part that says what is paid (everything, lines or a share; none for an amount). */
type PaidWhat = Pick<BillPaymentRequest, "everything" | "lines" | "share">;

export interface PayAmount {
  amountCents: number;
  /** What the server will check the amount against (null for a free amount). */
  expectedCents: number | null;
  what: PaidWhat;
}

/** A line a guest may still pay: open, and not a weighed one split into pieces. */
export function isPayableLine(line: BillLine): boolean {
  return line.state === "OPEN";
}

/** How many pieces of a line can be paid apart: a weighed line only whole. */
export function piecesOf(line: BillLine): number {
  return line.kilos === null ? line.quantity : 1;
}

/** The amount of `quantity` pieces of a line, rounded as the waiter's PDA splits it (splitLine). */
export function linePiecesCents(line: BillLine, quantity: number): number | null {
  const split = splitLine(
    { quantity: line.quantity, amountCents: line.amountCents, perKg: line.kilos !== null },
    quantity,
  );
  return "error" in split ? null : split.settledCents;
}

/** The shares still unpaid when the guest splits the bill into `parts` (the table's split goes on when the same). */
export function sharesLeft(bill: Pick<Bill, "split">, parts: number): number {
  return sharesLeftOf(bill.split, parts);
}

/** Into how many parts the screen offers to split first: the table's split in progress, else 2. */
export function defaultParts(bill: Pick<Bill, "split">): number {
  return bill.split !== null && bill.split.paidParts < bill.split.parts ? bill.split.parts : 2;
}

export const MIN_PARTS = 2;
export { MAX_SHARES };

/** The amount and request of a choice, or null while the choice pays nothing (no line picked...). */
export function payAmountOf(bill: Bill, choice: PayChoice): PayAmount | null {
  switch (choice.mode) {
    case "EVERYTHING":
      return bill.owedCents > 0
        ? { amountCents: bill.owedCents, expectedCents: bill.owedCents, what: { everything: true } }
        : null;
    case "LINES": {
      const lines: NonNullable<BillPaymentRequest["lines"]> = [];
      let total = 0;
      for (const line of bill.lines) {
        const quantity = choice.pieces.get(line.id);
        if (quantity === undefined || !isPayableLine(line)) continue;
        const cents = linePiecesCents(line, quantity);
        if (cents === null) return null;
        total += cents;
        lines.push({
          lineId: line.id,
          ...(quantity === line.quantity ? {} : { quantity }),
          seen: { quantity: line.quantity, amountCents: line.amountCents },
        });
      }
      return lines.length === 0 ? null : { amountCents: total, expectedCents: total, what: { lines } };
    }
    case "SHARE": {
      const left = sharesLeft(bill, choice.parts);
      if (choice.parts < MIN_PARTS || choice.parts > MAX_SHARES) return null;
      const cents = shareAmount(bill.owedCents, left, choice.count);
      if (cents === null || cents <= 0) return null;
      return {
        amountCents: cents,
        expectedCents: cents,
        what: { share: { parts: choice.parts, count: choice.count } },
      };
    }
    case "AMOUNT":
      return choice.cents !== null && choice.cents > 0
        ? { amountCents: choice.cents, expectedCents: null, what: {} }
        : null;
  }
}

/** The tip in cents for an amount: none unless the guest chose one. */
export function tipCentsOf(tip: TipChoice, amountCents: number): number {
  switch (tip.kind) {
    case "none":
      return 0;
    case "percent":
      return tipOfPercent(amountCents, tip.percent);
    case "custom":
      return tip.cents ?? 0;
  }
}

/** Why the chosen payment cannot be sent as it is (checked again by the server), or null. */
export function payProblemOf(bill: Bill, amount: PayAmount, tipCents: number): BillPaymentProblem | null {
  return billPaymentProblem({
    owedCents: bill.owedCents,
    amountCents: amount.amountCents,
    tipCents,
    expectedCents: amount.expectedCents,
  });
}

/**
 * Euros as a guest types them ("12", "12,5", "12.50", "1.234,50" is refused) into cents, or null
 * when it is not an amount: at most two decimals, a comma or a point before them.
 */
export function parseEuros(text: string): number | null {
  const match = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*(?:€)?\s*$/.exec(text);
  if (match === null) return null;
  const euros = Number(match[1]);
  const cents = Number((match[2] ?? "").padEnd(2, "0"));
  return euros * 100 + cents;
}
