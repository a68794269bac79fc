import "temporal-polyfill/global";
import { describe, expect, test } from "vitest";
import {
  athensTimeOf,
  athensTimeOfIso,
  type Hours,
  isScheduledOrderingOpen,
  isServiceOpen,
  isWithinHours,
  minuteOfDay,
} from "./service-hours";
import { temporal } from "./temporal";

const { Instant, PlainTime } = temporal();
const at = (hhmm: string) => PlainTime.from(hhmm);
const hours = (startTime: string, endTime: string): Hours => ({ startTime, endTime });

describe("athensTimeOf: §9 service hours time zone is Europe/Athens", () => {
  test.each([
    ["winter (EET, UTC+2)", "2026-01-15T10:00:00Z", "12:00"],
    ["summer (EEST, UTC+3)", "2026-07-15T10:00:00Z", "13:00"],
    ["UTC date before the Athens date", "2026-07-15T22:30:00Z", "01:30"],
    ["spring-forward day, last minute before the change", "2026-03-29T00:59:00Z", "02:59"],
    ["spring-forward day, first minute after the change (03:00 is skipped)", "2026-03-29T01:00:00Z", "04:00"],
    ["fall-back day, first 03:30 (still EEST)", "2026-10-25T00:30:00Z", "03:30"],
    ["fall-back day, second 03:30 (now EET)", "2026-10-25T01:30:00Z", "03:30"],
    ["fall-back day, after the change", "2026-10-25T02:00:00Z", "04:00"],
  ])("%s: %s is %s in Athens", (_title, iso, expected) => {
    const time = athensTimeOf(Instant.from(iso));
    expect(time.toString({ smallestUnit: "minute" })).toBe(expected);
    expect(athensTimeOfIso(iso).toString({ smallestUnit: "minute" })).toBe(expected);
  });
});

