import { describe, expect, it } from "vitest";
import { installOfferOf, isCheckoutPath, isIosSafari, launchTargetOf, updateMayReload } from "./pwa-prompts";

const ready = { path: "prompt", standalone: false, dismissed: false, hasOrdered: true } as const;

describe("the install offer comes after a first order, on a browser that can install, until dismissed", () => {
  it("offers the browser's prompt, or the iOS hint on iOS Safari", () => {
    expect(installOfferOf(ready)).toBe("prompt");
    expect(installOfferOf({ ...ready, path: "ios-safari" })).toBe("ios-hint");
    expect(installOfferOf({ ...ready, path: "none" })).toBeNull();
  });

  it("not on arrival (no order yet), never once dismissed, never inside the installed app", () => {
    expect(installOfferOf({ ...ready, hasOrdered: false })).toBeNull();
    expect(installOfferOf({ ...ready, dismissed: true })).toBeNull();
    expect(installOfferOf({ ...ready, path: "ios-safari", standalone: true })).toBeNull();
  });

  it("recognises iOS Safari, and not the other iOS browsers, in-app browsers or Android", () => {
    const iphone =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
    expect(isIosSafari(iphone, 5)).toBe(true);
    const ipadAsMac =
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
    expect(isIosSafari(ipadAsMac, 5)).toBe(true);
    expect(isIosSafari(ipadAsMac, 0)).toBe(false); // a real Mac
    expect(isIosSafari(iphone.replace("Version/17.5", "CriOS/126.0"), 5)).toBe(false);
    expect(isIosSafari(iphone.replace(" Safari/604.1", ""), 5)).toBe(false); // in-app web view
    expect(
      isIosSafari(
        "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
        5,
      ),
    ).toBe(false);
  });
});

describe("a new version never reloads under a guest mid-checkout or with an order in the outbox", () => {
  it("reloads only off the cart screen with an empty outbox", () => {
    expect(updateMayReload({ pathname: "/cafe/13401", unsentOrders: 0 })).toBe(true);
    expect(updateMayReload({ pathname: "/cafe/13401/cart", unsentOrders: 0 })).toBe(false);
    expect(updateMayReload({ pathname: "/cafe/13401", unsentOrders: 1 })).toBe(false);
  });

  it("the checkout is the cart screen of any service", () => {
    expect(isCheckoutPath("/beach-bar/7201/cart")).toBe(true);
    expect(isCheckoutPath("/beach-bar/7201/cart/")).toBe(true);
    expect(isCheckoutPath("/beach-bar/7201")).toBe(false);
    expect(isCheckoutPath("/cartography")).toBe(false);
  });
});

describe("a launch from the home screen opens the last table's menu", () => {
  it("goes to the remembered table when launched from the home screen", () => {
    expect(launchTargetOf("?launch=home-screen", 7201)).toBe("/menu/7201");
  });

  it("stays on the landing page without a remembered table or when opened from a link", () => {
    expect(launchTargetOf("?launch=home-screen", undefined)).toBeNull();
    expect(launchTargetOf("", 7201)).toBeNull();
    expect(launchTargetOf("?launch=elsewhere", 7201)).toBeNull();
  });
});
