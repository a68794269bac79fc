/**
 * An accepted order is split into one ticket per station that makes its lines, inside the
 * transaction that accepted it, so an order is never accepted without reaching its stations (and a
 * crash after the commit loses no ticket). The tickets' live events and their printing are jobs of
 * the same commit.
 *
 * The station of a line is decided by the store's routes (domain stationOfLine) for the spot the
 * order is served at: the table a waiter picked, else the order's own spot, whose section names
 * its outlet in a hotel. Lines no station claims get no ticket.
 */
import type { Kysely } from "kysely";
import { preparationOf, type StationRoute, stationOfLine } from "../../domain/kitchen";
import type { Translations } from "../../domain/languages";
import type { OrderLineOptionDto } from "../../domain/orders-api";
import { fromDbBoolean, fromJsonText, toJsonText } from "../db/columns";
import type { Database } from "../db/schema";
import type { StoredTicketLine } from "../db/tables/kitchen.tables";
import type { OrderRow } from "../db/tables/orders.tables";
import { floorPlanOf } from "../openings/floor-plan";
import { enqueueTicketJobs } from "./ticket-jobs";

/** Returns the order as it now is (its preparation set where the store shows it). */
export async function sendToStations(trx: Kysely<Database>, order: OrderRow, now: string): Promise<OrderRow> {
  const stations = await trx
    .selectFrom("stations")
    .select(["id", "routes", "printer"])
    .where("store_id", "=", order.store_id)
    .execute();
  if (stations.length === 0) return order;
  const routes: StationRoute[] = stations.map((station) => ({
    ...fromJsonText<Omit<StationRoute, "stationId">>(station.routes),
    stationId: station.id,
  }));

  const lines = await trx
    .selectFrom("order_lines")
    .innerJoin("items", "items.id", "order_lines.item_id")
    .select([
      "order_lines.position",
      "order_lines.item_id",
      "order_lines.names",
      "order_lines.options",
      "order_lines.comment",
      "order_lines.quantity",
      "order_lines.grams",
      "order_lines.request",
      "items.category_id",
      "items.service_id",
    ])
    .where("order_lines.order_id", "=", order.id)
    .orderBy("order_lines.position")
    .execute();
  const outletId = await outletOfOrder(trx, order);

  const linesByStation = new Map<number, StoredTicketLine[]>();
  for (const line of lines) {
    const stationId = stationOfLine(
      routes,
      { itemId: line.item_id, categoryId: line.category_id, serviceId: line.service_id },
      outletId,
    );
    if (stationId === null) continue;
    const ticketLines = linesByStation.get(stationId) ?? [];
    ticketLines.push({
      index: line.position,
      names: fromJsonText<Translations>(line.names),
      options: fromJsonText<OrderLineOptionDto[]>(line.options).map((option) => option.names),
      comment: line.comment,
      quantity: line.quantity,
      grams: line.grams,
      canceledQuantity: 0,
      ready: false,
      ...(fromDbBoolean(line.request) ? { request: true } : {}),
    });
    linesByStation.set(stationId, ticketLines);
  }
  if (linesByStation.size === 0) return order;

  const tickets = await trx
    .insertInto("tickets")
    .values(
      [...linesByStation].map(([stationId, ticketLines]) => ({
        store_id: order.store_id,
        station_id: stationId,
        order_id: order.id,
        state: "ACTIVE" as const,
        version: 1,
        lines: toJsonText(ticketLines),
        changed: 0,
        created_at: now,
        ready_at: null,
        ready_by_staff_id: null,
        picked_up_at: null,
        updated_at: now,
      })),
    )
    .returning(["id", "station_id"])
    .execute();
  const printing = new Set(stations.filter((station) => station.printer !== null).map((station) => station.id));
  await enqueueTicketJobs(trx, {
    orderId: order.id,
    ticketIds: tickets.map((ticket) => ticket.id),
    prints: tickets
      .filter((ticket) => printing.has(ticket.station_id))
      .map((ticket) => ({ ticketId: ticket.id, kind: "NEW" as const })),
    orderEvent: false,
    now,
  });
  return setShownPreparation(
    trx,
    order,
    tickets.map(() => "ACTIVE"),
    now,
  );
}

/**
 * Records what the order's guest is told, where the store shows preparation; returns the row as
 * it now is. Called with the states of all the order's tickets. A change is a change of the order
 * (updated_at), so the guest's screen orders it by time like any status, a recall's step back too.
 */
export async function setShownPreparation(
  trx: Kysely<Database>,
  order: OrderRow,
  ticketStates: readonly string[],
  now: string,
): Promise<OrderRow> {
  const store = await trx
    .selectFrom("stores")
    .select("preparation_shown")
    .where("id", "=", order.store_id)
    .executeTakeFirst();
  if (store === undefined || !fromDbBoolean(store.preparation_shown)) return order;
  const preparation = preparationOf(ticketStates);
  if (preparation === order.preparation) return order;
  await trx.updateTable("orders").set({ preparation, updated_at: now }).where("id", "=", order.id).execute();
  return { ...order, preparation, updated_at: now };
}

async function outletOfOrder(trx: Kysely<Database>, order: OrderRow): Promise<number | null> {
  const spot = await trx
    .selectFrom("spots")
    .innerJoin("stores", "stores.id", "spots.store_id")
    .select(["spots.section", "stores.floor_plan"])
    .where("spots.id", "=", order.selected_table_id ?? order.spot_id)
    .executeTakeFirst();
  if (spot === undefined || spot.section === "") return null;
  return floorPlanOf(spot.floor_plan).outlets.find((outlet) => outlet.sections.includes(spot.section))?.id ?? null;
}
