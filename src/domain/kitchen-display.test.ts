import { describe, expect, it } from "vitest";
import type { TicketDto } from "./kitchen-api";
import {
  answersCaughtUp,
  arrivedTicketIds,
  concernsReadyList,
  concernsStation,
  linePieces,
  oldestFirst,
  printerAlerts,
  ticketAgeView,
  withAnswers,
} from "./kitchen-display";

const NOW = Date.parse("2026-07-01T09:30:00.000Z");
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

function ticket(id: number, overrides: Partial<TicketDto> = {}): TicketDto {
  return {
    id,
    storeId: 7,
    stationId: 7601,
    stationNames: { GRE: { name: "Μπαρ" }, ENG: { name: "Bar" } },
    orderId: 100 + id,
    dailyNumber: id,
    spotNames: { GRE: { name: "Ομπρέλα 1" }, ENG: { name: "Umbrella 1" } },
    waiterName: null,
    state: "ACTIVE",
    changed: false,
    version: 1,
    createdAt: minutesAgo(id),
    readyAt: null,
    lines: [],
    ...overrides,
  };
}

describe("the display's order and arrivals", () => {
  it("shows the ticket sent first first; tickets sent in the same millisecond by id", () => {
    const same = minutesAgo(3);
    const list = [ticket(1), ticket(9, { createdAt: same }), ticket(5), ticket(8, { createdAt: same })];
    expect(oldestFirst(list).map((t) => t.id)).toEqual([5, 8, 9, 1]);
  });

  it("a ticket is new once: ids not seen before", () => {
    expect(arrivedTicketIds(new Set([1, 2]), [ticket(1), ticket(3), ticket(2), ticket(4)])).toEqual([3, 4]);
    expect(arrivedTicketIds(new Set([1]), [ticket(1)])).toEqual([]);
  });
});

describe("a line's pieces: the canceled ones are struck, a wholly canceled line has nothing to make", () => {
  it.each([
    [
      { quantity: 3, canceledQuantity: 0 },
      { kept: 3, canceled: 0, whollyCanceled: false },
    ],
    [
      { quantity: 3, canceledQuantity: 1 },
      { kept: 2, canceled: 1, whollyCanceled: false },
    ],
    [
      { quantity: 2, canceledQuantity: 2 },
      { kept: 0, canceled: 2, whollyCanceled: true },
    ],
    [
      { quantity: 1, canceledQuantity: 4 },
      { kept: 0, canceled: 1, whollyCanceled: true },
    ],
  ])("%o -> %o", (line, pieces) => {
    expect(linePieces(line)).toEqual(pieces);
  });
});

describe("how late a ticket looks, in whole minutes", () => {
  it("fresh under 8 minutes, late from 8, overdue from 15", () => {
    expect(ticketAgeView(minutesAgo(0), NOW)).toEqual({ minutes: 0, age: "fresh" });
    expect(ticketAgeView(minutesAgo(7.9), NOW)).toEqual({ minutes: 7, age: "fresh" });
    expect(ticketAgeView(minutesAgo(8), NOW)).toEqual({ minutes: 8, age: "late" });
    expect(ticketAgeView(minutesAgo(15), NOW)).toEqual({ minutes: 15, age: "overdue" });
  });

  it("a device clock behind the server's reads 0 minutes, not a negative age", () => {
    expect(ticketAgeView(minutesAgo(-2), NOW)).toEqual({ minutes: 0, age: "fresh" });
  });
});

describe("printer alerts: a printer failing for a minute or more", () => {
  it("names each failing printer with its minutes and waiting tickets; a short failure or a working printer, none", () => {
    const alerts = printerAlerts(
      [
        { stationId: 1, failingSince: minutesAgo(3.5), problem: "unreachable", waiting: 2 },
        { stationId: 2, failingSince: minutesAgo(0.5), problem: "timed out", waiting: 1 },
        { stationId: 3, failingSince: null, problem: null, waiting: 0 },
        { stationId: 4, failingSince: minutesAgo(1), problem: "out of paper", waiting: 0 },
      ],
      NOW,
    );
    expect(alerts).toEqual([
      { stationId: 1, minutes: 3, waiting: 2 },
      { stationId: 4, minutes: 1, waiting: 0 },
    ]);
  });
});

describe("a write's answer shows until a read catches up with it", () => {
  const read = [ticket(1, { version: 3 }), ticket(2, { version: 1 })];

  it("an answer newer than the read replaces the ticket; one that left the listed state takes it off", () => {
    const lineReady = ticket(1, { version: 4, lines: [] });
    const allReady = ticket(2, { version: 2, state: "READY" });
    const shown = withAnswers(
      read,
      new Map([
        [1, lineReady],
        [2, allReady],
      ]),
      "ACTIVE",
    );
    expect(shown).toEqual([lineReady]);
  });

  it("a read at the answer's version or later wins", () => {
    const stale = ticket(1, { version: 3, state: "READY" });
    expect(withAnswers(read, new Map([[1, stale]]), "ACTIVE")).toEqual(read);
  });

  it("an answer is dropped once a read lists its ticket at that version or later, or no longer lists it", () => {
    const answers = new Map([
      [1, ticket(1, { version: 3 })],
      [2, ticket(2, { version: 2, state: "READY" })],
      [3, ticket(3, { version: 2, state: "READY" })],
    ]);
    expect(answersCaughtUp(read, answers)).toEqual([1, 3]);
  });
});

describe("which messages of the tickets topic a screen reads again for", () => {
  const event = (stationId: number, ticketId: number, state: string) => ({
    storeId: 7,
    stationId,
    ticketId,
    orderId: 1,
    state,
    version: 1,
    changedAt: "2026-07-01T09:30:00.000Z",
  });

  it("a display: its own station's tickets, or a message it cannot read; never another station's", () => {
    expect(concernsStation(event(7601, 5, "ACTIVE"), 7601)).toBe(true);
    expect(concernsStation(event(7602, 6, "ACTIVE"), 7601)).toBe(false);
    expect(concernsStation(undefined, 7601)).toBe(true);
    expect(concernsStation({ something: "else" }, 7601)).toBe(true);
  });

  it("the ready list: a ticket made, or one it lists; not a ticket just sent to a station", () => {
    expect(concernsReadyList(event(7601, 5, "READY"), new Set())).toBe(true);
    expect(concernsReadyList(event(7601, 5, "PICKED_UP"), new Set([5]))).toBe(true);
    expect(concernsReadyList(event(7601, 5, "ACTIVE"), new Set([5]))).toBe(true);
    expect(concernsReadyList(event(7601, 9, "ACTIVE"), new Set([5]))).toBe(false);
    expect(concernsReadyList(undefined, new Set())).toBe(true);
  });
});