describe("isWithinHours: §4 open when Greek time is between start and end", () => {
  test.each([
    ["day range, before start", hours("09:00", "17:00"), "08:59", false],
    ["day range, start is inclusive", hours("09:00", "17:00"), "09:00", true],
    ["day range, inside", hours("09:00", "17:00"), "12:30", true],
    ["day range, last minute", hours("09:00", "17:00"), "16:59", true],
    ["day range, end is exclusive", hours("09:00", "17:00"), "17:00", false],
    ["overnight range, 21:59 before start", hours("22:00", "03:00"), "21:59", false],
    ["overnight range, 22:00 start is inclusive", hours("22:00", "03:00"), "22:00", true],
    ["overnight range, at midnight", hours("22:00", "03:00"), "00:00", true],
    ["overnight range, 02:59 still open", hours("22:00", "03:00"), "02:59", true],
    ["overnight range, 03:00 end is exclusive", hours("22:00", "03:00"), "03:00", false],
    ["overnight range, midday closed", hours("22:00", "03:00"), "12:00", false],
    ["range ending at midnight, 23:59 open", hours("18:00", "00:00"), "23:59", true],
    ["range ending at midnight, 00:00 closed", hours("18:00", "00:00"), "00:00", false],
    ["range starting at midnight, 00:00 open", hours("00:00", "06:00"), "00:00", true],
    ["start == end is open all day, at the boundary", hours("08:00", "08:00"), "08:00", true],
    ["start == end is open all day, elsewhere", hours("08:00", "08:00"), "03:17", true],
  ])("%s: %o at %s -> %s", (_title, range, time, expected) => {
    expect(isWithinHours(range, at(time))).toBe(expected);
  });

  test.each([null, undefined])("§4 always open if hours are missing (%s)", (missing) => {
    for (const time of ["00:00", "12:00", "23:59"]) {
      expect(isWithinHours(missing, at(time))).toBe(true);
    }
  });

  test("seconds never change the answer: 02:59:59 is open and 03:00:00 closed for 22:00-03:00", () => {
    expect(isWithinHours(hours("22:00", "03:00"), at("02:59:59.999"))).toBe(true);
    expect(isWithinHours(hours("22:00", "03:00"), at("03:00:00"))).toBe(false);
  });

  test("accepts a plain { hour, minute } as well as a Temporal.PlainTime", () => {
    expect(isWithinHours(hours("09:00", "17:00"), { hour: 9, minute: 0 })).toBe(true);
    expect(isWithinHours(hours("09:00", "17:00"), { hour: 17, minute: 0 })).toBe(false);
  });

  test("DST spring-forward day: a 03:00-04:00 window never occurs, the wall clock jumps over it", () => {
    const window = hours("03:00", "04:00");
    const before = athensTimeOf(Instant.from("2026-03-29T00:59:00Z"));
    const after = athensTimeOf(Instant.from("2026-03-29T01:00:00Z"));
    expect(isWithinHours(window, before)).toBe(false);
    expect(isWithinHours(window, after)).toBe(false);
  });

  test("DST fall-back day: a 03:00-04:00 window is open during both runs of the repeated hour", () => {
    const window = hours("03:00", "04:00");
    expect(isWithinHours(window, athensTimeOf(Instant.from("2026-10-25T00:30:00Z")))).toBe(true);
    expect(isWithinHours(window, athensTimeOf(Instant.from("2026-10-25T01:30:00Z")))).toBe(true);
    expect(isWithinHours(window, athensTimeOf(Instant.from("2026-10-25T02:00:00Z")))).toBe(false);
  });

  test("DST days: an overnight 22:00-03:00 service closes at Athens 03:00 on both change days", () => {
    const service = hours("22:00", "03:00");
    // Spring: 02:59 EET is 00:59Z; fall: 02:59 EEST is 23:59Z the day before.
    expect(isWithinHours(service, athensTimeOf(Instant.from("2026-03-29T00:59:00Z")))).toBe(true);
    expect(isWithinHours(service, athensTimeOf(Instant.from("2026-10-24T23:59:00Z")))).toBe(true);
    expect(isWithinHours(service, athensTimeOf(Instant.from("2026-10-25T00:00:00Z")))).toBe(false);
  });
});

describe("minuteOfDay: hours are HH:MM", () => {
  test.each([
    ["00:00", 0],
    ["03:00", 180],
    ["23:59", 1439],
  ])("%s is minute %i", (text, minute) => {
    expect(minuteOfDay(text)).toBe(minute);
  });

  test.each(["24:00", "9:00", "12:60", "", "noon"])("rejects %o with a RangeError", (text) => {
    expect(() => minuteOfDay(text)).toThrow(RangeError);
  });
});

describe("isServiceOpen and isScheduledOrderingOpen: §4 scheduled orders have their own window", () => {
  test.each([
    ["open hours, inside", hours("09:00", "17:00"), "10:00", true],
    ["open hours, outside", hours("09:00", "17:00"), "18:00", false],
    ["no hours: always open", null, "04:00", true],
  ])("service %s", (_title, serviceHours, time, expected) => {
    expect(isServiceOpen({ hours: serviceHours }, at(time))).toBe(expected);
  });

  test.each([
    ["enabled, inside its window", true, hours("18:00", "23:00"), "18:00", true],
    ["enabled, window end exclusive", true, hours("18:00", "23:00"), "23:00", false],
    ["enabled, overnight window", true, hours("20:00", "02:00"), "01:00", true],
    ["enabled without a window: always", true, null, "05:00", true],
    ["disabled, even inside its window", false, hours("18:00", "23:00"), "19:00", false],
    ["disabled without a window", false, null, "19:00", false],
  ])("scheduled ordering %s", (_title, scheduledOrdersEnabled, scheduledOrdersHours, time, expected) => {
    expect(isScheduledOrderingOpen({ scheduledOrdersEnabled, scheduledOrdersHours }, at(time))).toBe(expected);
  });
});
