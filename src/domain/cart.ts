/**
 * The guest's cart as an immutable value (spec §3 "Cart line", §4 "Cart add", "Edit mode", §3
 * "Local storage keeps: cart, next item id").
 *
 * - A line holds a snapshot of the item as it was when added (what pricing and the limits need),
 *   so the cart prices and checks itself offline; the server re-prices from its own data.
 * - Adding merges into an existing line (quantities add) when item, cleaned comment, service,
 *   store, subselections, rental dates and every price that goes into the line all match. Deals, non-measurable
 *   and per-kg items always get a line of their own.
 * - Comments are cleaned (comment.ts) before they are stored, so merging compares cleaned text.
 * - Updating a line to quantity 0 removes it (edit mode). Editing does not merge the edited line
 *   into another one that has become identical: the guest edits the line they opened.
 * - Line ids come from `nextItemId`; a cart that becomes empty starts again from 1.
 * - Operations check only the shape of what they are given (positive integer quantities); the
 *   ordering limits (limits.ts) are the caller's check before adding.
 */
import type { ItemDto } from "./api";
import { sanitizeComment } from "./comment";
import { DEALS_CATEGORY_NAME } from "./constants";
import { type LineRental, sameRental } from "./rentals";
import { type Selection, sameSelection, selectedIn } from "./subselections";

/** The item fields a cart line keeps: names to show, prices, merge flags, limits and options. */
const CART_ITEM_FIELDS = [
  "id",
  "categoryId",
  "names",
  "priceCents",
  "membershipPriceCents",
  "memberPriceEnabled",
  "membershipAdditionCents",
  "measurable",
  "perKg",
  "priceable",
  "rental",
  "request",
  "productCategoryName",
  "maxProductsPerCartForThisCategory",
  "stockEnabled",
  "stockAlignedToCartAddition",
  "stockAmount",
  "subselections",
] as const satisfies readonly (keyof ItemDto)[];

export type CartItem = Pick<ItemDto, (typeof CART_ITEM_FIELDS)[number]>;

export interface CartLine {
  id: number;
  storeId: number;
  serviceId: number;
  item: CartItem;
  /** Pieces; for per-kg items the number of portions of `kilos` each (usually 1). */
  quantity: number;
  /** Weight for per-kg items (already validated and capped, see limits.ts), null otherwise. */
  kilos: number | null;
  comment: string;
  /** Selected option ids per subselection group id. */
  selection: Selection;
  /** A rentable item's pick-up, return and started units (rentals.ts); absent on other lines. */
  rental?: LineRental | null;
}

/** A line as the item modal hands it over, before the cart gives it an id. */
export type CartLineDraft = Omit<CartLine, "id">;

export type CartLineChanges = Partial<Pick<CartLine, "quantity" | "kilos" | "comment" | "selection" | "rental">>;

export interface Cart {
  lines: readonly CartLine[];
  nextItemId: number;
}

const FIRST_ITEM_ID = 1;

export const EMPTY_CART: Cart = { lines: [], nextItemId: FIRST_ITEM_ID };

/** The snapshot a cart line keeps of a menu item (photo and the like stay in the menu). */
export function cartItemOf(item: ItemDto): CartItem {
  // An optional field the item lacks (rental) stays absent rather than undefined.
  return Object.fromEntries(
    CART_ITEM_FIELDS.filter((field) => item[field] !== undefined).map((field) => [field, item[field]]),
  ) as CartItem;
}

/** Deals, non-measurable and per-kg items never merge: each addition is its own line. */
export function alwaysSeparateLine(item: Pick<CartItem, "productCategoryName" | "measurable" | "perKg">): boolean {
  return item.productCategoryName === DEALS_CATEGORY_NAME || !item.measurable || item.perKg;
}

/** Whether adding `draft` would add to `line`'s quantity instead of making a new line. */
export function linesMerge(line: CartLineDraft, draft: CartLineDraft): boolean {
  return (
    !alwaysSeparateLine(draft.item) &&
    line.item.id === draft.item.id &&
    line.storeId === draft.storeId &&
    line.serviceId === draft.serviceId &&
    sanitizeComment(line.comment) === sanitizeComment(draft.comment) &&
    sameSelection(line.selection, draft.selection) &&
    sameRental(line.rental, draft.rental) &&
    linePriceKey(line) === linePriceKey(draft)
  );
}

/** Adds a line, or adds its quantity to a matching line. */
export function addLine(cart: Cart, draft: CartLineDraft): Cart {
  assertQuantity(draft.quantity, 1);
  const cleaned: CartLineDraft = { ...draft, comment: sanitizeComment(draft.comment) };
  const match = cart.lines.find((line) => linesMerge(line, cleaned));
  if (match !== undefined) {
    return {
      ...cart,
      lines: cart.lines.map((line) =>
        line === match ? { ...line, quantity: line.quantity + cleaned.quantity } : line,
      ),
    };
  }
  return { lines: [...cart.lines, { ...cleaned, id: cart.nextItemId }], nextItemId: cart.nextItemId + 1 };
}

/** Changes a line (edit mode). Quantity 0 removes it; an unknown id leaves the cart as it is. */
export function updateLine(cart: Cart, lineId: number, changes: CartLineChanges): Cart {
  if (changes.quantity !== undefined) {
    assertQuantity(changes.quantity, 0);
    if (changes.quantity === 0) return removeLine(cart, lineId);
  }
  const cleaned = changes.comment === undefined ? changes : { ...changes, comment: sanitizeComment(changes.comment) };
  return { ...cart, lines: cart.lines.map((line) => (line.id === lineId ? { ...line, ...cleaned } : line)) };
}

/** Removes a line; a cart left empty starts its line ids again. */
export function removeLine(cart: Cart, lineId: number): Cart {
  const lines = cart.lines.filter((line) => line.id !== lineId);
  if (lines.length === cart.lines.length) return cart;
  return lines.length === 0 ? EMPTY_CART : { ...cart, lines };
}

export function clearCart(): Cart {
  return EMPTY_CART;
}

/** Every price that goes into a line: lines priced from different menu data stay apart. */
function linePriceKey(line: CartLineDraft): string {
  const { priceCents, membershipPriceCents, membershipAdditionCents, memberPriceEnabled, priceable, request, rental } =
    line.item;
  const selectedOptionPrices = line.item.subselections.flatMap((group) =>
    group.options
      .filter((option) => selectedIn(line.selection, group.id).includes(option.id))
      .map((option) => [group.id, group.priceAggregated, option.id, option.priceCents]),
  );
  return JSON.stringify([
    priceCents,
    membershipPriceCents,
    membershipAdditionCents,
    memberPriceEnabled,
    priceable,
    request,
    rental?.unit,
    rental?.maxUnits,
    line.rental?.units,
    selectedOptionPrices,
  ]);
}

function assertQuantity(quantity: number, minimum: 0 | 1): void {
  if (!Number.isSafeInteger(quantity) || quantity < minimum) {
    throw new RangeError(`A cart line quantity must be an integer >= ${minimum}, got ${quantity}`);
  }
}
