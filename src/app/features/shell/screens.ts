/**
 * The screens of spec §2 by name, and the shell rules that depend on the screen. Every route
 * declares its screen in `staticData.screen`; the shell reads the current one and asks these
 * pure functions what to show.
 */
export const SCREENS = [
  "landing",
  "reviews",
  "profile",
  "profile-with-delete",
  "history",
  "history-with-entrance",
  "store-reviews",
  "info",
  "specific-info",
  "order-change-status",
  "view-order-details",
  "pin",
  "services",
  "open-tables",
  "open-rooms",
  "store-order-history",
  "menu",
  "menu-with-categories",
  "menu-with-happy-hour",
  "search",
  "cart",
  "cart-with-change-phone",
  "cart-with-delete-card",
  // The guest's bill of the spot (paid from the phone), which the spec does not list.
  "bill",
  // Staff pages of table openings that the spec does not list: a receipt to print, the day summary.
  "receipt",
  "day-summary",
  // The kitchen tab (ready to carry, the stations) and a station's kitchen display.
  "kitchen",
  "kitchen-display",
  // The waiter's Stock view: items sold out or counted, services paused.
  "stock",
  // Staff sign-in pages beyond the spec's pin page (a sign-in link, an admin's e-mail and password).
  "staff-sign-in",
  "staff-login",
  "staff-admin",
  // The admins' back office (items, staff), on a laptop or tablet.
  "back-office",
  "not-found",
] as const;

export type Screen = (typeof SCREENS)[number];

/**
 * The spec names groups of screens by their main screen ("cart" covers its change-phone and
 * delete-card variants, "menu" every /:service/:tableId screen, ...).
 */
const FAMILY: Partial<Record<Screen, Screen>> = {
  "profile-with-delete": "profile",
  "history-with-entrance": "history",
  "specific-info": "info",
  "menu-with-categories": "menu",
  "menu-with-happy-hour": "menu",
  search: "menu",
  "cart-with-change-phone": "cart",
  "cart-with-delete-card": "cart",
};

export function screenFamily(screen: Screen): Screen {
  return FAMILY[screen] ?? screen;
}

/**
 * Spec §2 Global shell: "The footer (links to the info pages) shows on all routes except: info,
 * landing, cart, menu, open-tables, open-rooms, store-order-history, services, profile, pin,
 * order-change-status, view-order-details, history."
 */
const NO_FOOTER: ReadonlySet<Screen> = new Set<Screen>([
  "info",
  "landing",
  "cart",
  "menu",
  "open-tables",
  "open-rooms",
  "store-order-history",
  "services",
  "profile",
  "pin",
  "order-change-status",
  "view-order-details",
  "history",
  "bill",
  "receipt",
  "day-summary",
  "kitchen",
  "kitchen-display",
  "stock",
  "staff-sign-in",
  "staff-login",
  "staff-admin",
  "back-office",
]);

export function showsFooter(screen: Screen): boolean {
  return !NO_FOOTER.has(screenFamily(screen));
}

/**
 * Spec §2: "?brand=dark gives the language picker dark styling" on profile and "the same styling
 * applies on services, menu, open-tables, open-rooms, store-order-history, cart, history and pin".
 */
const DARK_BRAND_SCREENS: ReadonlySet<Screen> = new Set<Screen>([
  "profile",
  "services",
  "menu",
  "open-tables",
  "open-rooms",
  "store-order-history",
  "cart",
  "history",
  "pin",
]);

export type PickerTheme = "light" | "dark";

export function languagePickerTheme(screen: Screen, brand: unknown): PickerTheme {
  return brand === "dark" && DARK_BRAND_SCREENS.has(screenFamily(screen)) ? "dark" : "light";
}

/**
 * Spec §2 specific-info: with `isApplication` the page is shown inside the native app wrapper,
 * which has its own chrome, so the site header and footer are hidden.
 */
export function hidesSiteChrome(screen: Screen, isApplication: unknown): boolean {
  return screenFamily(screen) === "info" && (isApplication === true || isApplication === "true");
}
