/**
 * Which menu rows are on a phone's first screen (issue 13 item 1): their photos are fetched at once
 * and first (the page's largest paint on a cold visit); every later photo waits until scrolled near.
 */

/** Item rows a 360x640 phone shows under the header and category chips, with one to spare. */
export const FIRST_SCREEN_ITEM_ROWS = 4;

/** How many items of section `index` are among the first FIRST_SCREEN_ITEM_ROWS of the page. */
export function priorityPhotosOf(sections: readonly { items: readonly unknown[] }[], index: number): number {
  const before = sections.slice(0, index).reduce((sum, section) => sum + section.items.length, 0);
  return Math.max(0, Math.min(FIRST_SCREEN_ITEM_ROWS - before, sections[index]?.items.length ?? 0));
}
