import { describe, expect, it } from "vitest";
import { SCREENS } from "../shell/screens";
import { honoursEntranceRequest, showsEntranceDialog, showsLoginPrompt } from "./entrance-visibility";

describe("entrance dialog and login prompt visibility (spec §2)", () => {
  it("has no entrance dialog on profile, history, landing, review and cart screens", () => {
    const without = SCREENS.filter((screen) => !showsEntranceDialog(screen));
    expect(without.sort()).toEqual(
      [
        "cart",
        "cart-with-change-phone",
        "cart-with-delete-card",
        "history",
        "history-with-entrance",
        "landing",
        "profile",
        "profile-with-delete",
        "reviews",
      ].sort(),
    );
  });

  it("keeps the dialog on store reviews (only a single order's review is excluded)", () => {
    expect(showsEntranceDialog("store-reviews")).toBe(true);
    expect(showsEntranceDialog("reviews")).toBe(false);
  });

  it("shows the prompt only when signed out, and not where the screen has its own", () => {
    expect(showsLoginPrompt("menu", false)).toBe(true);
    expect(showsLoginPrompt("menu", true)).toBe(false);
    expect(showsLoginPrompt("pin", false)).toBe(false);
    expect(showsLoginPrompt("cart", false)).toBe(false);
    expect(showsLoginPrompt("landing", false)).toBe(false);
    expect(showsLoginPrompt("store-reviews", false)).toBe(true);
  });
});

describe("the cart's own prompt (spec §2: the cart asks at checkout; an order on hold reads Continue / Complete order)", () => {
  it("a request opens the dialog on the cart screens, though the cart shows no dialog by itself", () => {
    for (const screen of ["cart", "cart-with-change-phone", "cart-with-delete-card"] as const) {
      expect(showsEntranceDialog(screen)).toBe(false);
      expect(honoursEntranceRequest(screen)).toBe(true);
    }
  });

  it("on profile, history, landing and review a request is not honoured either", () => {
    for (const screen of ["profile", "history", "landing", "reviews"] as const) {
      expect(honoursEntranceRequest(screen)).toBe(false);
    }
    expect(honoursEntranceRequest("menu")).toBe(true);
  });
});
