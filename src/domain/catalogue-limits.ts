/**
 * Limits of what a venue states about its catalogue, past which a number is a typing slip rather
 * than a menu: shared by the venue file's checks, the staff's edits and the screens that type them.
 */

/** The most pieces a stock amount may count. */
export const MAX_STOCK_AMOUNT = 1_000_000;

/** The most pieces one order may be limited to. */
export const MAX_ITEMS_PER_ORDER_LIMIT = 1_000;

/** The most option groups one item and options one group may hold. */
export const MAX_GROUPS_PER_ITEM = 20;
export const MAX_OPTIONS_PER_GROUP = 50;

/**
 * The longest description (a translation's `details`) an admin's edit may write: far past any menu
 * text, short of a pasted document.
 */
export const MAX_DETAILS_LENGTH = 2_000;
