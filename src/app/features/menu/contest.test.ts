import "temporal-polyfill/global";
import { describe, expect, it } from "vitest";
import { fixedAthensClock } from "../../clock/athens-clock";
import { contestBannerShown } from "./contest";

const athensDateAt = (iso: string) => fixedAthensClock(iso).getSnapshot()?.date;

describe("contest banner (spec §9: draw 31 August 2022; shown only until the draw date passes)", () => {
  it("shows before the draw and on the draw day, by the Athens calendar", () => {
    expect(contestBannerShown(athensDateAt("2022-08-01T09:00:00Z"))).toBe(true);
    // 23:59 in Athens on the 31st is 20:59 UTC.
    expect(contestBannerShown(athensDateAt("2022-08-31T20:59:00Z"))).toBe(true);
  });

  it("is gone once the draw date has passed: from midnight in Athens, and in 2026", () => {
    // 21:00 UTC on the 31st is already 1 September in Athens.
    expect(contestBannerShown(athensDateAt("2022-08-31T21:00:00Z"))).toBe(false);
    expect(contestBannerShown(athensDateAt("2026-07-15T09:00:00Z"))).toBe(false);
  });

  it("does not show while the date is unknown", () => {
    expect(contestBannerShown(null)).toBe(false);
  });
});
