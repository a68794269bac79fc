/** The store's station printers as the PDAs' alert reads them: failing since when, why, what waits. */
import type { Kysely } from "kysely";
import type { PrinterStatusDto } from "../../domain/kitchen-api";
import { fromJsonText } from "../db/columns";
import type { Database } from "../db/schema";
import type { PrintTicketPayload } from "./ticket-jobs";

export async function printerStatuses(db: Kysely<Database>, storeId: number): Promise<PrinterStatusDto[]> {
  const stations = await db
    .selectFrom("stations")
    .leftJoin("printer_states", "printer_states.station_id", "stations.id")
    .select(["stations.id", "printer_states.failing_since", "printer_states.problem"])
    .where("stations.store_id", "=", storeId)
    .where("stations.printer", "is not", null)
    .orderBy("stations.position")
    .execute();
  if (stations.length === 0) return [];
  // Prints still owed: few at any time (a printer that works empties them within seconds).
  const pending = await db
    .selectFrom("jobs")
    .innerJoin("orders", "orders.id", "jobs.order_id")
    .select("jobs.payload")
    .where("jobs.kind", "=", "print-ticket")
    .where("jobs.state", "=", "PENDING")
    .where("orders.store_id", "=", storeId)
    .execute();
  const ticketIds = pending.map((job) => fromJsonText<PrintTicketPayload>(job.payload).ticketId);
  const tickets =
    ticketIds.length === 0
      ? []
      : await db.selectFrom("tickets").select("station_id").where("id", "in", ticketIds).execute();
  return stations.map((station) => ({
    stationId: station.id,
    failingSince: station.failing_since ?? null,
    problem: station.problem ?? null,
    waiting: tickets.filter((ticket) => ticket.station_id === station.id).length,
  }));
}
