/**
 * The Athens time and day of an instant, from an offset kept per UTC hour, are
 * what Temporal's Europe/Athens gives (spec §9), on ordinary days and across both daylight-saving
 * switches of 2026 (29 March 01:00 UTC, 25 October 01:00 UTC) and midnight.
 */
import { describe, expect, it } from "vitest";
import { athensDayOf } from "../../domain/order-placement";
import { athensTimeOf } from "../../domain/service-hours";
import { athensDayText, athensTime, instantOf } from "./athens-clock";

const MINUTE = 60_000;

function around(iso: string, minutes: number, stepMinutes: number): Date[] {
  const centre = Date.parse(iso);
  const dates: Date[] = [];
  for (let m = -minutes; m <= minutes; m += stepMinutes) dates.push(new Date(centre + m * MINUTE + 1234));
  return dates;
}

describe("athens-clock (spec §9 Athens time; the offset kept per UTC hour)", () => {
  it("matches Temporal's Europe/Athens around both daylight-saving switches, midnights and an ordinary noon", () => {
    const dates = [
      ...around("2026-03-29T01:00:00Z", 120, 7),
      ...around("2026-10-25T01:00:00Z", 120, 7),
      ...around("2026-07-01T21:00:00Z", 90, 11), // Athens midnight in summer (UTC+3)
      ...around("2026-12-31T22:00:00Z", 90, 11), // Athens midnight on new year's eve (UTC+2)
      ...around("2026-07-01T09:00:00Z", 30, 1),
    ];
    for (const date of dates) {
      expect(athensTime(date).toString(), date.toISOString()).toBe(athensTimeOf(instantOf(date)).toString());
      expect(athensDayText(date), date.toISOString()).toBe(athensDayOf(instantOf(date)).toString());
    }
  });
});
