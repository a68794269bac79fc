/**
 * What of a menu is on a phone's first screen: those rows render first, in the
 * task that paints the page, and their photos are fetched at once and first (the page's largest
 * paint on a cold visit); every later row renders right after, in slices that leave the phone free
 * to paint and answer taps, and every later photo waits until scrolled near.
 */

/** Item rows a 360x640 phone shows under the header and category chips, with one to spare. */
export const FIRST_SCREEN_ITEM_ROWS = 4;

/**
 * Item rows rendered with the page's first paint, the same first screen (a 412x823 phone shows two
 * or three under a menu's notices); the rest follows at once, as a transition (MenuScreen).
 */
export const FIRST_RENDER_ITEM_ROWS = FIRST_SCREEN_ITEM_ROWS;

let everyRowFirst = false;

/**
 * From now on a menu renders every row in its first render: the server's HTML is the whole menu
 * (readable without scripts), and the app's hydration of it must render the same rows.
 */
export function renderEveryRowFirst(): void {
  everyRowFirst = true;
}

export function rendersEveryRowFirst(): boolean {
  return everyRowFirst;
}

/** How many items of section `index` are among the first FIRST_SCREEN_ITEM_ROWS of the page. */
export function priorityPhotosOf(sections: readonly { items: readonly unknown[] }[], index: number): number {
  const before = sections.slice(0, index).reduce((sum, section) => sum + section.items.length, 0);
  return Math.max(0, Math.min(FIRST_SCREEN_ITEM_ROWS - before, sections[index]?.items.length ?? 0));
}

/**
 * The sections cut after the page's first `rows` items (whole sections before them, the first
 * items of the one they end in, none after); every section when `rows` is null.
 */
export function firstRowsOf<Section extends { items: readonly unknown[] }>(
  sections: readonly Section[],
  rows: number | null,
): Section[] {
  if (rows === null) return [...sections];
  const cut: Section[] = [];
  let left = rows;
  for (const section of sections) {
    if (left <= 0) break;
    cut.push(section.items.length <= left ? section : { ...section, items: section.items.slice(0, left) });
    left -= section.items.length;
  }
  return cut;
}
