/**
 * Rounds: what happens to a cart's lines once they are sent as an order. A guest at a beach bar
 * orders a coffee, then, while the store has not answered yet, a second drink: the second is a new
 * round, never a change of the first.
 *
 * - Sending takes the lines out of the cart into the order, in one step: the order's card shows
 *   exactly what was sent, and the cart is free for the next round at once.
 * - A send takes only lines the cart still holds as they were shown; if another tab changed them
 *   in between, nothing is taken and the guest looks again (the total sent must be the total seen).
 * - An order that ends without being made (refused, rejected, timed out, declined card, never
 *   reached the store) gives its lines back to the cart, merged with whatever the guest added
 *   since: nothing the guest chose is lost. An accepted order keeps them: they are on their way.
 */
import { addLine, type Cart, type CartLine, EMPTY_CART } from "./cart";
import type { OrderStatus, OrderStatusEvent, PlaceOrderLine } from "./orders-api";
import type { Selection } from "./subselections";

/** How an order the app followed ended: its final status, or the outbox gave up sending it. */
export type OrderEnd =
  | Pick<OrderStatusEvent, "status" | "dailyNumber" | "errorMessage" | "preparation">
  | { status: "EXPIRED" };

const MADE: readonly (OrderStatus | "EXPIRED")[] = ["ACCEPTED"];

/** Whether an ended order gives its lines back to the cart: every end but an accepted order. */
export function returnsLines(end: OrderEnd): boolean {
  return !MADE.includes(end.status);
}

/**
 * The cart without the lines being sent, or null when the cart no longer holds every one of them
 * exactly as sent (changed in another tab, or already sent by a double tap).
 */
export function takeLines(cart: Cart, sent: readonly CartLine[]): Cart | null {
  if (sent.length === 0) return null;
  const held = new Map(cart.lines.map((line) => [line.id, line]));
  if (!sent.every((line) => sameLine(held.get(line.id), line))) return null;
  const sentIds = new Set(sent.map((line) => line.id));
  const left = cart.lines.filter((line) => !sentIds.has(line.id));
  return left.length === 0 ? EMPTY_CART : { ...cart, lines: left };
}

/** The cart with an unmade order's lines back in it (merged as if added again, new ids). */
export function returnLines(cart: Cart, lines: readonly CartLine[]): Cart {
  return lines.reduce((current, { id: _sentId, ...draft }) => addLine(current, draft), cart);
}

/**
 * The cart lines a checkout sent, for an order stored before orders kept their own lines: each
 * request line is matched to one cart line of the same item, quantity, weight, comment and options.
 */
export function linesOfRequest(cartLines: readonly CartLine[], requestLines: readonly PlaceOrderLine[]): CartLine[] {
  const free = [...cartLines];
  const found: CartLine[] = [];
  for (const sent of requestLines) {
    const index = free.findIndex((line) => sameKey(line, sent));
    if (index === -1) continue;
    found.push(free[index] as CartLine);
    free.splice(index, 1);
  }
  return found;
}

function sameLine(held: CartLine | undefined, sent: CartLine): boolean {
  return held !== undefined && JSON.stringify(held) === JSON.stringify(sent);
}

function sameKey(line: CartLine, sent: PlaceOrderLine): boolean {
  return (
    line.item.id === sent.itemId &&
    line.quantity === sent.quantity &&
    (line.item.perKg ? line.kilos : null) === sent.kilos &&
    line.comment === sent.comment &&
    selectionKey(line.selection) === selectionKey(sent.selection)
  );
}

function selectionKey(selection: Selection | PlaceOrderLine["selection"]): string {
  return JSON.stringify(
    Object.entries<readonly number[]>(selection)
      .filter(([, ids]) => ids.length > 0)
      .map(([group, ids]) => [group, [...ids].sort((a, b) => a - b)])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
}
