/**
 * The server's reading of Athens time for orders (spec §9: service hours, happy hour and the day
 * of the daily numbers are Europe/Athens). Loads the Temporal polyfill, which the server does not
 * load elsewhere; a runtime with native Temporal keeps its own.
 *
 * Athens' offset from UTC is looked up once per UTC hour and kept (a time-zone
 * lookup on every placement would be about 3% of its CPU). Europe/Athens changes its offset only on
 * the hour (01:00 UTC, at the EU's daylight-saving switches), so within a UTC hour it is fixed.
 */
import "temporal-polyfill/global";
import { ATHENS_TIME_ZONE } from "../../domain/constants";
import { type Temporal, temporal } from "../../domain/temporal";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** UTC hour (ms / HOUR_MS) → Athens' offset in ms; a day or two of hours at most. */
const offsetOfHour = new Map<number, number>();

export function instantOf(date: Date): Temporal.Instant {
  return temporal().Instant.fromEpochMilliseconds(date.getTime());
}

export function instantOfIso(iso: string): Temporal.Instant {
  return temporal().Instant.from(iso);
}

/** Athens' offset from UTC at `ms`, in milliseconds. */
function athensOffsetMs(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsetOfHour.get(hour);
  if (offset === undefined) {
    const instant = temporal().Instant.fromEpochMilliseconds(ms);
    offset = instant.toZonedDateTimeISO(ATHENS_TIME_ZONE).offsetNanoseconds / 1e6;
    if (offsetOfHour.size >= 48) offsetOfHour.clear();
    offsetOfHour.set(hour, offset);
  }
  return offset;
}

/** "YYYY-MM-DD" of the Athens day at `date` (orders.athens_day, the daily counters' key). */
export function athensDayText(date: Date): string {
  const ms = date.getTime();
  return new Date(ms + athensOffsetMs(ms)).toISOString().slice(0, 10);
}

export function athensTime(date: Date): Temporal.PlainTime {
  const ms = date.getTime();
  const local = (((ms + athensOffsetMs(ms)) % DAY_MS) + DAY_MS) % DAY_MS;
  return new (temporal().PlainTime)(
    Math.floor(local / HOUR_MS),
    Math.floor(local / 60_000) % 60,
    Math.floor(local / 1000) % 60,
    local % 1000,
  );
}
