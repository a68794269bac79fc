/** An instant as the ordering rules read it: Athens wall-clock time and Athens calendar date. */
import { ATHENS_TIME_ZONE } from "../../domain/constants";
import type { WallClockTime } from "../../domain/service-hours";
import { temporal } from "../../domain/temporal";

export type ClockSource = "server" | "device";

export interface AthensNow {
  epochMs: number;
  /** Hour and minute in Athens (service hours, happy hour, scheduled orders). */
  time: WallClockTime;
  /** The Athens calendar date, YYYY-MM-DD (the contest's draw date). */
  date: string;
  /** Where "now" came from: the server's GET /utils/date, or the device clock after a failure. */
  source: ClockSource;
}

/** Needs Temporal loaded (ensure-temporal.ts). */
export function athensNowAt(epochMs: number, source: ClockSource): AthensNow {
  const zoned = temporal().Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(ATHENS_TIME_ZONE);
  return { epochMs, time: { hour: zoned.hour, minute: zoned.minute }, date: zoned.toPlainDate().toString(), source };
}

/** Epoch milliseconds of an ISO 8601 instant; throws RangeError on anything else. */
export function epochMsOfIso(iso: string): number {
  return temporal().Instant.from(iso).epochMilliseconds;
}
