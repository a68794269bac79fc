/**
 * The guest's order history (spec §2 history; GET /api/orders/history): newest first, one page at a
 * time. A page that comes back full may have older orders behind it: the app asks for them with
 * `before` = the oldest id it holds.
 */
export const ORDER_HISTORY_PAGE_SIZE = 50;

/** Whether a page may have older orders behind it. */
export function mayHaveOlderOrders(pageLength: number): boolean {
  return pageLength >= ORDER_HISTORY_PAGE_SIZE;
}
