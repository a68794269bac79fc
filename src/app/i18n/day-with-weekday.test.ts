import { describe, expect, it } from "vitest";
import { formatDayWithWeekday } from "./day-with-weekday";

describe("a calendar day with its weekday, in the UI language", () => {
  it("Greek: weekday, day, month, year, as a Greek waiter reads them", () => {
    expect(formatDayWithWeekday("2026-11-28", "GRE")).toBe("Σάβ 28 Νοε 2026");
  });

  it("English: the same day in English, day before month", () => {
    expect(formatDayWithWeekday("2026-11-28", "ENG")).toBe("Sat, 28 Nov 2026");
  });

  it("is the day named, whatever the device's time zone (no slip to the day before or after)", () => {
    expect(formatDayWithWeekday("2026-01-01", "ENG")).toBe("Thu, 1 Jan 2026");
    expect(formatDayWithWeekday("2026-12-31", "GRE")).toBe("Πέμ 31 Δεκ 2026");
  });
});
