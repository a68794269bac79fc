import { describe, expect, it } from "vitest";
import { formatAthensDate, formatAthensDateTime, formatAthensDay } from "./athens-date-time";

describe("order times in Athens time (spec §4 Greek time), whatever the device's zone", () => {
  it("summer (UTC+3): 09:15Z is 12:15 in Athens", () => {
    expect(formatAthensDateTime("2026-07-01T09:15:00.000Z", "ENG")).toBe("1 Jul 2026, 12:15");
  });

  it("winter (UTC+2), and a UTC evening that is already the next day in Athens", () => {
    expect(formatAthensDateTime("2026-11-21T22:30:00.000Z", "ENG")).toBe("22 Nov 2026, 00:30");
    expect(formatAthensDate("2026-11-21T22:30:00.000Z", "ENG")).toBe("22 Nov 2026");
  });

  it("Greek conventions in Greek", () => {
    expect(formatAthensDateTime("2026-07-01T09:15:00.000Z", "GRE")).toMatch(/^1 Ιουλ 2026, 12:15$/);
  });

  it("a day the API names (the day summary's) reads as a date, not as 2026-07-01", () => {
    expect(formatAthensDay("2026-07-01", "ENG")).toBe("1 Jul 2026");
    expect(formatAthensDay("2026-12-31", "GRE")).toMatch(/^31 Δεκ 2026$/);
  });
});
