/**
 * What the waiter's Stock view shows and sends, as pure rules: the items that match the search box
 * (by their name in any language, without accents), whether an item reads as sold out, and the
 * stock change each control sends (the body of PUT .../items/:itemId/stock).
 */
import type { ItemStockChange, StaffCatalogue, StaffCatalogueItem } from "../../../../domain/staff-catalogue-api";
import { foldForSearch } from "../../menu/menu-sections";

/** Sold out: counted, none left (the guest rules refuse it then). */
export function isSoldOut(item: Pick<StaffCatalogueItem, "stockEnabled" | "stockAmount">): boolean {
  return item.stockEnabled && item.stockAmount === 0;
}

/** One tap: sold out, or back in stock (not counted any more, as before anyone counted it). */
export function soldOutToggle(item: Pick<StaffCatalogueItem, "stockEnabled" | "stockAmount">): ItemStockChange {
  return isSoldOut(item) ? { stockEnabled: false, stockAmount: null } : { stockEnabled: true, stockAmount: 0 };
}

/** The "pieces left" field: a whole number counts the stock; an empty field stops counting it. */
export function piecesLeftChange(text: string): ItemStockChange | null {
  const trimmed = text.trim();
  if (trimmed === "") return { stockEnabled: false, stockAmount: null };
  if (!/^\d{1,7}$/.test(trimmed)) return null;
  const amount = Number(trimmed);
  return amount <= 1_000_000 ? { stockEnabled: true, stockAmount: amount } : null;
}

/**
 * The catalogue with only the items whose name (in any of its languages) holds every word of the
 * query; categories and services left empty drop out. An empty query keeps everything.
 */
export function filterCatalogue(catalogue: StaffCatalogue, query: string): StaffCatalogue {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return catalogue;
  const matches = (item: StaffCatalogueItem) => {
    const names = foldForSearch(
      Object.values(item.names)
        .map((translation) => translation?.name ?? "")
        .join(" "),
    );
    return words.every((word) => names.includes(word));
  };
  const services = catalogue.services.flatMap((service) => {
    const categories = service.categories.flatMap((category) => {
      const items = category.items.filter(matches);
      return items.length === 0 ? [] : [{ ...category, items }];
    });
    return categories.length === 0 ? [] : [{ ...service, categories }];
  });
  return { ...catalogue, services };
}

/** The API path of an item's stock (the staff outbox's path, relative to /api/). */
export function itemStockPath(storeId: number, itemId: number): string {
  return `staff/stores/${storeId}/items/${itemId}/stock`;
}

/** The API path of a service's pause (PUT pauses, DELETE resumes). */
export function servicePausePath(storeId: number, serviceId: number): string {
  return `staff/stores/${storeId}/services/${serviceId}/pause`;
}
