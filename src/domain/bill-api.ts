/**
 * Shapes of the guest's bill calls (rules in ./bill.ts). TypeBox schemas: the server validates and
 * serializes with them; the app imports only the types (`import type`).
 *
 * Every call needs a signed-in guest (authToken + jwt headers; none: 401) who is at that spot: the
 * account placed an order there in the last BILL_VISIT_HOURS (./bill.ts), or is staff of its store.
 * Anyone else, and a spot of another store, gets 403 NOT_AT_THIS_TABLE; an unknown spot 404.
 *
 *   GET  /api/tables/:tableId/bill                         Bill
 *   POST /api/tables/:tableId/bill/payments                BillPaymentRequest -> 201 BillPaymentAnswer
 *   GET  /api/tables/:tableId/bill/payments/:paymentId     GuestPaymentReceipt (the payer's own)
 *   POST /api/tables/:tableId/bill/payments/:paymentId/email  { email } -> 202 (the receipt by e-mail)
 *   POST /api/tables/:tableId/bill/calls                   WaiterCallRequest -> 201 WaiterCall
 *
 * A payment carries an Idempotency-Key like an order (same key and body: the stored answer, with
 * Idempotent-Replayed: true; another body: 422 IDEMPOTENCY_KEY_REUSED). The card is authorized
 * before the table is touched and captured only after the payment won the table (a job, after the
 * commit); a payment that loses (the lines were paid meanwhile, the bill is settled, the amount is
 * now more than is owed) is voided, so the card is never charged for it.
 *
 * Refusals: 409 BILL_SETTLED (nothing is owed), 409 AMOUNT_OVER_OWED (details: owedCents),
 * 409 BILL_CHANGED (the share or lines no longer cost what the phone showed; details: owedCents),
 * 409 LINE_ALREADY_SETTLED (a chosen line was paid meanwhile), 400 TIP_TOO_HIGH, 402 CARD_DECLINED
 * (details: reason), 404 CARD_NOT_FOUND.
 *
 * Staff (a session of the spot's store):
 *   GET  /api/staff/calls                                  WaiterCalls (unanswered, oldest first)
 *   POST /api/staff/calls/:callId/answer                   Idempotency-Key -> WaiterCall
 *        (two waiters at once: one 200, the other 409 CALL_ALREADY_ANSWERED with byName, at)
 *
 * Live: /topic/tables/{tableId}/bill carries a BillChangedEvent after every committed change of the
 * spot's opening (its guests re-read the bill); /topic/stores/{storeId}/calls a WaiterCallEvent
 * (staff of the store).
 */
import { type Static, Type } from "typebox";
import { SpotTypeSchema, TranslationsSchema } from "./api";
import { MAX_SHARES, WAITER_CALL_KINDS } from "./bill";
import { OpeningLineStateSchema } from "./table-openings-api";

const closed = { additionalProperties: false } as const;
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Cents = Type.Integer({ minimum: 0, maximum: 100_000_000 });
const Instant = Type.String({ format: "date-time" });

export const WaiterCallKindSchema = Type.Enum(WAITER_CALL_KINDS);

/** A line as the guests of the table see it: never who ordered it, only whether it was this guest. */
export const BillLineSchema = Type.Object({
  id: Type.Integer(),
  names: TranslationsSchema,
  options: Type.Array(TranslationsSchema),
  quantity: Type.Integer(),
  kilos: Type.Union([Type.Number(), Type.Null()]),
  amountCents: Type.Integer(),
  state: OpeningLineStateSchema,
  /** Ordered by the account reading the bill. */
  mine: Type.Boolean(),
});

/** A payment of the table as its guests see it: how, how much, and whether it was this guest's. */
export const BillPaymentSummarySchema = Type.Object({
  id: Type.Integer(),
  /** CARD_ONLINE: a guest's phone; every other value a waiter took (cash, card terminal...). */
  method: Type.Union([Type.Literal("CARD_ONLINE"), Type.Literal("AT_TABLE")]),
  amountCents: Type.Integer(),
  tipCents: Type.Integer(),
  mine: Type.Boolean(),
  at: Instant,
});

export const BillSchema = Type.Object({
  tableId: Type.Integer(),
  storeId: Type.Integer(),
  spotNames: TranslationsSchema,
  spotType: SpotTypeSchema,
  /**
   * NONE: no accepted order yet (nothing to pay); OPEN: something may be owed; SETTLED: the
   * table was closed (the last bill of this guest's visit, shown as settled).
   */
  status: Type.Union([Type.Literal("NONE"), Type.Literal("OPEN"), Type.Literal("SETTLED")]),
  openingId: Type.Union([Type.Integer(), Type.Null()]),
  /** Bumped by every change of the table. */
  version: Type.Integer(),
  totalCents: Type.Integer(),
  paidCents: Type.Integer(),
  owedCents: Type.Integer(),
  /** Treated and canceled lines together: what nobody pays. */
  waivedCents: Type.Integer(),
  lines: Type.Array(BillLineSchema),
  payments: Type.Array(BillPaymentSummarySchema),
  /** An equal split in progress: into how many parts, and how many are paid. */
  split: Type.Union([Type.Object({ parts: Type.Integer(), paidParts: Type.Integer() }), Type.Null()]),
  /** A payment by card on the phone is possible here (the store takes cards online). */
  cardPayments: Type.Boolean(),
  /** The server's time of this read (the app shows it when offline). */
  readAt: Instant,
});

