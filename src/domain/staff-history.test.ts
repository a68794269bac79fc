import { describe, expect, it } from "vitest";
import { isCalendarDay, orderDetailsPath } from "./staff-history";

describe("store order history days (the day picker sends a calendar day)", () => {
  it("accepts real days, leap days included", () => {
    expect(isCalendarDay("2026-07-01")).toBe(true);
    expect(isCalendarDay("2028-02-29")).toBe(true);
  });

  it("refuses days that do not exist or are not written YYYY-MM-DD", () => {
    for (const text of ["2026-02-29", "2026-02-30", "2026-13-01", "2026-00-10", "2026-7-1", "yesterday", ""]) {
      expect(isCalendarDay(text), text).toBe(false);
    }
  });
});

describe("order-details links (spec §2 view-order-details)", () => {
  it("are the app's route with the order, the store and the token", () => {
    expect(orderDetailsPath(91, 7, "a.b.c")).toBe("/view-order-details/91/7/a.b.c");
  });
});
