/**
 * The times a guest can pick for a scheduled order (spec §3 scheduledOrdersEnabled, hours
 * scheduledOrdersStartTime/EndTime, §9 Europe/Athens): every quarter hour from a lead time after
 * now, today and tomorrow in Athens, kept only where order-placement.ts isValidScheduledTime (the
 * server's own check) says yes. So the picker offers nothing the server would refuse with
 * INVALID_TIME_TO_BE_DELIVERED_FOR_SCHEDULED_ORDER, except when the clock moves past a slot.
 */
import type { ServiceDto } from "./api";
import { ATHENS_TIME_ZONE } from "./constants";
import { athensDayOf, isValidScheduledTime } from "./order-placement";
import { temporal } from "./temporal";

export const SLOT_STEP_MINUTES = 15;
/** A kitchen needs some time: the first slot is at least this far ahead. */
export const SLOT_LEAD_MINUTES = 15;

export interface ScheduledSlot {
  /** ISO 8601 instant (UTC), as PlaceOrderRequest.scheduledFor takes it. */
  iso: string;
  /** 0 today, 1 tomorrow (Athens days). */
  dayOffset: 0 | 1;
  /** "HH:MM" Athens wall-clock time. */
  time: string;
}

export function scheduledSlots(
  service: Pick<ServiceDto, "scheduledOrdersEnabled" | "scheduledOrdersHours">,
  nowEpochMs: number,
): ScheduledSlot[] {
  if (!service.scheduledOrdersEnabled) return [];
  const T = temporal();
  const now = T.Instant.fromEpochMilliseconds(nowEpochMs);
  const today = athensDayOf(now);
  const earliest = now.add({ minutes: SLOT_LEAD_MINUTES });
  // Start at the first whole quarter hour at or after `earliest`, in Athens wall-clock terms.
  let slot = earliest
    .toZonedDateTimeISO(ATHENS_TIME_ZONE)
    .round({ smallestUnit: "minute", roundingMode: "ceil" })
    .with({ second: 0, millisecond: 0, microsecond: 0, nanosecond: 0 });
  const remainder = slot.minute % SLOT_STEP_MINUTES;
  if (remainder !== 0) slot = slot.add({ minutes: SLOT_STEP_MINUTES - remainder });
  const slots: ScheduledSlot[] = [];
  const endOfTomorrow = today.add({ days: 2 }).toZonedDateTime({ timeZone: ATHENS_TIME_ZONE }).toInstant();
  while (T.Instant.compare(slot.toInstant(), endOfTomorrow) < 0) {
    const instant = slot.toInstant();
    if (isValidScheduledTime(service, instant, now)) {
      slots.push({
        iso: instant.toString(),
        dayOffset: slot.toPlainDate().equals(today) ? 0 : 1,
        time: slot.toPlainTime().toString({ smallestUnit: "minute" }),
      });
    }
    slot = slot.add({ minutes: SLOT_STEP_MINUTES });
  }
  return slots;
}
