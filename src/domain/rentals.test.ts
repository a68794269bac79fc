import "temporal-polyfill/global";
import { describe, expect, test } from "vitest";
import {
  athensDateAndTimeOf,
  athensInstantOf,
  checkRental,
  type RentalTerms,
  sameRental,
  startedUnits,
} from "./rentals";
import { temporal } from "./temporal";

const instant = (iso: string) => temporal().Instant.from(iso);
const DAYS: RentalTerms = { unit: "day", maxUnits: 7 };
const HOURS: RentalTerms = { unit: "hour", maxUnits: 8 };
const OPEN_9_TO_19 = { startTime: "09:00", endTime: "19:00" };
// 2026-07-01 08:00 in Athens (UTC+3).
const NOW = instant("2026-07-01T05:00:00Z");
const at = { now: NOW, hours: OPEN_9_TO_19 };
const period = (pickUpAt: string, returnAt: string) => ({ pickUpAt, returnAt });

describe("startedUnits: the price counts started days or hours", () => {
  test("spec §5 V22: a day is counted from pick-up time to the same time the next day", () => {
    expect(startedUnits("day", instant("2026-07-01T07:00:00Z"), instant("2026-07-02T07:00:00Z"))).toBe(1);
    expect(startedUnits("day", instant("2026-07-01T07:00:00Z"), instant("2026-07-03T07:00:00Z"))).toBe(2);
  });
  test("a started day counts whole: one day and one minute is two days", () => {
    expect(startedUnits("day", instant("2026-07-01T07:00:00Z"), instant("2026-07-02T07:01:00Z"))).toBe(2);
    expect(startedUnits("day", instant("2026-07-01T07:00:00Z"), instant("2026-07-01T08:00:00Z"))).toBe(1);
  });
  test("a started hour counts whole: 61 minutes are two hours", () => {
    expect(startedUnits("hour", instant("2026-07-01T07:00:00Z"), instant("2026-07-01T08:00:00Z"))).toBe(1);
    expect(startedUnits("hour", instant("2026-07-01T07:00:00Z"), instant("2026-07-01T08:01:00Z"))).toBe(2);
  });
  test("DST in Athens: across the autumn change 10:00 to 10:00 two days later is 2 days (49 hours)", () => {
    // 2026-10-25 04:00 Athens goes back to 03:00.
    const pickUp = athensInstantOf("2026-10-24", "10:00") ?? "";
    const back = athensInstantOf("2026-10-26", "10:00") ?? "";
    expect(instant(back).epochMilliseconds - instant(pickUp).epochMilliseconds).toBe(49 * 3_600_000);
    expect(startedUnits("day", instant(pickUp), instant(back))).toBe(2);
  });
  test("DST in Athens: across the spring change 10:00 to 10:00 the next day is 1 day (23 hours)", () => {
    const pickUp = athensInstantOf("2026-03-28", "10:00") ?? "";
    const back = athensInstantOf("2026-03-29", "10:00") ?? "";
    expect(startedUnits("day", instant(pickUp), instant(back))).toBe(1);
  });
  test("DST in Athens: hours are real hours, 02:30 to 04:30 on the spring-change night is one hour", () => {
    const pickUp = athensInstantOf("2026-03-29", "02:30") ?? "";
    const back = athensInstantOf("2026-03-29", "04:30") ?? "";
    expect(startedUnits("hour", instant(pickUp), instant(back))).toBe(1);
  });
});

