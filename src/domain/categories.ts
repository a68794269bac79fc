/**
 * The category chips of the menu (spec §4 "Categories: All (-1) is active when nothing else is;
 * picking a category deactivates All; removing the last active category reactivates All").
 * Several categories can be active at once; "All" (CATEGORY_ALL_ID) stands for "no filter" and is
 * never active together with another category. Picking All clears the others; picking All while it
 * is already active changes nothing (it cannot be switched off: something is always active).
 *
 * The active set is a plain array of category ids, so it can be kept in a URL or storage as is.
 */
import { CATEGORY_ALL_ID } from "./constants";

export type ActiveCategories = readonly number[];

export const ALL_CATEGORIES_ACTIVE: ActiveCategories = [CATEGORY_ALL_ID];

/** Toggles one chip and returns the new active set. */
export function toggleCategory(active: ActiveCategories, categoryId: number): ActiveCategories {
  if (categoryId === CATEGORY_ALL_ID) return ALL_CATEGORIES_ACTIVE;
  const specific = active.filter((id) => id !== CATEGORY_ALL_ID);
  if (specific.includes(categoryId)) {
    const remaining = specific.filter((id) => id !== categoryId);
    return remaining.length === 0 ? ALL_CATEGORIES_ACTIVE : remaining;
  }
  return [...specific, categoryId];
}

export function isCategoryActive(active: ActiveCategories, categoryId: number): boolean {
  return showsAll(active) ? categoryId === CATEGORY_ALL_ID : active.includes(categoryId);
}

/** True when no specific category filters the menu (All is active, or the set is empty). */
export function showsAll(active: ActiveCategories): boolean {
  return active.length === 0 || active.includes(CATEGORY_ALL_ID);
}

/** The items the menu shows for the active categories. */
export function itemsInActiveCategories<T extends { categoryId: number }>(
  items: readonly T[],
  active: ActiveCategories,
): T[] {
  if (showsAll(active)) return [...items];
  return items.filter((item) => active.includes(item.categoryId));
}
