/**
 * Rentals (spec §5 "Return date required and after pick-up date", §8
 * ENDING_DATE_MUST_BE_AFTER_PICK_UP_DATE): an item a venue rents out (a sunbed for a day, a
 * bicycle, a SUP board) is priced per day or per hour; the guest picks a pick-up and a return
 * date and time, Athens time. Shared by the item modal, the cart and the server's placement.
 *
 * Rules:
 * - Units are counted as started units: a rental of 1 day and 1 minute costs 2 days.
 * - A day is an Athens calendar day on the wall clock: from 10:00 to 10:00 the next day is one
 *   day, also across a daylight-saving change (23 or 25 hours of real time). An hour is 60
 *   minutes of real time: a rental across the spring change from 02:30 to 04:30 on the wall
 *   clock is one hour long and costs one hour.
 * - The return must be after the pick-up (equal is refused, ENDING_DATE_MUST_BE_AFTER_PICK_UP_DATE).
 * - The pick-up may not lie before the current minute.
 * - Both fall in the service's opening hours of their day: the pick-up in [open, close), the
 *   return in [open, close] (handing an item back at closing time is fine). A service without
 *   hours rents at any time.
 * - At most `maxUnits` started units.
 * - A rentable line needs both dates; a line of an item that is not rentable may carry none.
 * Instants travel as ISO 8601 strings; the rules read them with Temporal (temporal.ts).
 */
import { ATHENS_TIME_ZONE } from "./constants";
import { type Hours, isWithinHours, minuteOfDay } from "./service-hours";
import { type Temporal, temporal } from "./temporal";

export const RENTAL_UNITS = ["day", "hour"] as const;
export type RentalUnit = (typeof RENTAL_UNITS)[number];

/** How an item is rented: its price is per `unit`, for at most `maxUnits` of them. */
export interface RentalTerms {
  unit: RentalUnit;
  maxUnits: number;
}

/** The dates a guest picked, as ISO 8601 instants. */
export interface RentalPeriod {
  pickUpAt: string;
  returnAt: string;
}

/** A cart line's rental: its dates and the started units they make (what the line's price multiplies). */
export interface LineRental extends RentalPeriod {
  units: number;
}

export type RentalProblem =
  /** A rentable item without its pick-up or return date. */
  | "DATES_REQUIRED"
  /** Dates on an item that is not rented. */
  | "NOT_RENTABLE"
  /** A date that is no instant. */
  | "INVALID_DATE"
  | "RETURN_NOT_AFTER_PICK_UP"
  | "PICK_UP_IN_PAST"
  | "PICK_UP_OUTSIDE_HOURS"
  | "RETURN_OUTSIDE_HOURS"
  | "SPAN_TOO_LONG";

export type RentalVerdict =
  | { ok: true; rental: LineRental | null }
  | { ok: false; problem: RentalProblem; maxUnits?: number };

const HOUR_MS = 3_600_000;

/** The started units between two instants (at least 1; the caller checks that the return is after the pick-up). */
export function startedUnits(unit: RentalUnit, pickUp: Temporal.Instant, returnAt: Temporal.Instant): number {
  if (unit === "hour") {
    return Math.max(1, Math.ceil((returnAt.epochMilliseconds - pickUp.epochMilliseconds) / HOUR_MS));
  }
  const start = pickUp.toZonedDateTimeISO(ATHENS_TIME_ZONE);
  const end = returnAt.toZonedDateTimeISO(ATHENS_TIME_ZONE);
  const days = start.until(end, { largestUnit: "days", smallestUnit: "days", roundingMode: "ceil" }).days;
  return Math.max(1, days);
}

/** Checks a line's rental dates against its item's terms, the service's hours and now. */
export function checkRental(
  terms: RentalTerms | null | undefined,
  period: RentalPeriod | null | undefined,
  context: { now: Temporal.Instant; hours: Hours | null },
): RentalVerdict {
  if (terms == null) return period == null ? { ok: true, rental: null } : { ok: false, problem: "NOT_RENTABLE" };
  if (period == null || period.pickUpAt === "" || period.returnAt === "") {
    return { ok: false, problem: "DATES_REQUIRED" };
  }
  const pickUp = instantOrNull(period.pickUpAt);
  const returnAt = instantOrNull(period.returnAt);
  if (pickUp === null || returnAt === null) return { ok: false, problem: "INVALID_DATE" };
  const Instant = temporal().Instant;
  if (Instant.compare(returnAt, pickUp) <= 0) return { ok: false, problem: "RETURN_NOT_AFTER_PICK_UP" };
  const thisMinute = context.now.round({ smallestUnit: "minute", roundingMode: "floor" });
  if (Instant.compare(pickUp, thisMinute) < 0) return { ok: false, problem: "PICK_UP_IN_PAST" };
  if (!isWithinHours(context.hours, athensWallClock(pickUp))) return { ok: false, problem: "PICK_UP_OUTSIDE_HOURS" };
  if (!isReturnWithinHours(context.hours, athensWallClock(returnAt))) {
    return { ok: false, problem: "RETURN_OUTSIDE_HOURS" };
  }
  const units = startedUnits(terms.unit, pickUp, returnAt);
  if (units > terms.maxUnits) return { ok: false, problem: "SPAN_TOO_LONG", maxUnits: terms.maxUnits };
  return { ok: true, rental: { pickUpAt: pickUp.toString(), returnAt: returnAt.toString(), units } };
}

/** The instant of an Athens date ("YYYY-MM-DD") and time ("HH:MM"); null when either is no such thing. */
export function athensInstantOf(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  try {
    // "compatible": a time skipped by the spring change moves forward, as a wall clock does.
    return temporal()
      .PlainDateTime.from(`${date}T${time}`)
      .toZonedDateTime(ATHENS_TIME_ZONE, { disambiguation: "compatible" })
      .toInstant()
      .toString();
  } catch {
    return null;
  }
}

/** The Athens date and time of an instant, as date and time inputs hold them. */
export function athensDateAndTimeOf(iso: string): { date: string; time: string } {
  const zoned = temporal().Instant.from(iso).toZonedDateTimeISO(ATHENS_TIME_ZONE);
  return { date: zoned.toPlainDate().toString(), time: zoned.toPlainTime().toString().slice(0, 5) };
}

/** Whether two lines' rentals are the same dates (no rental on both counts as the same). */
export function sameRental(a: RentalPeriod | null | undefined, b: RentalPeriod | null | undefined): boolean {
  if (a == null || b == null) return a == null && b == null;
  return a.pickUpAt === b.pickUpAt && a.returnAt === b.returnAt;
}

function isReturnWithinHours(hours: Hours | null, time: { hour: number; minute: number }): boolean {
  if (isWithinHours(hours, time)) return true;
  return hours != null && time.hour * 60 + time.minute === minuteOfDay(hours.endTime);
}

function athensWallClock(instant: Temporal.Instant): { hour: number; minute: number } {
  const zoned = instant.toZonedDateTimeISO(ATHENS_TIME_ZONE);
  return { hour: zoned.hour, minute: zoned.minute };
}

function instantOrNull(iso: string): Temporal.Instant | null {
  try {
    return temporal().Instant.from(iso);
  } catch {
    return null;
  }
}
