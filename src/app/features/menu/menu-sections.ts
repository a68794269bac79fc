/** Pure shaping of a service's menu for display: categories in the venue's order with their items. */
import type { CategoryDto, ItemDto, MenuResponse } from "../../../domain/api";
import { type ExtraLanguage, pickTranslation, type UiLanguage } from "../../../domain/languages";

export interface MenuSection {
  category: CategoryDto;
  items: ItemDto[];
}

/** Categories keep the order the venue gave them; empty categories are left out. */
export function menuSections(menu: Pick<MenuResponse, "categories" | "items">): MenuSection[] {
  const itemsByCategory = new Map<number, ItemDto[]>();
  for (const item of menu.items) {
    const list = itemsByCategory.get(item.categoryId);
    if (list) list.push(item);
    else itemsByCategory.set(item.categoryId, [item]);
  }
  return menu.categories.flatMap((category) => {
    const items = itemsByCategory.get(category.id);
    return items ? [{ category, items }] : [];
  });
}

/** Lower case without accents, so "καφες" finds "Καφές" and "creme" finds "Crème". */
export function foldForSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLocaleLowerCase("el");
}

/**
 * Items whose name, in the language the menu is shown in (the extra language included), contains
 * every word of the query. Names only: a word met in a description ("ice") would list half the
 * bar.
 */
export function searchItems(
  items: readonly ItemDto[],
  query: string,
  ui: UiLanguage,
  extra: ExtraLanguage | null,
): ItemDto[] {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return items.filter((item) => {
    const haystack = foldForSearch(pickTranslation(item.names, ui, extra).name);
    return words.every((word) => haystack.includes(word));
  });
}
