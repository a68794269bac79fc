/**
 * When a service, its scheduled-order window or a happy hour is open (spec §4 "Service open",
 * §9 "Service hours time zone: Europe/Athens").
 *
 * Rules:
 * - Hours are "HH:MM" wall-clock times in Athens. A range is open from its start (inclusive) to
 *   its end (exclusive): 09:00-17:00 is open at 09:00 and 16:59, closed at 17:00.
 * - start > end is an overnight range: 22:00-03:00 is open from 22:00 to 02:59 the next morning.
 * - start == end is read as open all day (a zero-length range would be a service that never
 *   opens, which no venue configures on purpose; "24 hours" is the useful reading).
 * - Missing hours (null/undefined) mean always open.
 * - Comparison is by minute of the day: the clock's seconds never change the answer because
 *   every boundary is a whole minute.
 * - On daylight-saving days the wall clock is what counts: at the spring change 03:00-03:59 never
 *   happens in Athens, at the autumn change 03:00-03:59 happens twice.
 */
import type { ServiceDto } from "./api";
import { ATHENS_TIME_ZONE } from "./constants";
import { type Temporal, temporal } from "./temporal";

/** A range of wall-clock times, "HH:MM" each (the shape of the API's hours and happy hour). */
export interface Hours {
  startTime: string;
  endTime: string;
}

/** A wall-clock time; a Temporal.PlainTime fits, so does a plain { hour, minute }. */
export interface WallClockTime {
  hour: number;
  minute: number;
}

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The Europe/Athens wall-clock time at an instant (DST handled by the time-zone database). */
export function athensTimeOf(instant: Temporal.Instant): Temporal.PlainTime {
  return instant.toZonedDateTimeISO(ATHENS_TIME_ZONE).toPlainTime();
}

/** The current Athens time from an ISO 8601 instant string (e.g. the answer of GET /utils/date). */
export function athensTimeOfIso(iso: string): Temporal.PlainTime {
  return athensTimeOf(temporal().Instant.from(iso));
}

/** Minutes since midnight of an "HH:MM" text; throws RangeError on anything else. */
export function minuteOfDay(timeOfDay: string): number {
  const match = TIME_OF_DAY.exec(timeOfDay);
  if (match === null) {
    throw new RangeError(`Not an HH:MM time of day: ${JSON.stringify(timeOfDay)}`);
  }
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Whether `time` falls in `hours` ([start, end), overnight when start > end, all day when equal). */
export function isWithinHours(hours: Hours | null | undefined, time: WallClockTime): boolean {
  if (hours == null) return true;
  const start = minuteOfDay(hours.startTime);
  const end = minuteOfDay(hours.endTime);
  const now = time.hour * 60 + time.minute;
  if (start === end) return true;
  if (start < end) return start <= now && now < end;
  return now >= start || now < end;
}

/** Whether the service takes immediate orders at `time` (spec §4: always, when it has no hours). */
export function isServiceOpen(service: Pick<ServiceDto, "hours">, time: WallClockTime): boolean {
  return isWithinHours(service.hours, time);
}

/**
 * Whether scheduled orders can be placed at `time`: the service enables them and `time` is in
 * their own window (a service that enables them without a window takes them at any time).
 */
export function isScheduledOrderingOpen(
  service: Pick<ServiceDto, "scheduledOrdersEnabled" | "scheduledOrdersHours">,
  time: WallClockTime,
): boolean {
  return service.scheduledOrdersEnabled && isWithinHours(service.scheduledOrdersHours, time);
}
