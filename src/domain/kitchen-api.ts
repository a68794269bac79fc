/**
 * Shapes of the kitchen and bar calls. TypeBox schemas: the server validates and serializes with
 * them; the app imports only the types, and the rules it needs from ./kitchen.ts.
 *
 * A store names its preparation stations in its venue file (a bar, a kitchen, a pool bar) and
 * routes each service, category or item to one. Every accepted order is split into one ticket per
 * station holding that station's lines. Staff of the store only (guests and visitors 403, a
 * station or ticket of another store 404). Every write carries an Idempotency-Key and is run once.
 *
 *   GET  /api/staff/stations?storeId=                               StationDto[]
 *   GET  /api/staff/stations/:stationId/tickets[?state=READY]       TicketDto[] (active, oldest first, and
 *                                                                   those canceled in the last minutes;
 *                                                                   READY: the last done, newest first)
 *   POST /api/staff/stations/:stationId/tickets/:ticketId/ready     TicketDto (every line ready)
 *   POST /api/staff/stations/:stationId/tickets/:ticketId/lines/:lineIndex/ready   TicketDto
 *   POST /api/staff/stations/:stationId/tickets/:ticketId/recall    TicketDto (back on the display)
 *   POST /api/staff/stations/:stationId/tickets/:ticketId/picked-up TicketDto (the waiter carries it)
 *   GET  /api/staff/tickets/ready                                   TicketDto[] (the store's, to carry)
 *   GET  /api/staff/printers                                        PrinterStatusDto[] (alerts)
 *
 * Live: every committed ticket change is published as a TicketChangedEvent on
 * /topic/stores/{storeId}/tickets (staff of the store only); screens re-read on it and poll when
 * the stream is down. A guest whose store shows preparation sees it on the order's own topic
 * (OrderStatusEvent.preparation).
 */
import { type Static, Type } from "typebox";
import { TranslationsSchema } from "./api";

const closed = { additionalProperties: false } as const;
const Instant = Type.String({ format: "date-time" });
const Id = Type.Integer({ minimum: 1 });

export const TICKET_STATES = ["ACTIVE", "READY", "PICKED_UP", "CANCELED"] as const;
export const TicketStateSchema = Type.Union([
  Type.Literal("ACTIVE"),
  Type.Literal("READY"),
  Type.Literal("PICKED_UP"),
  Type.Literal("CANCELED"),
]);

export const PrinterStatusSchema = Type.Object({
  stationId: Id,
  /** Since when the printer has failed, while it still does; null when it printed last. */
  failingSince: Type.Union([Instant, Type.Null()]),
  /** What went wrong last (unreachable, out of paper, timed out). */
  problem: Type.Union([Type.String(), Type.Null()]),
  /** Tickets waiting for it. */
  waiting: Type.Integer({ minimum: 0 }),
});

export const StationSchema = Type.Object({
  id: Id,
  storeId: Id,
  names: TranslationsSchema,
  /** Shown on a kitchen display of this app. */
  display: Type.Boolean(),
  /** Printed on a network printer too. */
  printer: Type.Boolean(),
});

export const TicketLineSchema = Type.Object({
  index: Type.Integer({ minimum: 0 }),
  names: TranslationsSchema,
  options: Type.Array(TranslationsSchema),
  comment: Type.String(),
  quantity: Type.Integer({ minimum: 1 }),
  grams: Type.Union([Type.Integer(), Type.Null()]),
  /** Pieces canceled by the floor after the ticket was sent. */
  canceledQuantity: Type.Integer({ minimum: 0 }),
  ready: Type.Boolean(),
  /** A no-charge request (towels, a pillow) rather than something to prepare and charge. */
  request: Type.Optional(Type.Boolean()),
});

export const TicketSchema = Type.Object({
  id: Id,
  storeId: Id,
  stationId: Id,
  stationNames: TranslationsSchema,
  orderId: Id,
  dailyNumber: Type.Integer(),
  spotNames: TranslationsSchema,
  waiterName: Type.Union([Type.String(), Type.Null()]),
  state: TicketStateSchema,
  /** A line was canceled after the ticket was sent. */
  changed: Type.Boolean(),
  version: Type.Integer({ minimum: 1 }),
  createdAt: Instant,
  readyAt: Type.Union([Instant, Type.Null()]),
  lines: Type.Array(TicketLineSchema),
});

export const TicketChangedEventSchema = Type.Object({
  storeId: Id,
  stationId: Id,
  ticketId: Id,
  orderId: Id,
  state: TicketStateSchema,
  version: Type.Integer({ minimum: 1 }),
  changedAt: Instant,
});

export const StationsQuerySchema = Type.Object({ storeId: Type.Optional(Id) }, closed);
export const TicketsQuerySchema = Type.Object(
  { state: Type.Optional(Type.Union([Type.Literal("ACTIVE"), Type.Literal("READY")])) },
  closed,
);
export const StationParamsSchema = Type.Object({ stationId: Id }, closed);
export const TicketParamsSchema = Type.Object({ stationId: Id, ticketId: Id }, closed);
export const TicketLineParamsSchema = Type.Object(
  { stationId: Id, ticketId: Id, lineIndex: Type.Integer({ minimum: 0, maximum: 999 }) },
  closed,
);
/** A write names nothing more than its route: the ticket's state decides, and repeats are harmless. */
export const TicketWriteBodySchema = Type.Union([Type.Object({}, closed), Type.Null()]);

export type TicketState = (typeof TICKET_STATES)[number];
export type StationDto = Static<typeof StationSchema>;
export type TicketDto = Static<typeof TicketSchema>;
export type TicketLineDto = Static<typeof TicketLineSchema>;
export type TicketChangedEvent = Static<typeof TicketChangedEventSchema>;
export type PrinterStatusDto = Static<typeof PrinterStatusSchema>;
