/**
 * The kitchen's reads: a store's stations, a station's tickets, the tickets ready to carry. Every
 * read is scoped to the staff member's store, so another store's ids look missing.
 */
import type { Kysely } from "kysely";
import { CANCELED_TICKET_SHOWN_MS } from "../../domain/kitchen";
import type { StationDto, TicketDto } from "../../domain/kitchen-api";
import type { Translations } from "../../domain/languages";
import { fromDbBoolean, fromJsonText } from "../db/columns";
import type { Database } from "../db/schema";
import type { StoredTicketLine, TicketRow } from "../db/tables/kitchen.tables";
import { notFound } from "../http/api-error";

/** Done tickets a display can recall. */
export const RECALLABLE_TICKETS = 10;

export async function listStations(db: Kysely<Database>, storeId: number): Promise<StationDto[]> {
  const rows = await db
    .selectFrom("stations")
    .select(["id", "store_id", "names", "display", "printer"])
    .where("store_id", "=", storeId)
    .orderBy("position")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    storeId: row.store_id,
    names: fromJsonText<Translations>(row.names),
    display: fromDbBoolean(row.display),
    printer: row.printer !== null,
  }));
}

export async function requireStation(db: Kysely<Database>, storeId: number, stationId: number): Promise<void> {
  const station = await db
    .selectFrom("stations")
    .select("id")
    .where("id", "=", stationId)
    .where("store_id", "=", storeId)
    .executeTakeFirst();
  if (station === undefined) throw notFound("STATION_NOT_FOUND", "There is no such station in this store");
}

/**
 * A station's tickets still to make, oldest first, with those the floor canceled in the last
 * minutes (state CANCELED: the display strikes them through); or the last ones made, newest first.
 */
export async function stationTickets(
  db: Kysely<Database>,
  storeId: number,
  stationId: number,
  state: "ACTIVE" | "READY",
  now: Date,
): Promise<TicketDto[]> {
  await requireStation(db, storeId, stationId);
  const canceledSince = new Date(now.getTime() - CANCELED_TICKET_SHOWN_MS).toISOString();
  const rows = await db
    .selectFrom("tickets")
    .selectAll()
    .where("station_id", "=", stationId)
    .where("store_id", "=", storeId)
    .where((eb) =>
      state === "READY"
        ? eb("state", "=", "READY")
        : eb.or([
            eb("state", "=", "ACTIVE"),
            eb.and([eb("state", "=", "CANCELED"), eb("updated_at", ">", canceledSince)]),
          ]),
    )
    .orderBy("id", state === "ACTIVE" ? "asc" : "desc")
    .$if(state === "READY", (query) => query.limit(RECALLABLE_TICKETS))
    .execute();
  return presentTickets(db, rows);
}

/** Every ticket of the store that is ready and not yet taken by a waiter, oldest first. */
export async function readyToCarry(db: Kysely<Database>, storeId: number): Promise<TicketDto[]> {
  const rows = await db
    .selectFrom("tickets")
    .selectAll()
    .where("store_id", "=", storeId)
    .where("state", "=", "READY")
    .orderBy("ready_at")
    .execute();
  return presentTickets(db, rows);
}

export async function loadTicket(db: Kysely<Database>, ticketId: number): Promise<TicketDto> {
  const row = await db.selectFrom("tickets").selectAll().where("id", "=", ticketId).executeTakeFirstOrThrow();
  const [ticket] = await presentTickets(db, [row]);
  if (ticket === undefined) throw new Error(`ticket ${ticketId} could not be presented`);
  return ticket;
}

/** The tickets with what a screen shows of their order: number, spot, waiter, station. */
export async function presentTickets(db: Kysely<Database>, rows: readonly TicketRow[]): Promise<TicketDto[]> {
  if (rows.length === 0) return [];
  const orderIds = [...new Set(rows.map((row) => row.order_id))];
  const stationIds = [...new Set(rows.map((row) => row.station_id))];
  const [orders, stations] = await Promise.all([
    db
      .selectFrom("orders")
      .select([
        "id",
        "store_id",
        "daily_number",
        "spot_id",
        "selected_table_id",
        "placed_by_staff_id",
        "decided_by_staff_id",
        "served_by_staff_id",
      ])
      .where("id", "in", orderIds)
      .execute(),
    db.selectFrom("stations").select(["id", "names"]).where("id", "in", stationIds).execute(),
  ]);
  const spotIds = [...new Set(orders.map((order) => order.selected_table_id ?? order.spot_id))];
  const staffIds = [...new Set(orders.flatMap((order) => waiterOf(order) ?? []))];
  const [spots, staff] = await Promise.all([
    spotIds.length === 0
      ? []
      : db.selectFrom("spots").select(["id", "name", "names"]).where("id", "in", spotIds).execute(),
    staffIds.length === 0
      ? []
      : db.selectFrom("staff").select(["id", "store_id", "name"]).where("id", "in", staffIds).execute(),
  ]);
  const spotById = new Map(spots.map((spot) => [spot.id, spot]));
  const staffName = new Map(staff.map((member) => [`${member.store_id}:${member.id}`, member.name]));
  const orderById = new Map(orders.map((order) => [order.id, order]));
  const stationNames = new Map(stations.map((station) => [station.id, fromJsonText<Translations>(station.names)]));
  return rows.flatMap((row) => {
    const order = orderById.get(row.order_id);
    const names = stationNames.get(row.station_id);
    if (order === undefined || names === undefined) return [];
    return [
      {
        id: row.id,
        storeId: row.store_id,
        stationId: row.station_id,
        stationNames: names,
        orderId: row.order_id,
        dailyNumber: order.daily_number,
        spotNames: spotNamesOf(spotById.get(order.selected_table_id ?? order.spot_id)),
        waiterName: staffName.get(`${order.store_id}:${waiterOf(order)}`) ?? null,
        state: row.state,
        changed: fromDbBoolean(row.changed),
        version: row.version,
        createdAt: row.created_at,
        readyAt: row.ready_at,
        lines: fromJsonText<StoredTicketLine[]>(row.lines),
      },
    ];
  });
}

function spotNamesOf(spot: { name: string; names: string | null } | undefined): Translations {
  if (spot === undefined) return { GRE: { name: "?" }, ENG: { name: "?" } };
  return spot.names === null
    ? { GRE: { name: spot.name }, ENG: { name: spot.name } }
    : fromJsonText<Translations>(spot.names);
}

/** The waiter a ticket names: who serves the order, else who placed it, else who accepted it. */
function waiterOf(order: {
  served_by_staff_id: number | null;
  placed_by_staff_id: number | null;
  decided_by_staff_id: number | null;
}): number | null {
  return order.served_by_staff_id ?? order.placed_by_staff_id ?? order.decided_by_staff_id;
}
