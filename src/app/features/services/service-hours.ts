import type { ServiceDto } from "../../../domain/api";

/**
 * The hours as shown on a service card ("09:00–20:00"), or null when the service has none, which
 * the spec reads as always open (§4 "or always if hours are missing").
 */
export function hoursRange(hours: ServiceDto["hours"]): string | null {
  return hours ? `${hours.startTime}–${hours.endTime}` : null;
}
