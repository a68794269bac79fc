/**
 * Shapes of the table-opening calls. TypeBox schemas: the server
 * validates and serializes with them; the app imports only the types (`import type`), and the
 * constants and rules it needs from ./table-openings.ts.
 *
 * Every call needs a staff session (authToken + jwt headers) of the opening's store: guests and
 * visitors 403 FORBIDDEN, an opening, spot or receipt of another store 404 (it looks missing).
 * Every write carries an Idempotency-Key header (as POST /api/orders does): the same key and body
 * answer the stored answer (Idempotent-Replayed: true), another body 422 IDEMPOTENCY_KEY_REUSED.
 * Every write names the opening `version` the waiter saw where it settles money, so a change made
 * in between (another waiter paid, a new order joined) is refused with 409 OPENING_CHANGED instead
 * of collecting a different amount than the one on the screen. A write of some lines whose every
 * pick says how its line was seen (`seen`) is checked line by line instead: another waiter's
 * settlement of other lines of the table lets it through; a change of one of its lines is
 * LINE_ALREADY_SETTLED (settled meanwhile) or OPENING_CHANGED with that lineId (split or moved).
 *
 *   GET  /api/staff/openings?kind=tables|rooms         OpenOpenings (the store's open openings)
 *   GET  /api/staff/openings/:openingId                OpeningDetail (open or closed)
 *   POST /api/staff/openings/:openingId/pay            PayRequest -> OpeningDetail
 *   POST /api/staff/openings/:openingId/treat          SettleLinesRequest -> OpeningDetail
 *   POST /api/staff/openings/:openingId/cancel         SettleLinesRequest -> OpeningDetail
 *   POST /api/staff/openings/:openingId/close          CloseRequest -> OpeningDetail
 *   POST /api/staff/openings/:openingId/transfer       TransferRequest -> OpeningDetail (the target's)
 *   POST /api/staff/openings/:openingId/reopen         ReopenRequest -> OpeningDetail (admin, same day)
 *   POST /api/staff/openings/:openingId/receipts       ReceiptRequest -> 201 Receipt
 *   GET  /api/staff/receipts/:receiptId                Receipt (to print again)
 *   GET  /api/staff/day-summary?day=YYYY-MM-DD         DaySummary (admins; day in Athens, default today)
 *
 * Live: after every committed change of an opening (an accepted order joined or started it, a
 * waiter paid, treated, canceled, closed, moved or reopened it) the server publishes an
 * OpeningChangedEvent on the store's topic /topic/stores/{storeId}/openings (staff of that store
 * only; domain/order-topics.ts), from whichever API process made the change. The screens re-read
 * what they show on it (pending orders come on /topic/stores/{storeId}/orders) and poll when the
 * connection fails.
 *
 * Conflicts (409): OPENING_CLOSED (details: byName, at), OPENING_CHANGED (details: version, lineId?),
 * LINE_ALREADY_SETTLED (details: lineId, state, byName, at), OPENING_HAS_REMAINING,
 * SPOT_HAS_OPEN_OPENING, ROOM_NOT_OPEN. Refusals (400/403): SETTLE_NOT_ALLOWED (role),
 * REOPEN_NOT_ALLOWED, INVALID_QUANTITY, TRANSFER_TARGET_INVALID, CARD_TERMINAL_NOT_FOUND.
 */
import { type Static, Type } from "typebox";
import { SpotTypeSchema, TranslationsSchema } from "./api";
import { PaymentTypeSchema } from "./orders-api";
import {
  CREDIT_ACCOUNT_MAX_LENGTH,
  OPENING_LINE_KINDS,
  OPENING_LINE_STATES,
  OPENING_STATUSES,
  RECEIPT_KINDS,
  SETTLE_REASON_MAX_LENGTH,
  SETTLEMENT_TYPES,
} from "./table-openings";

