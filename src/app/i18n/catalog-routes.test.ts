import { describe, expect, it } from "vitest";
import { rendersWithFirstLoadTexts } from "./catalog-routes";

describe("which routes render with the first-load catalog (spec §2 routes; the menu's first load stays small)", () => {
  it.each([
    ["/", true],
    ["/menu/7201", true],
    ["/beach-bar/7201", true],
    ["/beach-bar/7201/", true],
    ["/beach-bar/7201/categories", true],
    // Kept out of the JS before the first render: their texts come with the later "screens" catalog.
    ["/beach-bar/7201/happy-hour", false],
    ["/beach-bar/7201/search", false],
    ["/beach-bar/7201/cart", false],
    ["/beach-bar/7201/cart/delete-card", false],
    ["/history/5", false],
    ["/history/5/entrance", false],
    ["/profile/5", false],
    ["/review/12", false],
    ["/stores/7/reviews", false],
    ["/info", false],
    ["/info/contact-us", false],
    ["/pin", false],
    ["/order-change-status", false],
    ["/open-tables/for-store/7/7499", false],
    ["/kitchen/for-store/7/7499", false],
    ["/kitchen/for-store/7/7499/7601", false],
    ["/view-order-details/1/7/abc", false],
  ])("%s → %s", (path, firstLoad) => {
    expect(rendersWithFirstLoadTexts(path)).toBe(firstLoad);
  });
});
