/**
 * The store's order history of the staff (GET /api/staff/stores/:storeId/orders) and order details
 * by link (GET /api/order-details/:storeId/:orderId). Constants and small rules the app and the
 * server share; no TypeBox here, so the app may import it (the schemas are in
 * staff-history-api.ts).
 */

/** Orders per page when the query names no limit; the app pages on with `cursor`. */
export const STORE_HISTORY_PAGE_SIZE = 30;
export const STORE_HISTORY_MAX_PAGE_SIZE = 100;

/**
 * The request header that carries an order-details link's token to the API. A header, never the
 * API's URL: access logs and proxies record URLs, not this header.
 */
export const ORDER_LINK_TOKEN_HEADER = "order-link-token";

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDay(text: string): boolean {
  const match = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(text);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The app's path of an order-details link (spec §2 view-order-details). */
export function orderDetailsPath(orderId: number, storeId: number, token: string): string {
  return `/view-order-details/${orderId}/${storeId}/${token}`;
}
