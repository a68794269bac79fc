/**
 * The demo links: printed on start, so a person who just ran `npm start` can open a table, an
 * umbrella, a beach chair, a room, a delivery link, the waiter's PDA spot and the staff PIN screen
 * of each store; and listed on the landing page through GET /api/demo/links.
 */
import type { Kysely } from "kysely";
import type { DemoLinkDto } from "../domain/api";
import type { DemoLinkKind } from "../domain/demo-links";
import type { Translations } from "../domain/languages";
import { isServiceOpen } from "../domain/service-hours";
import type { SpotType } from "../domain/spots";
import { serviceAvailableAt, serviceDto } from "./catalogue/presenters";
import { fromDbBoolean, fromJsonText } from "./db/columns";
import { listStores } from "./db/repositories/store.repository";
import type { Database } from "./db/schema";
import type { SpotRow } from "./db/tables/catalogue.tables";
import { athensTime } from "./orders/athens-clock";

/** Which spot stands for each kind of link; the PDA spot is a kind of its own. */
const SPOT_KINDS: ReadonlyArray<[kind: Exclude<DemoLinkKind, "pin">, matches: (spot: SpotRow) => boolean]> = [
  ["table", (spot) => !fromDbBoolean(spot.is_pda) && isOneOf(spot.type, ["TABLE", "TABLE_AT_HOTEL"])],
  ["umbrella", (spot) => spot.type === "UMBRELLA_AT_HOTEL"],
  ["beach-chair", (spot) => spot.type === "BEACH_CHAIR"],
  ["room", (spot) => spot.type === "HOTEL_ROOM"],
  ["delivery", (spot) => isOneOf(spot.type, ["DELIVERY", "DELIVERY_TABLE"])],
  ["pda", (spot) => fromDbBoolean(spot.is_pda)],
];

function isOneOf(type: SpotType, types: readonly SpotType[]): boolean {
  return types.includes(type);
}

export async function listDemoLinks(db: Kysely<Database>, now: Date): Promise<DemoLinkDto[]> {
  const links: DemoLinkDto[] = [];
  const time = athensTime(now);
  for (const store of await listStores(db)) {
    const storeNames = fromJsonText<Translations>(store.names);
    const [spots, services] = await Promise.all([
      db.selectFrom("spots").selectAll().where("store_id", "=", store.id).orderBy("position").execute(),
      db.selectFrom("services").selectAll().where("store_id", "=", store.id).orderBy("position").execute(),
    ]);
    for (const [kind, matches] of SPOT_KINDS) {
      const spot = spots.find(matches);
      if (!spot) continue;
      // A PDA spot orders for any table: what is open is what its tables' services are.
      const types: SpotType[] = fromDbBoolean(spot.is_pda) ? ["TABLE", "TABLE_AT_HOTEL"] : [spot.type];
      const openServices = services
        .filter((service) => serviceAvailableAt(service).some((type) => types.includes(type)))
        .filter((service) => isServiceOpen(serviceDto(service), time))
        .map((service) => fromJsonText<Translations>(service.names));
      links.push({ storeId: store.id, storeNames, kind, spotName: spot.name, path: `/menu/${spot.id}`, openServices });
    }
    links.push({ storeId: store.id, storeNames, kind: "pin", spotName: "", path: "/pin", openServices: [] });
  }
  return links;
}

/** The links as lines for the terminal, grouped by store. */
export function demoLinkLines(links: readonly DemoLinkDto[], baseUrl: string): string[] {
  if (links.length === 0) return [];
  const lines = ["Demo venues:"];
  let storeId: number | undefined;
  for (const link of links) {
    if (link.storeId !== storeId) {
      storeId = link.storeId;
      lines.push(`  ${link.storeNames.ENG.name} (store ${link.storeId})`);
    }
    const label = link.kind === "pin" ? "staff PIN" : link.kind;
    const spot = link.spotName ? `  (${link.spotName})` : "";
    const open =
      link.kind === "pin"
        ? ""
        : link.openServices.length > 0
          ? `  open now: ${link.openServices.map((names) => names.ENG.name).join(", ")}`
          : "  closed now";
    lines.push(`    ${label.padEnd(12)}${baseUrl}${link.path}${spot}${open}`);
  }
  return lines;
}
