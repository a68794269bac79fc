/**
 * How much the guest may put in the cart (spec §5 "Kilos", "Quantity decrement", "Max items per
 * order", "Max per category", "Stock", and the messages and banners that go with them; the texts
 * themselves are the UI's, this module returns which rule stopped the guest and its number).
 *
 * - Max items per order (service.maxItemsPerOrder; 0, null or missing: no limit): the total
 *   quantity of the cart, with the modal's quantity in it, may not go above the limit, so
 *   increments stop once it is reached. The add button's banner does not enforce it in edit mode
 *   (BANNER_ENFORCES_MAX_PER_ORDER); the stepper still does.
 * - Max per category (item.maxProductsPerCartForThisCategory; null or 0: no limit): the same rule
 *   over every line whose item has the same productCategoryName.
 * - Stock: when stockEnabled and stockAlignedToCartAddition, the item's quantity over all its
 *   lines may not go above stockAmount (an unknown amount, null, is not enforced).
 * - When several limits are hit, the verdict names the first of: per order, per category, stock.
 * - In edit mode the edited line's own quantity is replaced by the modal's, not added to it.
 * - Quantity decrement stops at 1, or at 0 in edit mode (0 removes the line).
 * - Kilos for per-kg items: a number above 0; above KILOS_CAP it is capped; kept to the gram
 *   (the precision prices.ts charges), so a weight that rounds to 0 g is not valid either.
 */
import type { CartItem, CartLine } from "./cart";
import { KILOS_CAP } from "./constants";

export type EditMode = "add" | "edit";

export type LimitVerdict =
  | { ok: true }
  | { ok: false; reason: "MAX_PER_ORDER"; limit: number }
  | { ok: false; reason: "MAX_PER_CATEGORY"; limit: number; category: string }
  | { ok: false; reason: "LOW_STOCK"; limit: number };

export type LimitedItem = Pick<
  CartItem,
  | "id"
  | "productCategoryName"
  | "maxProductsPerCartForThisCategory"
  | "stockEnabled"
  | "stockAlignedToCartAddition"
  | "stockAmount"
>;

export type LimitedLine = Pick<CartLine, "id" | "quantity"> & { item: LimitedItem };

/** The item in the modal and the quantity it would put in the cart. */
export interface QuantityCheck {
  item: LimitedItem;
  quantity: number;
  /** Edit mode: the line being edited, whose cart quantity `quantity` replaces. */
  editingLineId?: number | null | undefined;
}

/** Whether the add button's banner counts max items per order, by modal mode. */
export const BANNER_ENFORCES_MAX_PER_ORDER: Readonly<Record<EditMode, boolean>> = { add: true, edit: false };

const OK: LimitVerdict = { ok: true };

/** Total quantity in the cart (pieces; a per-kg line counts its quantity). */
export function cartQuantity(lines: readonly Pick<CartLine, "quantity">[]): number {
  return lines.reduce((total, line) => total + line.quantity, 0);
}

/** Whether the cart with the modal's quantity stays within every limit. */
export function checkQuantity(
  lines: readonly LimitedLine[],
  check: QuantityCheck,
  maxItemsPerOrder: number | null | undefined,
  options: { enforceMaxPerOrder?: boolean } = {},
): LimitVerdict {
  const { item, quantity, editingLineId } = check;
  const others = lines.filter((line) => line.id !== editingLineId);
  const orderLimit = activeLimit(maxItemsPerOrder);
  if ((options.enforceMaxPerOrder ?? true) && orderLimit !== null && cartQuantity(others) + quantity > orderLimit) {
    return { ok: false, reason: "MAX_PER_ORDER", limit: orderLimit };
  }
  const category = item.productCategoryName;
  const categoryLimit = activeLimit(item.maxProductsPerCartForThisCategory);
  const inCategory = others.filter((line) => line.item.productCategoryName === category);
  if (categoryLimit !== null && cartQuantity(inCategory) + quantity > categoryLimit) {
    return { ok: false, reason: "MAX_PER_CATEGORY", limit: categoryLimit, category };
  }
  const stock = stockLimit(item);
  const ofItem = others.filter((line) => line.item.id === item.id);
  if (stock !== null && cartQuantity(ofItem) + quantity > stock) {
    return { ok: false, reason: "LOW_STOCK", limit: stock };
  }
  return OK;
}

/** Whether the stepper may go from `check.quantity` to one more. */
export function checkIncrement(
  lines: readonly LimitedLine[],
  check: QuantityCheck,
  maxItemsPerOrder: number | null | undefined,
): LimitVerdict {
  return checkQuantity(lines, { ...check, quantity: check.quantity + 1 }, maxItemsPerOrder);
}

/** The add/update button's banner: the modal's quantity against the limits, as the mode counts them. */
export function checkAddButton(
  lines: readonly LimitedLine[],
  check: QuantityCheck,
  maxItemsPerOrder: number | null | undefined,
  mode: EditMode,
): LimitVerdict {
  return checkQuantity(lines, check, maxItemsPerOrder, { enforceMaxPerOrder: BANNER_ENFORCES_MAX_PER_ORDER[mode] });
}

/** The lowest quantity the stepper allows: 1, or 0 in edit mode (0 removes the line). */
export function minimumQuantity(mode: EditMode): 0 | 1 {
  return mode === "edit" ? 0 : 1;
}

export function decrementQuantity(quantity: number, mode: EditMode): number {
  return Math.max(minimumQuantity(mode), quantity - 1);
}

export type KilosVerdict = { ok: true; kilos: number } | { ok: false };

/** Kilos as entered for a per-kg item: valid above 0, capped to KILOS_CAP, kept to the gram. */
export function normalizeKilos(kilos: number): KilosVerdict {
  if (!(kilos > 0)) return { ok: false };
  const grams = Math.round(Math.min(kilos, KILOS_CAP) * 1000);
  return grams === 0 ? { ok: false } : { ok: true, kilos: grams / 1000 };
}

/** Reads a typed weight; Greek keyboards type a decimal comma ("0,5"). NaN when it is not a number. */
export function parseKilos(text: string): number {
  const normalized = text.trim().replace(",", ".");
  return /^\d*\.?\d+$|^\d+\.$/.test(normalized) ? Number(normalized) : Number.NaN;
}

function activeLimit(limit: number | null | undefined): number | null {
  return limit == null || limit <= 0 ? null : limit;
}

function stockLimit(item: LimitedItem): number | null {
  if (!item.stockEnabled || !item.stockAlignedToCartAddition || item.stockAmount === null) return null;
  return item.stockAmount;
}