const LinePickSchema = Type.Object(
  {
    lineId: Id,
    /** Some pieces of the line (the rest stays open); whole line when absent. */
    quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    /** The line as the guest saw it: a change of it meanwhile is refused rather than paid. */
    seen: Type.Object(
      { quantity: Type.Integer({ minimum: 1, maximum: 1000 }), amountCents: Type.Integer({ minimum: 0 }) },
      closed,
    ),
  },
  closed,
);

export const BillPaymentRequestSchema = Type.Object(
  {
    /** What the table's bill is paid: more than is owed is refused; cents, a whole positive number. */
    amountCents: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
    /** On top of the amount, at most the amount itself. */
    tipCents: Cents,
    payment: Type.Object(
      {
        type: Type.Literal("CARD"),
        cardToken: Type.String({ minLength: 1, maxLength: 200 }),
        /** Keep the card for later payments (a new card only). */
        saveCard: Type.Optional(Type.Boolean()),
      },
      closed,
    ),
    /** These lines (the amount must be theirs). */
    lines: Type.Optional(Type.Array(LinePickSchema, { minItems: 1, maxItems: 200 })),
    /** `count` of `parts` equal shares (the amount must be theirs). */
    share: Type.Optional(
      Type.Object(
        {
          parts: Type.Integer({ minimum: 2, maximum: MAX_SHARES }),
          count: Type.Integer({ minimum: 1, maximum: MAX_SHARES }),
        },
        closed,
      ),
    ),
    /**
     * Without lines or share: true pays every open line (the amount must be all that is owed);
     * false or absent pays the amount towards the table.
     */
    everything: Type.Optional(Type.Boolean()),
    /** The guest's language for the receipt e-mail and the card's statement. */
    language: Type.Optional(Type.Union([Type.Literal("GRE"), Type.Literal("ENG")])),
  },
  closed,
);

export const GuestPaymentReceiptSchema = Type.Object({
  id: Type.Integer(),
  tableId: Type.Integer(),
  storeNames: TranslationsSchema,
  spotNames: TranslationsSchema,
  amountCents: Type.Integer(),
  tipCents: Type.Integer(),
  /** amount + tip: what the card was charged. */
  chargedCents: Type.Integer(),
  brand: Type.String(),
  lastFour: Type.String(),
  /** The lines this payment settled (none for a share or an amount). */
  lines: Type.Array(Type.Object({ names: TranslationsSchema, quantity: Type.Integer(), amountCents: Type.Integer() })),
  share: Type.Union([Type.Object({ parts: Type.Integer(), count: Type.Integer() }), Type.Null()]),
  at: Instant,
});

export const BillPaymentAnswerSchema = Type.Object({
  payment: GuestPaymentReceiptSchema,
  bill: BillSchema,
});

export const ReceiptEmailRequestSchema = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 254 }),
    language: Type.Union([Type.Literal("GRE"), Type.Literal("ENG")]),
  },
  closed,
);

export const WaiterCallRequestSchema = Type.Object(
  {
    kind: WaiterCallKindSchema,
    /** PAY_*: what the guest means to pay, and tip (shown to the waiter). */
    amountCents: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000_000 })),
    tipCents: Type.Optional(Cents),
  },
  closed,
);

export const WaiterCallSchema = Type.Object({
  id: Type.Integer(),
  storeId: Type.Integer(),
  spot: Type.Object({ id: Type.Integer(), names: TranslationsSchema, type: SpotTypeSchema, section: Type.String() }),
  kind: WaiterCallKindSchema,
  amountCents: Type.Union([Type.Integer(), Type.Null()]),
  tipCents: Type.Union([Type.Integer(), Type.Null()]),
  /** What the spot's table owes now (null: no open table). */
  owedCents: Type.Union([Type.Integer(), Type.Null()]),
  openingId: Type.Union([Type.Integer(), Type.Null()]),
  at: Instant,
  answeredAt: Type.Union([Instant, Type.Null()]),
  answeredByName: Type.Union([Type.String(), Type.Null()]),
});

export const WaiterCallsSchema = Type.Object({ calls: Type.Array(WaiterCallSchema) });

export const BillChangedEventSchema = Type.Object({
  tableId: Type.Integer(),
  openingId: Type.Integer(),
  version: Type.Integer(),
  owedCents: Type.Integer(),
  status: Type.Union([Type.Literal("OPEN"), Type.Literal("SETTLED")]),
});

export const WaiterCallEventSchema = Type.Object({
  storeId: Type.Integer(),
  callId: Type.Integer(),
  spotId: Type.Integer(),
  kind: WaiterCallKindSchema,
  answered: Type.Boolean(),
});

export type BillLine = Static<typeof BillLineSchema>;
export type BillPaymentSummary = Static<typeof BillPaymentSummarySchema>;
export type Bill = Static<typeof BillSchema>;
export type BillPaymentRequest = Static<typeof BillPaymentRequestSchema>;
export type GuestPaymentReceipt = Static<typeof GuestPaymentReceiptSchema>;
export type BillPaymentAnswer = Static<typeof BillPaymentAnswerSchema>;
export type ReceiptEmailRequest = Static<typeof ReceiptEmailRequestSchema>;
export type WaiterCallRequest = Static<typeof WaiterCallRequestSchema>;
export type WaiterCall = Static<typeof WaiterCallSchema>;
export type WaiterCalls = Static<typeof WaiterCallsSchema>;
export type BillChangedEvent = Static<typeof BillChangedEventSchema>;
export type WaiterCallEvent = Static<typeof WaiterCallEventSchema>;
