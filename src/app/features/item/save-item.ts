/**
 * What the item modal's buttons write to the cart (spec §4 "Cart add", "Edit mode: quantity 0
 * removes the line"). The limits are checked once more inside the write transaction, against the
 * cart as it is stored now: another tab may have added to it since the modal opened.
 */
import { addLine, removeLine, updateLine } from "../../../domain/cart";
import { checkAddButton, type LimitVerdict } from "../../../domain/limits";
import type { LineRental } from "../../../domain/rentals";
import type { AppDatabase } from "../../db/app-db";
import { type CartKey, changeCart } from "../../db/cart-repository";
import {
  cartLineChanges,
  cartLineDraft,
  type SubmitIntent,
  type SubselectionContext,
  submitIntent,
} from "../../machines/subselection.machine";

export class CartLimitError extends Error {
  readonly verdict: Exclude<LimitVerdict, { ok: true }>;

  constructor(verdict: Exclude<LimitVerdict, { ok: true }>) {
    super(`Cart limit reached: ${verdict.reason}`);
    this.name = "CartLimitError";
    this.verdict = verdict;
  }
}

/** Adds, updates or removes as the modal's state says (a rental with its checked dates); returns what it did. */
export async function saveItem(
  db: AppDatabase,
  key: CartKey,
  context: SubselectionContext,
  rental: LineRental | null = null,
): Promise<SubmitIntent> {
  const intent = submitIntent(context);
  const lineId = context.editingLineId;
  await changeCart(db, key, (cart) => {
    if (intent === "remove") return lineId === null ? cart : removeLine(cart, lineId);
    const verdict = checkAddButton(
      cart.lines,
      { item: context.item, quantity: context.quantity, editingLineId: lineId },
      context.maxItemsPerOrder,
      context.mode,
    );
    if (!verdict.ok) throw new CartLimitError(verdict);
    const dates = rental === null ? {} : { rental };
    if (intent === "add") return addLine(cart, { ...cartLineDraft(context, key), ...dates });
    return lineId === null ? cart : updateLine(cart, lineId, { ...cartLineChanges(context), ...dates });
  });
  return intent;
}

/** The edit mode's separate "Remove" button. */
export async function removeItemLine(db: AppDatabase, key: CartKey, lineId: number): Promise<void> {
  await changeCart(db, key, (cart) => removeLine(cart, lineId));
}
