/**
 * Which paths render with the first-load "messages" catalog alone (catalogs.ts): the pages a guest
 * opens by scanning a code — services and the menu with its categories view. Every other route
 * waits for the "screens" catalog before it renders, the happy-hour and search views too (their
 * texts are kept out of the menu's first load, which a scan of a table's code waits for). The landing page ("/") waits in its own route,
 * after deciding whether a home-screen launch goes straight to the last table's menu.
 */
const NOT_A_SERVICE = new Set([
  "menu",
  "info",
  "history",
  "profile",
  "review",
  "stores",
  "pin",
  "order-change-status",
  "view-order-details",
  "open-tables",
  "open-rooms",
  "order-history",
  "receipts",
  "day-summary",
  "kitchen",
  "staff-sign-in",
  "staff-login",
  "staff-admin",
]);

const MENU_VIEWS = new Set(["categories"]);

export function rendersWithFirstLoadTexts(pathname: string): boolean {
  const segments = pathname.split("/").filter((segment) => segment !== "");
  if (segments.length === 0) return true;
  const [first, second, third, ...rest] = segments;
  if (first === "menu") return segments.length === 2;
  if (first === undefined || second === undefined || NOT_A_SERVICE.has(first) || rest.length > 0) return false;
  return third === undefined || MENU_VIEWS.has(third);
}
