/**
 * The reads a guest's entry page starts with (a flat first visit): the table, and
 * on a service's screens that service's menu. The app asks for them by these paths
 * (app/api/requests.ts, under /api); the server names them in a `Link: rel=preload` header of the
 * HTML it answers a page load with (server/plugins/not-found.ts), so a phone on a cold visit
 * starts them beside the app's code instead of after it has arrived and run.
 */
import { MAX_ID, SLUG_PATTERN } from "./ids";

export const tableReadPath = (tableId: number): string => `tables/${tableId}`;

export const tableMenuReadPath = (tableId: number, serviceSlug: string): string =>
  `tables/${tableId}/menus/${serviceSlug}`;

/**
 * First path segments of the app's own screens with a second segment (app/routes; a test holds
 * this list to the route tree): before a table id, any other segment is a service's slug, and a
 * venue file may not give a service one of these (server/venue/semantic-checks.ts).
 */
export const APP_SCREEN_SEGMENTS: ReadonlySet<string> = new Set([
  "back-office",
  "day-summary",
  "history",
  "info",
  "kitchen",
  "menu",
  "open-rooms",
  "open-tables",
  "order-history",
  "profile",
  "receipts",
  "review",
  "stock",
  "stores",
  "view-order-details",
]);

/** As the API takes them: a positive 32-bit id, a slug of the venue file's format. */
const TABLE_ID = /^[1-9][0-9]{0,9}$/;
const SERVICE_SLUG = new RegExp(SLUG_PATTERN);

/**
 * The API paths the page at `pathname` reads first: /menu/:tableId (a table's services) reads the
 * table; /:serviceSlug/:tableId and its screens read the table and the service's menu; any other
 * page, none.
 */
export function firstReadsOf(pathname: string): string[] {
  const [first = "", second = "", ...rest] = pathname.split("/").slice(1);
  if (!TABLE_ID.test(second) || Number(second) > MAX_ID) return [];
  const tableId = Number(second);
  if (first === "menu") return rest.length === 0 ? [tableReadPath(tableId)] : [];
  if (APP_SCREEN_SEGMENTS.has(first) || !SERVICE_SLUG.test(first)) return [];
  return [tableReadPath(tableId), tableMenuReadPath(tableId, first)];
}
