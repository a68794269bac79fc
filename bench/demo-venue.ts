/**
 * Picks a guest spot and one of its services from the demo venue files, the same files the server
 * loads into an empty database (DEMO_VENUES=on).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Just the parts of a venue file (src/server/venue/venue-file.ts) that the bench reads. */
interface DemoVenue {
  store: { id: number };
  spots: { id: number; type: string; isPda?: boolean }[];
  services: { id: number; slug: string; availableAt: string[]; hours?: unknown }[];
}

export interface DemoTable {
  storeId: number;
  spotId: number;
  serviceId: number;
  serviceSlug: string;
}

export function pickDemoTable(storeId: number, venuesDir = "venues/demo"): DemoTable {
  const venues = readdirSync(venuesDir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => JSON.parse(readFileSync(join(venuesDir, name), "utf8")) as DemoVenue);
  const venue = venues.find((candidate) => candidate.store.id === storeId);
  if (!venue) throw new Error(`No demo venue with store id ${storeId} in ${venuesDir}`);
  // A guest's spot (not a waiter's PDA), served by a service that is open all day if there is one.
  for (const spot of venue.spots.filter((candidate) => !candidate.isPda)) {
    const services = venue.services.filter((service) => service.availableAt.includes(spot.type));
    const service = services.find((candidate) => candidate.hours === undefined) ?? services[0];
    if (service) return { storeId, spotId: spot.id, serviceId: service.id, serviceSlug: service.slug };
  }
  throw new Error(`Demo store ${storeId} has no guest spot with a service`);
}
