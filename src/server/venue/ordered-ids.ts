/**
 * Past orders refer to a store's services, spots and items by id (their lines keep the names and
 * prices as ordered, but the ids must keep pointing somewhere). An import that leaves out one of
 * them is refused with an issue naming it, before the database's deferred foreign keys would
 * refuse the commit with a message no venue owner could read.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { Issue } from "../validation/issues";
import type { VenueIndex } from "./venue-index";

export async function droppedOrderedIds(trx: Kysely<Database>, storeId: number, index: VenueIndex): Promise<Issue[]> {
  const orders = await trx
    .selectFrom("orders")
    .select(["service_id", "spot_id", "selected_table_id", "charging_room_id"])
    .distinct()
    .where("store_id", "=", storeId)
    .execute();
  if (orders.length === 0) return [];
  const lines = await trx
    .selectFrom("order_lines")
    .innerJoin("orders", "orders.id", "order_lines.order_id")
    .select("order_lines.item_id")
    .distinct()
    .where("orders.store_id", "=", storeId)
    .execute();
  const inFile = (kind: "services" | "spots" | "items") => new Set(index[kind].map((entry) => entry.value.id));
  const services = inFile("services");
  const spots = inFile("spots");
  const items = inFile("items");
  const missing = (label: string, kind: string, ids: Iterable<number>, kept: Set<number>): Issue[] =>
    [...new Set(ids)]
      .filter((id) => !kept.has(id))
      .sort((a, b) => a - b)
      .map((id) => ({
        path: kind,
        message: `${label} id ${id} is missing, but orders refer to it; keep it in the file`,
      }));
  return [
    ...missing(
      "service",
      "services",
      orders.map((o) => o.service_id),
      services,
    ),
    ...missing(
      "spot",
      "spots",
      orders.flatMap((o) => [o.spot_id, o.selected_table_id, o.charging_room_id].filter((id) => id !== null)),
      spots,
    ),
    ...missing(
      "item",
      "items",
      lines.map((l) => l.item_id),
      items,
    ),
  ];
}
