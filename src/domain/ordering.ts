/**
 * Whether the item modal lets the guest order (spec §4 "Ordering in the modal is disabled when the
 * service is closed, except: for tables, when a delayed-response service or scheduled ordering is
 * open; for rooms and delivery, when scheduled ordering is open. Delivery stays enabled." and §1
 * "read-only mode (view only, no ordering)").
 *
 * Readings of the spec text:
 * - "a delayed-response service" is a service with `delayedResponse` (its requests are answered
 *   later, "under review"), so a table may still send to it while the service is closed.
 * - "Delivery stays enabled" is the last word for delivery spots: delivery links (DELIVERY and
 *   DELIVERY_TABLE) can always order, whatever the hours; the earlier "rooms and delivery" clause
 *   then only adds something for rooms. `ORDERING_WHEN_CLOSED.delivery` is the one place to change
 *   if the product owner reads it the other way.
 * - A read-only store (view only) never orders, whatever the spot or the hours.
 * - A service the venue paused now (service-pause.ts) takes no orders from any spot until the
 *   pause ends: the venue stopped taking them, which no exception for closed hours overrides.
 */
import type { ServiceDto } from "./api";
import { isScheduledOrderingOpen, isServiceOpen, type WallClockTime } from "./service-hours";
import { isPausedAt } from "./service-pause";
import { type SpotKind, type SpotType, spotKind } from "./spots";

/** What the ordering rule needs to know about the store and the service at this moment. */
export interface ServiceOrderingState {
  readOnlyStore: boolean;
  serviceOpen: boolean;
  scheduledOrderingOpen: boolean;
  delayedResponse: boolean;
  /** Paused now by the venue (absent: not paused). */
  paused?: boolean;
}

/** For each spot kind, whether a closed service still takes orders from it. */
const ORDERING_WHEN_CLOSED: Record<SpotKind, (state: ServiceOrderingState) => boolean> = {
  table: (state) => state.delayedResponse || state.scheduledOrderingOpen,
  room: (state) => state.scheduledOrderingOpen,
  delivery: () => true,
};

/** Whether the item modal's add/update button is enabled for this spot and service state. */
export function isOrderingEnabled(spotType: SpotType, state: ServiceOrderingState): boolean {
  if (state.readOnlyStore || state.paused === true) return false;
  if (state.serviceOpen) return true;
  return ORDERING_WHEN_CLOSED[spotKind(spotType)](state);
}

/**
 * The ordering state of a service at an Athens wall-clock time, in a store that is read-only or
 * not; `nowMs` (epoch milliseconds of the same instant) tells whether a pause still holds, and
 * without it a pause is taken as holding.
 */
export function serviceOrderingState(
  service: Pick<ServiceDto, "hours" | "scheduledOrdersEnabled" | "scheduledOrdersHours" | "delayedResponse" | "pause">,
  time: WallClockTime,
  store: { readOnly: boolean },
  nowMs?: number,
): ServiceOrderingState {
  const paused = service.pause != null && (nowMs === undefined || isPausedAt(service.pause, nowMs));
  return {
    readOnlyStore: store.readOnly,
    serviceOpen: isServiceOpen(service, time),
    scheduledOrderingOpen: isScheduledOrderingOpen(service, time),
    delayedResponse: service.delayedResponse,
    ...(paused ? { paused } : {}),
  };
}
