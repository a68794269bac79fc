import { describe, expect, it } from "vitest";
import { hidesSiteChrome, languagePickerTheme, SCREENS, type Screen, showsFooter } from "./screens";

describe("footer (spec §2: shows on all routes except info, landing, cart, menu, open-tables, open-rooms, store-order-history, services, profile, pin, order-change-status, view-order-details, history)", () => {
  const withoutFooter: Screen[] = [
    "info",
    "specific-info",
    "landing",
    "cart",
    "cart-with-change-phone",
    "cart-with-delete-card",
    "menu",
    "menu-with-categories",
    "menu-with-happy-hour",
    "search",
    "open-tables",
    "open-rooms",
    "store-order-history",
    "services",
    "profile",
    "profile-with-delete",
    "pin",
    "order-change-status",
    // Not in the spec's list: a receipt and the day summary are paper, printed without a footer.
    "receipt",
    "day-summary",
    // The kitchen tab, a station's display and the waiter's stock: staff screens, like open-tables.
    "kitchen",
    "kitchen-display",
    "stock",
    // Staff sign-in pages: PDA screens, like pin.
    "staff-sign-in",
    "staff-login",
    "staff-admin",
    "back-office",
    "view-order-details",
    "history",
    "history-with-entrance",
    // The guest's bill: a screen to pay from, like the cart.
    "bill",
  ];

  it.each(withoutFooter)("is hidden on %s", (screen) => {
    expect(showsFooter(screen)).toBe(false);
  });

  it("shows on every other screen: reviews, store-reviews and the not-found screen", () => {
    const withFooter = SCREENS.filter((screen) => !withoutFooter.includes(screen));
    expect(withFooter).toEqual(["reviews", "store-reviews", "not-found"]);
    for (const screen of withFooter) expect(showsFooter(screen)).toBe(true);
  });
});

describe("dark brand (spec §2: brand=dark styles the language picker on profile, services, menu, open-tables, open-rooms, store-order-history, cart, history and pin)", () => {
  const darkCapable: Screen[] = [
    "profile",
    "profile-with-delete",
    "services",
    "menu",
    "menu-with-categories",
    "open-tables",
    "open-rooms",
    "store-order-history",
    "cart",
    "cart-with-delete-card",
    "history",
    "history-with-entrance",
    "pin",
  ];

  it.each(darkCapable)("is dark on %s with brand=dark", (screen) => {
    expect(languagePickerTheme(screen, "dark")).toBe("dark");
  });

  it("stays light without brand=dark", () => {
    expect(languagePickerTheme("menu", undefined)).toBe("light");
    expect(languagePickerTheme("menu", "light")).toBe("light");
  });

  it("stays light on the other screens even with brand=dark", () => {
    for (const screen of ["landing", "info", "specific-info", "reviews", "store-reviews"] as const) {
      expect(languagePickerTheme(screen, "dark")).toBe("light");
    }
  });
});

describe("isApplication (spec §2 specific-info: optional query flag isApplication)", () => {
  it("hides the site header and footer on info pages opened by the native app", () => {
    expect(hidesSiteChrome("specific-info", true)).toBe(true);
    expect(hidesSiteChrome("specific-info", "true")).toBe(true);
    expect(hidesSiteChrome("info", true)).toBe(true);
  });

  it("keeps them otherwise", () => {
    expect(hidesSiteChrome("specific-info", undefined)).toBe(false);
    expect(hidesSiteChrome("specific-info", false)).toBe(false);
    expect(hidesSiteChrome("menu", true)).toBe(false);
  });
});
