/**
 * Sold out (spec §5 "Stock"): an item whose stock is counted and has no piece left. The placement
 * refuses it (OUT_OF_STOCK, whatever the alignment to the cart: the server takes stock of every
 * counted item), so the menu, the item modal and the cart say so before the guest sends.
 * An unknown amount (null) is never sold out.
 */
import type { ItemDto } from "./api";

export type StockFacts = Pick<ItemDto, "stockEnabled" | "stockAmount">;

export function isSoldOut(item: StockFacts): boolean {
  return item.stockEnabled && item.stockAmount !== null && item.stockAmount <= 0;
}
