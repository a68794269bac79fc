/**
 * Keeps the PDA's view of the kitchen fresh while the staff shell is up: the store's tickets ready
 * to carry, re-read on every message of the store's tickets topic and polled while the stream is
 * down (the display's numbers: use-station-tickets.ts), and the stations' printers, read every
 * PRINTERS_POLL_MS and on every ticket message (a ticket sent is a print the printer may fail).
 * Renders nothing; writes into kitchen-feed-store.ts, which the tab's badge, the ready list and
 * the printer alert read.
 */
import { useCallback, useEffect, useRef } from "react";
import type { PrinterStatusDto, StationDto } from "../../../domain/kitchen-api";
import { concernsReadyList } from "../../../domain/kitchen-display";
import { fetchPrinterStatuses, fetchReadyTickets } from "../../api/kitchen";
import { onActionOutcome, startStaffActions } from "../staff/openings/action-outbox";
import { usePolled } from "../staff/openings/use-polled";
import { useStoreTopics } from "../staff/openings/use-store-topics";
import { publishKitchenFeed } from "./kitchen-feed-store";
import { TICKET_TOPICS, TICKETS_BACKUP_MS, TICKETS_POLL_MS } from "./use-station-tickets";

/** How often the printers are asked about: an alert shows within this of the minute it waits for. */
export const PRINTERS_POLL_MS = 15_000;

export function KitchenFeed({ storeId, stations }: { storeId: number; stations: readonly StationDto[] }) {
  const reloadRef = useRef((_event?: unknown) => {});
  const { connected } = useStoreTopics(storeId, (event) => reloadRef.current(event), TICKET_TOPICS);
  const ready = usePolled(
    fetchReadyTickets,
    connected ? TICKETS_BACKUP_MS : TICKETS_POLL_MS,
    // Kept on the device: reloaded offline, the PDA still shows what was ready to carry.
    `ready-tickets:${storeId}`,
  );
  // A store whose stations only show on displays has no printer to ask about.
  const printing = stations.some((station) => station.printer);
  const loadPrinters = useCallback(
    (): Promise<PrinterStatusDto[]> => (printing ? fetchPrinterStatuses() : Promise.resolve([])),
    [printing],
  );
  const printers = usePolled(loadPrinters, PRINTERS_POLL_MS);
  const reloadReady = ready.reload;
  const reloadPrinters = printers.reload;
  const listed = new Set(ready.data?.map((ticket) => ticket.id) ?? []);
  reloadRef.current = (event) => {
    // A ticket sent to a station is not ready yet: the list stays as it is (printers are asked, it prints now).
    if (concernsReadyList(event, listed)) void reloadReady();
    void reloadPrinters();
  };

  useEffect(() => {
    publishKitchenFeed({
      storeId,
      ready: ready.data,
      printers: printers.data,
      offlineSince: ready.offlineSince,
      error: ready.error,
      reload: reloadReady,
    });
  }, [storeId, ready.data, ready.offlineSince, ready.error, printers.data, reloadReady]);

  // A "taking it" (or any kitchen write) queued offline that the server has now answered: read again.
  useEffect(() => {
    startStaffActions();
    return onActionOutcome((row) => {
      if (row.ticketId !== undefined) void reloadReady();
    });
  }, [reloadReady]);

  return null;
}
