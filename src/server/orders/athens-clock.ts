/**
 * The server's reading of Athens time for orders (spec §9: service hours, happy hour and the day
 * of the daily numbers are Europe/Athens). Loads the Temporal polyfill, which the server does not
 * load elsewhere; a runtime with native Temporal keeps its own.
 */
import "temporal-polyfill/global";
import { athensDayOf } from "../../domain/order-placement";
import { athensTimeOf } from "../../domain/service-hours";
import { type Temporal, temporal } from "../../domain/temporal";

export function instantOf(date: Date): Temporal.Instant {
  return temporal().Instant.fromEpochMilliseconds(date.getTime());
}

export function instantOfIso(iso: string): Temporal.Instant {
  return temporal().Instant.from(iso);
}

/** "YYYY-MM-DD" of the Athens day at `date` (orders.athens_day, the daily counters' key). */
export function athensDayText(date: Date): string {
  return athensDayOf(instantOf(date)).toString();
}

export function athensTime(date: Date): Temporal.PlainTime {
  return athensTimeOf(instantOf(date));
}
