/**
 * Rules of order placement that the server enforces and the checkout screen can show in advance
 * (spec §4 ordering rule, §3 "Scheduled orders", store location; design.md "Orders").
 *
 * Readings:
 * - An order sent now needs the service open, except where the ordering rule keeps a closed
 *   service taking orders for reasons that do not need a time: a delayed-response service at a
 *   table (answered later) and delivery links. When only the scheduled-order window keeps ordering
 *   enabled, the order must be scheduled.
 * - A scheduled order's time must be in the future, on the same or the next Athens day, and its
 *   Athens wall-clock time inside the service's scheduled-orders window (a service that enables
 *   scheduled orders without a window takes any time). The window is [start, end), as for hours.
 * - Location: when a store sets one, the guest's position must be within its radius, measured on
 *   the sphere (haversine, mean Earth radius 6,371,008.8 m).
 */
import type { ServiceDto } from "./api";
import { ATHENS_TIME_ZONE } from "./constants";
import { isOrderingEnabled, type ServiceOrderingState } from "./ordering";
import { isWithinHours } from "./service-hours";
import { type SpotType, spotKind } from "./spots";
import { type Temporal, temporal } from "./temporal";

export type PlacementOpenVerdict = "OPEN" | "READ_ONLY_STORE" | "SERVICE_PAUSED" | "SERVICE_CLOSED";

/** Whether an order (now, or scheduled) may be placed from this spot in this service state. */
export function placementOpen(
  spotType: SpotType,
  state: ServiceOrderingState,
  scheduled: boolean,
): PlacementOpenVerdict {
  if (state.readOnlyStore) return "READ_ONLY_STORE";
  // Paused by the venue: no order at all, scheduled or not, from any spot.
  if (state.paused === true) return "SERVICE_PAUSED";
  if (!isOrderingEnabled(spotType, state)) return "SERVICE_CLOSED";
  if (scheduled || state.serviceOpen) return "OPEN";
  const kind = spotKind(spotType);
  if (kind === "delivery") return "OPEN";
  if (kind === "table" && state.delayedResponse) return "OPEN";
  return "SERVICE_CLOSED";
}

/** Whether `scheduledFor` is a time this service delivers scheduled orders at, seen at `now`. */
export function isValidScheduledTime(
  service: Pick<ServiceDto, "scheduledOrdersEnabled" | "scheduledOrdersHours">,
  scheduledFor: Temporal.Instant,
  now: Temporal.Instant,
): boolean {
  if (!service.scheduledOrdersEnabled) return false;
  if (temporal().Instant.compare(scheduledFor, now) <= 0) return false;
  const today = athensDayOf(now);
  const day = athensDayOf(scheduledFor);
  const tomorrow = today.add({ days: 1 });
  if (!day.equals(today) && !day.equals(tomorrow)) return false;
  return isWithinHours(service.scheduledOrdersHours, scheduledFor.toZonedDateTimeISO(ATHENS_TIME_ZONE));
}

/** The Athens calendar day of an instant. */
export function athensDayOf(instant: Temporal.Instant): Temporal.PlainDate {
  return instant.toZonedDateTimeISO(ATHENS_TIME_ZONE).toPlainDate();
}

/** [start, end) of an Athens day as instants (23 or 25 hours long on daylight-saving days). */
export function athensDayBounds(day: Temporal.PlainDate): { start: Temporal.Instant; end: Temporal.Instant } {
  const start = day.toZonedDateTime({ timeZone: ATHENS_TIME_ZONE }).toInstant();
  const end = day.add({ days: 1 }).toZonedDateTime({ timeZone: ATHENS_TIME_ZONE }).toInstant();
  return { start, end };
}

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_METERS = 6_371_008.8;

/** Great-circle distance in metres (haversine). */
export function distanceMeters(a: GeoPoint, b: GeoPoint): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type LocationVerdict = "OK" | "LOCATION_REQUIRED" | "LOCATION_TOO_FAR";

/** The store's location check: none set → OK; set → the guest must be within its radius. */
export function checkLocation(
  store: (GeoPoint & { radiusMeters: number }) | null,
  guest: GeoPoint | null,
): LocationVerdict {
  if (store === null) return "OK";
  if (guest === null) return "LOCATION_REQUIRED";
  return distanceMeters(store, guest) <= store.radiusMeters ? "OK" : "LOCATION_TOO_FAR";
}
