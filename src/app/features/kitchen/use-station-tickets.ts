/**
 * A station's live tickets, as its display shows them: re-read on every message of the store's
 * tickets topic (STOMP), polled every TICKETS_POLL_MS while the stream is down and every
 * TICKETS_BACKUP_MS beside it (the waiters' live orders use the same numbers: a ticket is seen
 * within seconds either way). The last answer is kept on the device, so a display reloaded offline
 * still shows its tickets. A write's answer shows at once, before the next read (withAnswers).
 * Tickets that arrive after the first read beep once each and are announced.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { TicketDto } from "../../../domain/kitchen-api";
import {
  answersCaughtUp,
  arrivedTicketIds,
  concernsStation,
  oldestFirst,
  withAnswers,
} from "../../../domain/kitchen-display";
import type { ApiError } from "../../api/api-error";
import { fetchStationTickets } from "../../api/kitchen";
import { onActionOutcome, startStaffActions } from "../staff/openings/action-outbox";
import { usePolled } from "../staff/openings/use-polled";
import { type StoreTopic, useStoreTopics } from "../staff/openings/use-store-topics";
import { answeredTicket } from "./ticket-actions";
import { alertNewTickets } from "./ticket-alert";

export const TICKETS_POLL_MS = 3_000;
export const TICKETS_BACKUP_MS = 15_000;
export const TICKET_TOPICS: readonly StoreTopic[] = ["tickets"];

export interface StationTickets {
  /** Tickets still to make, oldest first; null until the first answer (or one kept on the device). */
  tickets: TicketDto[] | null;
  offlineSince: Date | null;
  error: unknown;
  /** The topic's stream is up (else the list is polled often). */
  connected: boolean;
  /** Tickets that arrived with the last read that brought any (for the announcement). */
  arrived: TicketDto[];
  /** The last refusal of a write on this station (its ticket and the error), until the next write. */
  refusal: { ticketId: number; error: ApiError } | null;
  /** Counts every message of the topic and every write answered: the recall list re-reads on it. */
  changes: number;
  reload: () => Promise<void>;
}

export function useStationTickets(storeId: number, stationId: number): StationTickets {
  const reloadRef = useRef(() => {});
  const [changes, setChanges] = useState(0);
  const { connected } = useStoreTopics(
    storeId,
    (event) => {
      // Another station's ticket changes nothing here: no read (the store's busy minutes send many).
      if (!concernsStation(event, stationId)) return;
      setChanges((count) => count + 1);
      reloadRef.current();
    },
    TICKET_TOPICS,
  );
  const load = useCallback(() => fetchStationTickets(stationId), [stationId]);
  const { data, error, offlineSince, reload } = usePolled(
    load,
    connected ? TICKETS_BACKUP_MS : TICKETS_POLL_MS,
    `tickets:${stationId}`,
  );
  reloadRef.current = () => void reload();

  const [answers, setAnswers] = useState<ReadonlyMap<number, TicketDto>>(() => new Map());
  useEffect(() => {
    if (data === null) return;
    setAnswers((current) => {
      const caughtUp = answersCaughtUp(data, current);
      if (caughtUp.length === 0) return current;
      const next = new Map(current);
      for (const id of caughtUp) next.delete(id);
      return next;
    });
  }, [data]);

  const [refusal, setRefusal] = useState<StationTickets["refusal"]>(null);
  // Every answer to a write on this station (tapped now, or sent later from the outbox): shown at
  // once, then the list is read again; a refusal is said on its ticket.
  useEffect(() => {
    startStaffActions();
    const ours = `staff/stations/${stationId}/`;
    return onActionOutcome((row, outcome) => {
      if (row.ticketId === undefined || !row.path.startsWith(ours)) return;
      const answer = answeredTicket(outcome);
      if (answer !== null) setAnswers((current) => new Map(current).set(answer.id, answer));
      setRefusal(outcome.kind === "refused" ? { ticketId: row.ticketId, error: outcome.error } : null);
      setChanges((count) => count + 1);
      void reload();
    });
  }, [stationId, reload]);

  const seen = useRef<Set<number> | null>(null);
  const [arrived, setArrived] = useState<TicketDto[]>([]);
  useEffect(() => {
    if (data === null) return;
    if (seen.current === null) {
      // What was already waiting when the display opened does not beep.
      seen.current = new Set(data.map((ticket) => ticket.id));
      return;
    }
    const ids = arrivedTicketIds(seen.current, data);
    if (ids.length === 0) return;
    for (const id of ids) seen.current.add(id);
    setArrived(oldestFirst(data.filter((ticket) => ids.includes(ticket.id))));
    alertNewTickets(ids.length);
  }, [data]);

  const tickets = useMemo(
    () => (data === null ? null : oldestFirst(withAnswers(data, answers, "ACTIVE"))),
    [data, answers],
  );
  return { tickets, offlineSince, error, connected, arrived, refusal, changes, reload };
}
