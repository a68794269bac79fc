/**
 * A cart line keeps a snapshot of its item (cart.ts), so the cart prices itself offline. When the
 * menu is read again (a live catalogue change), the snapshot's prices and stock follow the menu,
 * so the cart's total and its sold-out marks are the venue's current ones. Names, options and the
 * guest's choices stay as they are: a removed option is the server's to refuse, not the cart's to
 * rewrite. An item no longer on the menu keeps its snapshot (the placement refuses it).
 */
import type { ItemDto } from "./api";
import type { CartItem, CartLine } from "./cart";

/** The item fields that follow the menu. */
const FOLLOWED_FIELDS = [
  "priceCents",
  "membershipPriceCents",
  "memberPriceEnabled",
  "membershipAdditionCents",
  "stockEnabled",
  "stockAlignedToCartAddition",
  "stockAmount",
] as const satisfies readonly (keyof CartItem & keyof ItemDto)[];

/** The lines with their items' prices and stock as the menu has them; null when nothing changed. */
export function linesFollowingMenu<Line extends Pick<CartLine, "item">>(
  lines: readonly Line[],
  menuItems: readonly ItemDto[],
): Line[] | null {
  const byId = new Map(menuItems.map((item) => [item.id, item]));
  let changed = false;
  const next = lines.map((line) => {
    const current = byId.get(line.item.id);
    if (current === undefined) return line;
    const differs = FOLLOWED_FIELDS.some((field) => line.item[field] !== current[field]);
    if (!differs) return line;
    changed = true;
    const item: CartItem = { ...line.item };
    for (const field of FOLLOWED_FIELDS) (item as Record<string, unknown>)[field] = current[field];
    return { ...line, item };
  });
  return changed ? next : null;
}
