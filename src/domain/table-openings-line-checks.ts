/**
 * When two waiters work on one table at once, which of their line actions may both go through.
 *
 * A line action (pay, treat or cancel some lines, move some lines) names each line as the waiter
 * saw it on the screen: its pieces and its amount (`seen`). It conflicts only with a change of
 * those same lines: a line settled meanwhile, split by a partial settlement, or moved to another
 * table. So two waiters paying different lines of one table both succeed, while two payments of
 * the same line still have one winner, and nobody ever collects an amount other than the one on
 * their screen. An action on the table as a whole (close, a whole move, a payment of "everything
 * open") names the table's version instead, since its amount is everything the table owes.
 */

/** A line as the waiter saw it when choosing it. */
export interface SeenLine {
  quantity: number;
  amountCents: number;
}

/** A line to settle (the request's LinePick): whole, or `quantity` of its pieces. */
export interface PickedLine {
  lineId: number;
  quantity?: number;
  seen?: SeenLine;
}

/** The pick for `quantity` pieces of a line on the screen, carrying the line as seen. */
export function linePickOf(line: { id: number; quantity: number; amountCents: number }, quantity: number): PickedLine {
  const seen = { quantity: line.quantity, amountCents: line.amountCents };
  return quantity < line.quantity ? { lineId: line.id, quantity, seen } : { lineId: line.id, seen };
}

/**
 * Whether a request is checked line by line: every pick says how its line was seen. A request of
 * an older app (no `seen`), or one for every open line (null), is checked against the table's
 * version as a whole, as before.
 */
export function checkedPerLine(picks: readonly PickedLine[] | null): boolean {
  return picks !== null && picks.length > 0 && picks.every((pick) => pick.seen !== undefined);
}

export type LineAsSeen = "as-seen" | "settled" | "changed";

/**
 * A chosen line now: still open and as the waiter saw it; settled by someone meanwhile (the
 * "already paid by Maria at 14:02" answer); or still open but changed (part of it settled, so its
 * pieces and amount are no longer the ones on the screen). Without `seen` only the state counts.
 */
export function lineAsSeen(
  line: { state: string; quantity: number; amountCents: number },
  seen: SeenLine | undefined,
): LineAsSeen {
  if (line.state !== "OPEN") return "settled";
  if (seen === undefined) return "as-seen";
  return line.quantity === seen.quantity && line.amountCents === seen.amountCents ? "as-seen" : "changed";
}