describe("checkRental (spec §5 V22, §8 E24)", () => {
  test("spec §8 E24: a return before the pick-up is refused", () => {
    const verdict = checkRental(DAYS, period("2026-07-02T07:00:00Z", "2026-07-01T07:00:00Z"), at);
    expect(verdict).toEqual({ ok: false, problem: "RETURN_NOT_AFTER_PICK_UP" });
  });
  test("spec §8 E24: a return equal to the pick-up is refused", () => {
    const verdict = checkRental(DAYS, period("2026-07-01T07:00:00Z", "2026-07-01T07:00:00Z"), at);
    expect(verdict).toEqual({ ok: false, problem: "RETURN_NOT_AFTER_PICK_UP" });
  });
  test("spec §5 V22: a rentable item needs both dates", () => {
    expect(checkRental(DAYS, null, at)).toEqual({ ok: false, problem: "DATES_REQUIRED" });
    expect(checkRental(DAYS, period("", "2026-07-02T07:00:00Z"), at)).toEqual({ ok: false, problem: "DATES_REQUIRED" });
  });
  test("dates on an item that is not rented are refused; none is fine", () => {
    expect(checkRental(null, period("2026-07-01T07:00:00Z", "2026-07-02T07:00:00Z"), at)).toEqual({
      ok: false,
      problem: "NOT_RENTABLE",
    });
    expect(checkRental(undefined, undefined, at)).toEqual({ ok: true, rental: null });
  });
  test("a date that is no instant is refused", () => {
    expect(checkRental(DAYS, period("tomorrow", "2026-07-02T07:00:00Z"), at)).toEqual({
      ok: false,
      problem: "INVALID_DATE",
    });
  });
  test("a pick-up before the current minute is refused; one in the current minute is fine", () => {
    expect(checkRental(HOURS, period("2026-07-01T04:59:00Z", "2026-07-01T07:00:00Z"), at)).toMatchObject({
      ok: false,
      problem: "PICK_UP_IN_PAST",
    });
    const now = instant("2026-07-01T07:00:30Z");
    expect(checkRental(HOURS, period("2026-07-01T07:00:00Z", "2026-07-01T08:00:00Z"), { ...at, now })).toMatchObject({
      ok: true,
    });
  });
  test("the pick-up must be in the service's hours: 08:30 Athens is before 09:00", () => {
    const verdict = checkRental(DAYS, period("2026-07-01T05:30:00Z", "2026-07-02T07:00:00Z"), at);
    expect(verdict).toEqual({ ok: false, problem: "PICK_UP_OUTSIDE_HOURS" });
  });
  test("the return must be in the service's hours, closing time included", () => {
    // 19:00 Athens is 16:00 UTC in July.
    expect(checkRental(DAYS, period("2026-07-01T07:00:00Z", "2026-07-01T16:00:00Z"), at)).toMatchObject({ ok: true });
    expect(checkRental(DAYS, period("2026-07-01T07:00:00Z", "2026-07-01T16:01:00Z"), at)).toEqual({
      ok: false,
      problem: "RETURN_OUTSIDE_HOURS",
    });
  });
  test("a service without hours rents at any time", () => {
    const verdict = checkRental(HOURS, period("2026-07-01T21:00:00Z", "2026-07-01T23:00:00Z"), {
      now: NOW,
      hours: null,
    });
    expect(verdict).toMatchObject({ ok: true, rental: { units: 2 } });
  });
  test("a span over the item's maximum is refused, the maximum itself is fine", () => {
    expect(checkRental(DAYS, period("2026-07-01T07:00:00Z", "2026-07-08T07:00:00Z"), at)).toMatchObject({
      ok: true,
      rental: { units: 7 },
    });
    expect(checkRental(DAYS, period("2026-07-01T07:00:00Z", "2026-07-08T08:00:00Z"), at)).toEqual({
      ok: false,
      problem: "SPAN_TOO_LONG",
      maxUnits: 7,
    });
  });
  test("a valid rental gives its instants normalized and its started units", () => {
    const verdict = checkRental(DAYS, period("2026-07-01T10:00:00+03:00", "2026-07-03T10:00:00+03:00"), at);
    expect(verdict).toEqual({
      ok: true,
      rental: { pickUpAt: "2026-07-01T07:00:00Z", returnAt: "2026-07-03T07:00:00Z", units: 2 },
    });
  });
});

describe("Athens dates and times of the modal's inputs", () => {
  test("a date and time in Athens become an instant and back", () => {
    expect(athensInstantOf("2026-07-01", "10:00")).toBe("2026-07-01T07:00:00Z");
    expect(athensInstantOf("2026-12-01", "10:00")).toBe("2026-12-01T08:00:00Z");
    expect(athensDateAndTimeOf("2026-12-01T08:00:00Z")).toEqual({ date: "2026-12-01", time: "10:00" });
  });
  test("empty or malformed inputs give no instant", () => {
    expect(athensInstantOf("", "10:00")).toBeNull();
    expect(athensInstantOf("2026-02-30", "10:00")).toBeNull();
    expect(athensInstantOf("2026-07-01", "")).toBeNull();
  });
  test("sameRental: same dates, or none on both", () => {
    const a = period("2026-07-01T07:00:00Z", "2026-07-02T07:00:00Z");
    expect(sameRental(a, { ...a })).toBe(true);
    expect(sameRental(a, { ...a, returnAt: "2026-07-03T07:00:00Z" })).toBe(false);
    expect(sameRental(null, undefined)).toBe(true);
    expect(sameRental(a, null)).toBe(false);
  });
});
