/**
 * Rules of the kitchen display and of what the waiters see of the kitchen: the order tickets are
 * shown in, which ones are new (the display's beep), a line's pieces with the canceled ones struck,
 * how late a ticket is, which printers to alert about, and a write's answer shown until a read
 * catches up with it. Pure; the screens live in src/app/features/kitchen.
 */
// Types only: kitchen-api.ts holds TypeBox schemas, which must not ship to the browser.
import { printerNeedsAlert, type TicketAge, ticketAgeOf } from "./kitchen";
import type { PrinterStatusDto, TicketChangedEvent, TicketDto, TicketState } from "./kitchen-api";

/** Oldest first, as a cook works: the ticket sent first is the first on the display. */
export function oldestFirst<T extends { id: number; createdAt: string }>(tickets: readonly T[]): T[] {
  return [...tickets].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
}

/** Tickets never seen before: each arrival beeps once, however often the list is read. */
export function arrivedTicketIds(seen: ReadonlySet<number>, tickets: readonly { id: number }[]): number[] {
  return tickets.filter((ticket) => !seen.has(ticket.id)).map((ticket) => ticket.id);
}

export interface LinePieces {
  /** Pieces still wanted. */
  kept: number;
  /** Pieces the floor canceled after the ticket was sent: shown struck through. */
  canceled: number;
  /** Nothing of the line is wanted any more: nothing to make, nothing to tap. */
  whollyCanceled: boolean;
}

export function linePieces(line: { quantity: number; canceledQuantity: number }): LinePieces {
  const canceled = Math.min(line.canceledQuantity, line.quantity);
  return { kept: line.quantity - canceled, canceled, whollyCanceled: canceled >= line.quantity };
}

/** Whole minutes from `since` to `nowMs`, never below zero (a device clock a little behind the server's). */
export function wholeMinutesSince(since: string, nowMs: number): number {
  return Math.max(0, Math.floor((nowMs - Date.parse(since)) / 60_000));
}

export interface TicketAgeView {
  minutes: number;
  age: TicketAge;
}

/** How long a ticket has waited since it was sent, and how late that looks. */
export function ticketAgeView(createdAt: string, nowMs: number): TicketAgeView {
  return { minutes: wholeMinutesSince(createdAt, nowMs), age: ticketAgeOf(Math.max(0, nowMs - Date.parse(createdAt))) };
}

export interface PrinterAlert {
  stationId: number;
  /** Whole minutes since it started failing. */
  minutes: number;
  /** Tickets waiting for it. */
  waiting: number;
}

/** The printers failing long enough to tell every PDA of the store, in the server's order. */
export function printerAlerts(statuses: readonly PrinterStatusDto[], nowMs: number): PrinterAlert[] {
  return statuses.flatMap((status) =>
    status.failingSince !== null && printerNeedsAlert(status.failingSince, nowMs)
      ? [
          {
            stationId: status.stationId,
            minutes: wholeMinutesSince(status.failingSince, nowMs),
            waiting: status.waiting,
          },
        ]
      : [],
  );
}

/**
 * A list as read, with the answers of the writes made since: a ticket the server answered at a
 * newer version than the read shows as answered (or leaves the list, when its new state is not the
 * one the list shows), so a line tapped ready is not shown undone until the next read arrives.
 */
export function withAnswers(
  tickets: readonly TicketDto[],
  answers: ReadonlyMap<number, TicketDto>,
  listed: TicketState,
): TicketDto[] {
  return tickets.flatMap((ticket) => {
    const answer = answers.get(ticket.id);
    if (answer === undefined || answer.version <= ticket.version) return [ticket];
    return answer.state === listed ? [answer] : [];
  });
}

/**
 * The answers a read has caught up with (it lists the ticket at that version or later, or no longer
 * lists it at all: the write is in it), which are no longer needed on top of it.
 */
export function answersCaughtUp(tickets: readonly TicketDto[], answers: ReadonlyMap<number, TicketDto>): number[] {
  const read = new Map(tickets.map((ticket) => [ticket.id, ticket.version]));
  return [...answers.values()]
    .filter((answer) => {
      const version = read.get(answer.id);
      return version === undefined || version >= answer.version;
    })
    .map((answer) => answer.id);
}

/** A message of the store's tickets topic, when it reads as one (else every screen reads again). */
function ticketEventOf(message: unknown): Pick<TicketChangedEvent, "stationId" | "ticketId" | "state"> | null {
  const event = message as Partial<TicketChangedEvent> | null | undefined;
  return typeof event?.stationId === "number" && typeof event.ticketId === "number" && typeof event.state === "string"
    ? { stationId: event.stationId, ticketId: event.ticketId, state: event.state }
    : null;
}

/** Whether a station's display reads its tickets again for a message: not for another station's ticket. */
export function concernsStation(message: unknown, stationId: number): boolean {
  const event = ticketEventOf(message);
  return event === null || event.stationId === stationId;
}

/**
 * Whether the ready-to-carry list reads again for a message: a ticket made, or one it lists that
 * changed (taken, recalled, canceled); not a new ticket sent to a station, the most frequent message.
 */
export function concernsReadyList(message: unknown, listed: ReadonlySet<number>): boolean {
  const event = ticketEventOf(message);
  return event === null || event.state === "READY" || listed.has(event.ticketId);
}
