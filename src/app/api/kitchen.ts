/**
 * The kitchen and bar reads of the staff (src/domain/kitchen-api.ts), with the signed-in staff
 * member's tokens; the store is the session's. The writes (a line or a ticket ready, recall, picked
 * up) go through the staff-action outbox (features/staff/openings/action-outbox.ts), which adds the
 * Idempotency-Key and keeps them until answered; this module names their paths.
 */
import type { PrinterStatusDto, StationDto, TicketDto } from "../../domain/kitchen-api";
import { authedCall } from "./accounts-client";

export function fetchStations(storeId: number): Promise<StationDto[]> {
  return authedCall(`staff/stations?storeId=${storeId}`, { method: "get" });
}

/** A station's tickets still to make (oldest first), or with "READY" the last ones made (newest first). */
export function fetchStationTickets(stationId: number, state: "ACTIVE" | "READY" = "ACTIVE"): Promise<TicketDto[]> {
  const query = state === "READY" ? "?state=READY" : "";
  return authedCall(`staff/stations/${stationId}/tickets${query}`, { method: "get" });
}

/** The store's tickets made and waiting for a waiter to carry them, oldest first. */
export function fetchReadyTickets(): Promise<TicketDto[]> {
  return authedCall("staff/tickets/ready", { method: "get" });
}

export function fetchPrinterStatuses(): Promise<PrinterStatusDto[]> {
  return authedCall("staff/printers", { method: "get" });
}

export type TicketWrite = "ready" | "recall" | "picked-up" | "reprint";

/** The path of a write on a whole ticket (POST, body {}). */
export function ticketWritePath(ticket: { stationId: number; id: number }, write: TicketWrite): string {
  return `staff/stations/${ticket.stationId}/tickets/${ticket.id}/${write}`;
}

/** The path of one line made (POST, body {}). */
export function lineReadyPath(ticket: { stationId: number; id: number }, lineIndex: number): string {
  return `staff/stations/${ticket.stationId}/tickets/${ticket.id}/lines/${lineIndex}/ready`;
}