const closed = { additionalProperties: false } as const;
const SingleLine = "^[^\\u0000-\\u001F\\u007F]*$";
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Instant = Type.String({ format: "date-time" });
const AthensDay = Type.String({ pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" });

export const OpeningStatusSchema = Type.Enum(OPENING_STATUSES);
export const OpeningLineStateSchema = Type.Enum(OPENING_LINE_STATES);
export const OpeningLineKindSchema = Type.Enum(OPENING_LINE_KINDS);
export const SettlementTypeSchema = Type.Enum(SETTLEMENT_TYPES);
export const ReceiptKindSchema = Type.Enum(RECEIPT_KINDS);

/* ---------- reads ---------- */

export const OpeningSpotSchema = Type.Object({
  id: Type.Integer(),
  /** The spot's name in each language (the venue file's `names`, else its one name in all); the app picks the UI's. */
  names: TranslationsSchema,
  type: SpotTypeSchema,
  /** The venue file names sections in one language only, so the section is that one text. */
  section: Type.String(),
  /** Seats at the spot (the venue file's capacity); 0 when the file gives none. */
  capacity: Type.Optional(Type.Integer({ minimum: 0 })),
});

export const OpeningAmountsSchema = Type.Object({
  totalCents: Type.Integer(),
  paidCents: Type.Integer(),
  treatedCents: Type.Integer(),
  canceledCents: Type.Integer(),
  remainingCents: Type.Integer(),
});

export const MinimumConsumptionSchema = Type.Object({
  cents: Type.Integer(),
  chargeMissing: Type.Boolean(),
  /** What is still missing now (0 when reached). */
  missingCents: Type.Integer(),
});

/** One open (or closed) opening as the list screens show it. */
export const OpeningSummarySchema = Type.Object({
  id: Type.Integer(),
  storeId: Type.Integer(),
  status: OpeningStatusSchema,
  /** Bumped by every change; writes that settle money name the version the waiter saw. */
  version: Type.Integer(),
  spot: OpeningSpotSchema,
  openedAt: Instant,
  /** The waiter who accepted its first order (or took it on a PDA); null when none is known. */
  waiterName: Type.Union([Type.String(), Type.Null()]),
  /** The service that took its first order (spec §3 "department"). */
  department: Type.Object({ serviceId: Type.Integer(), names: TranslationsSchema }),
  amounts: OpeningAmountsSchema,
  minimumConsumption: Type.Union([MinimumConsumptionSchema, Type.Null()]),
  /** Orders of this spot still waiting for acceptance or under review. */
  pendingOrders: Type.Integer(),
  lastActivityAt: Instant,
});

export const OpenOpeningsSchema = Type.Object({
  storeId: Type.Integer(),
  /** The store's sections in the venue file's order, so the screen groups openings as the floor is laid out. */
  sections: Type.Array(Type.String()),
  openings: Type.Array(OpeningSummarySchema),
  /** Every spot of the store that opens tables (transfer targets; rooms to charge to). */
  spots: Type.Array(OpeningSpotSchema),
  cardTerminals: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  /** Treating and canceling is open to waiters in this store (admins always may). */
  waitersMayTreatAndCancel: Type.Boolean(),
});

export const OpeningLineSchema = Type.Object({
  id: Type.Integer(),
  kind: OpeningLineKindSchema,
  /** The order the line came from; null for a minimum-consumption line. */
  orderId: Type.Union([Type.Integer(), Type.Null()]),
  dailyNumber: Type.Union([Type.Integer(), Type.Null()]),
  names: TranslationsSchema,
  quantity: Type.Integer(),
  kilos: Type.Union([Type.Number(), Type.Null()]),
  /** Option names, in the order chosen. */
  options: Type.Array(TranslationsSchema),
  comment: Type.String(),
  amountCents: Type.Integer(),
  state: OpeningLineStateSchema,
  /** Treated / canceled: why. */
  reason: Type.Union([Type.String(), Type.Null()]),
  /** Who settled, treated or canceled it, and when. */
  byName: Type.Union([Type.String(), Type.Null()]),
  at: Type.Union([Instant, Type.Null()]),
  /** PAID lines: the payment that settled it. */
  paymentId: Type.Union([Type.Integer(), Type.Null()]),
  /** A line moved here from another spot (transfer or charge to room): that spot's names. */
  movedFromSpotNames: Type.Union([TranslationsSchema, Type.Null()]),
});

export const OpeningPaymentSchema = Type.Object({
  id: Type.Integer(),
  type: SettlementTypeSchema,
  amountCents: Type.Integer(),
  cardTerminalName: Type.Union([Type.String(), Type.Null()]),
  creditAccount: Type.Union([Type.String(), Type.Null()]),
  /** CHARGE_TO_ROOM: the room's names. */
  roomNames: Type.Union([TranslationsSchema, Type.Null()]),
  /** A guest's card order paid online when it was accepted, or a guest's payment of the bill from the phone. */
  online: Type.Boolean(),
  byName: Type.Union([Type.String(), Type.Null()]),
  at: Instant,
  /** On top of the amount (a guest's tip from the phone); 0 when none. */
  tipCents: Type.Integer(),
  /** A guest paid it from the bill on the phone: the card's brand and last four digits. */
  guestCard: Type.Union([Type.Object({ brand: Type.String(), lastFour: Type.String() }), Type.Null()]),
  /** Paid towards the table, not towards lines (a guest's share or amount): the lines stay open until the table is settled. */
  onAccount: Type.Boolean(),
});

export const OpeningOrderSchema = Type.Object({
  id: Type.Integer(),
  dailyNumber: Type.Integer(),
  createdAt: Instant,
  paymentType: PaymentTypeSchema,
  totalCents: Type.Integer(),
});

export const ReceiptRefSchema = Type.Object({
  id: Type.Integer(),
  kind: ReceiptKindSchema,
  number: Type.Integer(),
  createdAt: Instant,
});

export const OpeningDetailSchema = Type.Object({
  ...OpeningSummarySchema.properties,
  lines: Type.Array(OpeningLineSchema),
  orders: Type.Array(OpeningOrderSchema),
  payments: Type.Array(OpeningPaymentSchema),
  receipts: Type.Array(ReceiptRefSchema),
  closedAt: Type.Union([Instant, Type.Null()]),
  closedByName: Type.Union([Type.String(), Type.Null()]),
  /** MERGED openings: the opening they were moved into. */
  mergedIntoOpeningId: Type.Union([Type.Integer(), Type.Null()]),
});

/* ---------- writes ---------- */

/**
 * A line to settle: the whole line, or `quantity` of its pieces (the rest stays open). `seen` is the
 * line as the waiter saw it: with it on every pick the action conflicts only with a change of these
 * lines, not of the rest of the table (table-openings-line-checks.ts); without it (an action queued
 * by an older app) the request's `version` must still be the table's.
 */
export const LinePickSchema = Type.Object(
  {
    lineId: Id,
    quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    seen: Type.Optional(
      Type.Object(
        { quantity: Type.Integer({ minimum: 1, maximum: 1000 }), amountCents: Type.Integer({ minimum: 0 }) },
        closed,
      ),
    ),
  },
  closed,
);

export const SettlementSchema = Type.Union([
  Type.Object({ type: Type.Literal("CASH") }, closed),
  Type.Object({ type: Type.Literal("CARD"), cardTerminalId: Id }, closed),
  Type.Object({ type: Type.Literal("BANK_ACCOUNT") }, closed),
  Type.Object(
    {
      type: Type.Literal("ON_CREDIT"),
      /** Who owes it (a person or a company); kept as a receivable in the day summary. */
      account: Type.String({ minLength: 1, maxLength: CREDIT_ACCOUNT_MAX_LENGTH, pattern: SingleLine }),
    },
    closed,
  ),
  /** Hotels: the lines move onto the open opening of this room of the same store. */
  Type.Object({ type: Type.Literal("CHARGE_TO_ROOM"), roomSpotId: Id }, closed),
  Type.Object({ type: Type.Literal("SELF_PUBLISH") }, closed),
]);

export const PayRequestSchema = Type.Object(
  {
    version: Type.Integer({ minimum: 1 }),
    /** null: every open line (the whole remainder). */
    lines: Type.Union([Type.Array(LinePickSchema, { minItems: 1, maxItems: 500 }), Type.Null()]),
    payment: SettlementSchema,
  },
  closed,
);

export const SettleLinesRequestSchema = Type.Object(
  {
    version: Type.Integer({ minimum: 1 }),
    lines: Type.Array(LinePickSchema, { minItems: 1, maxItems: 500 }),
    reason: Type.String({ minLength: 1, maxLength: SETTLE_REASON_MAX_LENGTH, pattern: SingleLine }),
  },
  closed,
);

export const CloseRequestSchema = Type.Object(
  {
    version: Type.Integer({ minimum: 1 }),
    /**
     * How the rest is paid (with the minimum-consumption line when the venue charges it); null when
     * nothing remains. A remainder without a payment: 409 OPENING_HAS_REMAINING.
     */
    payment: Type.Union([SettlementSchema, Type.Null()]),
  },
  closed,
);

export const TransferRequestSchema = Type.Object(
  {
    version: Type.Integer({ minimum: 1 }),
    /** Another spot of the same store that opens tables (not a delivery spot, not this one). */
    targetSpotId: Id,
    /**
     * null: the whole opening moves (into the target's open opening when it has one, which then
     * takes its lines and payments and this one becomes MERGED). Otherwise only these open lines.
     */
    lines: Type.Union([Type.Array(LinePickSchema, { minItems: 1, maxItems: 500 }), Type.Null()]),
  },
  closed,
);

export const ReopenRequestSchema = Type.Object({ version: Type.Integer({ minimum: 1 }) }, closed);

export const ReceiptRequestSchema = Type.Object(
  {
    kind: ReceiptKindSchema,
    /** The receipt's language: the guest's or the staff's. */
    language: Type.Union([Type.Literal("GRE"), Type.Literal("ENG")]),
  },
  closed,
);

export const ReceiptSchema = Type.Object({
  id: Type.Integer(),
  storeId: Type.Integer(),
  storeNames: TranslationsSchema,
  openingId: Type.Integer(),
  kind: ReceiptKindSchema,
  /** Per store per Athens day, from 1. */
  number: Type.Integer(),
  athensDay: AthensDay,
  language: Type.Union([Type.Literal("GRE"), Type.Literal("ENG")]),
  /**
   * A receipt is a paper frozen when issued: the spot's name in the receipt's `language`, as printed.
   * Its lines and payments keep every language; the paper shows them in `language` too.
   */
  spotName: Type.String(),
  section: Type.String(),
  waiterName: Type.Union([Type.String(), Type.Null()]),
  /** The opening's lines and payments as they were when the receipt was made. */
  lines: Type.Array(OpeningLineSchema),
  payments: Type.Array(OpeningPaymentSchema),
  amounts: OpeningAmountsSchema,
  minimumConsumption: Type.Union([MinimumConsumptionSchema, Type.Null()]),
  openedAt: Instant,
  closedAt: Type.Union([Instant, Type.Null()]),
  createdAt: Instant,
  byName: Type.Union([Type.String(), Type.Null()]),
});

/**
 * The live event of /topic/stores/{storeId}/openings: which opening changed and its state after the
 * change, enough to patch a list row or to decide whether to re-read (a screen of rooms skips
 * `listKind: "tables"`). Sent after the commit; several quick changes may each send one, and a
 * client that was offline re-reads instead of waiting for a replay.
 */
export const OpeningChangedEventSchema = Type.Object({
  storeId: Type.Integer(),
  openingId: Type.Integer(),
  spotId: Type.Integer(),
  listKind: Type.Union([Type.Literal("tables"), Type.Literal("rooms")]),
  status: OpeningStatusSchema,
  version: Type.Integer(),
  remainingCents: Type.Integer(),
  changedAt: Instant,
});

export const DaySummaryQuerySchema = Type.Object({ day: Type.Optional(AthensDay) }, closed);
/** Without a kind, the tables (the floor's usual list). */
export const OpeningsQuerySchema = Type.Object(
  { kind: Type.Optional(Type.Union([Type.Literal("tables"), Type.Literal("rooms")])) },
  closed,
);

export const DaySummarySchema = Type.Object({
  storeId: Type.Integer(),
  storeNames: TranslationsSchema,
  athensDay: AthensDay,
  openingsClosed: Type.Integer(),
  /** Openings still open at the time of the summary. */
  openingsOpen: Type.Integer(),
  /** Paid amounts by payment type (every type present, 0 when unused). */
  totalsByType: Type.Array(Type.Object({ type: SettlementTypeSchema, amountCents: Type.Integer() })),
  paidCents: Type.Integer(),
  treatedCents: Type.Integer(),
  canceledCents: Type.Integer(),
  /** Treated and canceled lines, with who and why. */
  adjustments: Type.Array(
    Type.Object({
      lineId: Type.Integer(),
      state: Type.Union([Type.Literal("TREATED"), Type.Literal("CANCELED")]),
      spotNames: TranslationsSchema,
      names: TranslationsSchema,
      quantity: Type.Integer(),
      amountCents: Type.Integer(),
      reason: Type.String(),
      byName: Type.Union([Type.String(), Type.Null()]),
      at: Instant,
    }),
  ),
  /** On-credit payments of the day: receivables by account. */
  receivables: Type.Array(
    Type.Object({
      paymentId: Type.Integer(),
      account: Type.String(),
      amountCents: Type.Integer(),
      openingId: Type.Integer(),
      at: Instant,
    }),
  ),
  receiptsIssued: Type.Integer(),
  /** Tips of the day (guests' tips from the phone), in all and by the waiter of each table. */
  tipsCents: Type.Integer(),
  tipsByWaiter: Type.Array(
    Type.Object({ waiterName: Type.Union([Type.String(), Type.Null()]), tipCents: Type.Integer() }),
  ),
});

export type OpeningSpot = Static<typeof OpeningSpotSchema>;
export type OpeningAmountsDto = Static<typeof OpeningAmountsSchema>;
export type MinimumConsumptionDto = Static<typeof MinimumConsumptionSchema>;
export type OpeningSummary = Static<typeof OpeningSummarySchema>;
export type OpenOpenings = Static<typeof OpenOpeningsSchema>;
export type OpeningLineDto = Static<typeof OpeningLineSchema>;
export type OpeningPaymentDto = Static<typeof OpeningPaymentSchema>;
export type OpeningOrderDto = Static<typeof OpeningOrderSchema>;
export type ReceiptRef = Static<typeof ReceiptRefSchema>;
export type OpeningDetail = Static<typeof OpeningDetailSchema>;
export type LinePick = Static<typeof LinePickSchema>;
export type Settlement = Static<typeof SettlementSchema>;
export type PayRequest = Static<typeof PayRequestSchema>;
export type SettleLinesRequest = Static<typeof SettleLinesRequestSchema>;
export type CloseRequest = Static<typeof CloseRequestSchema>;
export type TransferRequest = Static<typeof TransferRequestSchema>;
export type ReopenRequest = Static<typeof ReopenRequestSchema>;
export type ReceiptRequest = Static<typeof ReceiptRequestSchema>;
export type ReceiptDto = Static<typeof ReceiptSchema>;
export type DaySummaryQuery = Static<typeof DaySummaryQuerySchema>;
export type OpeningsQuery = Static<typeof OpeningsQuerySchema>;
export type DaySummary = Static<typeof DaySummarySchema>;
export type OpeningChangedEvent = Static<typeof OpeningChangedEventSchema>;
