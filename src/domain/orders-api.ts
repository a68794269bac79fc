/**
 * Shapes of the order calls (spec §7 "Order placement, order history, reviews and order status
 * calls: not shown", designed in the style of the others; design.md "Orders" and "Real time").
 * TypeBox schemas: the server validates and serializes with them; the app imports only the types.
 *
 *   GET  /api/checkout?serviceId=&tableId=        CheckoutOptions (auth optional)
 *   POST /api/orders                             PlaceOrderRequest + header Idempotency-Key -> 201 Order
 *   GET  /api/orders/:orderId                     Order (its guest, or staff of its store)
 *   GET  /api/orders/:orderId/status              OrderStatusEvent (the polling fallback)
 *   GET  /api/orders/history                      OrderHistory (the signed-in guest's orders)
 *   POST /api/orders/:orderId/review              ReviewRequest -> Review (own accepted order, once)
 *   GET  /api/stores/:storeId/reviews             StoreReviews
 *   GET  /api/staff/orders                        StaffOrders (staff: their store's open orders)
 *   POST /api/staff/orders/:orderId/accept        -> OrderStatusEvent
 *   POST /api/staff/orders/:orderId/reject        StaffRejectRequest -> OrderStatusEvent
 *   POST /api/payments/sandbox/cards              SandboxCardRequest -> TokenizedCard (the built-in
 *                                                 sandbox provider; a real provider tokenizes on its
 *                                                 own host, so card numbers never reach our API)
 *   POST /api/log/:event                          LogRequest -> 204 (fire and forget, spec §7)
 *   GET  /api/stomp                               WebSocket, STOMP 1.2 (order-events.ts)
 */
import { type Static, Type } from "typebox";
import { TranslationsSchema } from "./api";

import { ORDER_STATUSES, PAYMENT_TYPES } from "./order-constants";
import { RENTAL_UNITS } from "./rentals";

export {
  IDEMPOTENCY_KEY_HEADER,
  isPendingStatus,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_TYPES,
  type PaymentType,
  PENDING_ORDER_STATUSES,
} from "./order-constants";

/** Request bodies are closed (as in auth-api.ts): a field the API does not know is a mistake, refused. */
const closed = { additionalProperties: false } as const;

const SingleLine = "^[^\\u0000-\\u001F\\u007F]*$";
const MultiLine = "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]*$";

export const OrderStatusSchema = Type.Enum(ORDER_STATUSES);
export const PaymentTypeSchema = Type.Enum(PAYMENT_TYPES);

export const PreparationSchema = Type.Union([
  Type.Literal("PREPARING"),
  Type.Literal("READY"),
  Type.Literal("ON_ITS_WAY"),
  Type.Null(),
]);

export const DeliveryInfoSchema = Type.Object(
  {
    address: Type.String({ minLength: 1, maxLength: 200, pattern: SingleLine }),
    area: Type.String({ minLength: 1, maxLength: 100, pattern: SingleLine }),
    postalCode: Type.String({ minLength: 1, maxLength: 12, pattern: SingleLine }),
    floor: Type.String({ maxLength: 20, pattern: SingleLine }),
    doorbell: Type.String({ maxLength: 100, pattern: SingleLine }),
  },
  closed,
);

export const PaymentChoiceSchema = Type.Union([
  Type.Object({ type: Type.Literal("CASH") }, closed),
  Type.Object(
    {
      type: Type.Literal("CARD"),
      /** A saved card's token or a sandbox token from POST /api/payments/sandbox/cards. */
      cardToken: Type.String({ minLength: 8, maxLength: 100, pattern: "^[A-Za-z0-9_-]+$" }),
      saveCard: Type.Boolean(),
    },
    closed,
  ),
  Type.Object({ type: Type.Literal("CHARGE_TO_ROOM"), chargingRoomId: Type.Integer({ minimum: 1 }) }, closed),
]);

/** A rental line's dates (ISO 8601 instants); the server counts the started days or hours itself. */
export const RentalPeriodSchema = Type.Object(
  {
    pickUpAt: Type.String({ format: "date-time" }),
    returnAt: Type.String({ format: "date-time" }),
  },
  closed,
);

export const PlaceOrderLineSchema = Type.Object(
  {
    itemId: Type.Integer({ minimum: 1 }),
    quantity: Type.Integer({ minimum: 1, maximum: 1000 }),
    /** Per-kg items: the weight (above 0, at most 1000); null otherwise. */
    kilos: Type.Union([Type.Number({ exclusiveMinimum: 0, maximum: 1000 }), Type.Null()]),
    comment: Type.String({ maxLength: 500, pattern: MultiLine }),
    /** Selected option ids per subselection group id. */
    selection: Type.Record(
      Type.String({ pattern: "^[0-9]{1,15}$" }),
      Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 100 }),
      // Closed inputs: a key that is no group id is refused by the schema, so nothing unknown gets through.
      { additionalProperties: false, maxProperties: 100 },
    ),
    /** A rentable item's pick-up and return (required for it, refused on any other item). */
    rental: Type.Optional(RentalPeriodSchema),
  },
  closed,
);

export const PlaceOrderRequestSchema = Type.Object(
  {
    serviceId: Type.Integer({ minimum: 1 }),
    /** The spot of the link the guest ordered from (the route's :tableId). */
    tableId: Type.Integer({ minimum: 1 }),
    lines: Type.Array(PlaceOrderLineSchema, { minItems: 1, maxItems: 200 }),
    comment: Type.String({ maxLength: 1000, pattern: MultiLine }),
    /** What the app showed as the total; a different server total refuses with PRICE_CHANGED. */
    expectedTotalCents: Type.Integer({ minimum: 0 }),
    /** A scheduled order's time (ISO 8601 instant), null for now. */
    scheduledFor: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
    payment: PaymentChoiceSchema,
    /** A table picked from CheckoutOptions.availableTables (required when tableSelectionRequired). */
    selectedTableId: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
    deliveryInfo: Type.Union([DeliveryInfoSchema, Type.Null()]),
    location: Type.Union([
      Type.Object(
        {
          latitude: Type.Number({ minimum: -90, maximum: 90 }),
          longitude: Type.Number({ minimum: -180, maximum: 180 }),
        },
        closed,
      ),
      Type.Null(),
    ]),
    /** The language of the outcome SMS or e-mail. */
    language: Type.Union([Type.Literal("GRE"), Type.Literal("ENG")]),
    /**
     * Present when the guest asked for the outcome by e-mail too: the address it goes to. Empty:
     * 400 EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING; malformed: 400
     * INVALID_EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING (src/domain/email.ts checkOutcomeEmail).
     */
    notifyEmail: Type.Optional(
      Type.String({
        maxLength: 1000,
        description:
          "The outcome by e-mail too. Empty: 400 EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING; malformed: 400 INVALID_EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING",
      }),
    ),
    /**
     * Staff only: the waiter who serves the order, one of CheckoutOptions.waiters (default: the
     * signed-in one). A guest's order names nobody.
     */
    servedByStaffId: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  closed,
);

export const SpotChoiceSchema = Type.Object({ id: Type.Integer(), name: Type.String() });

export const CheckoutOptionsSchema = Type.Object({
  availableTables: Type.Array(SpotChoiceSchema),
  /** Staff devices (PDA spots) pick the table the order is for. */
  tableSelectionRequired: Type.Boolean(),
  availableChargingRooms: Type.Array(SpotChoiceSchema),
  paymentTypes: Type.Array(PaymentTypeSchema),
  deliveryDetailsRequired: Type.Boolean(),
  locationRequired: Type.Boolean(),
  scheduledOrdersEnabled: Type.Boolean(),
  /** Minutes the store has to accept an order before it times out. */
  acceptanceMinutes: Type.Integer(),
  /**
   * The terminal's floor (spec §3 Checkout "held data"): present on a PDA spot for a staff session
   * of its store only, absent for anyone else.
   */
  tablesWithOpenings: Type.Optional(
    Type.Array(Type.Object({ spotId: Type.Integer(), openingId: Type.Integer(), remainingCents: Type.Integer() })),
  ),
  waiters: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.Integer(),
        name: Type.String(),
        role: Type.Union([Type.Literal("WAITER"), Type.Literal("ADMIN")]),
        /** The staff member asking: the default "served by". */
        signedIn: Type.Optional(Type.Literal(true)),
      }),
    ),
  ),
  cardTerminals: Type.Optional(Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }))),
  restaurantsWithTheirTables: Type.Optional(
    Type.Array(Type.Object({ id: Type.Integer(), names: TranslationsSchema, tables: Type.Array(SpotChoiceSchema) })),
  ),
  tableFamilySections: Type.Optional(
    Type.Array(Type.Object({ family: Type.String(), sections: Type.Array(Type.String()) })),
  ),
  /** The tables of each floor section (spots' `section`), with their seats, for the waiter's table picker. */
  sectionsWithTheirTables: Type.Optional(
    Type.Array(
      Type.Object({
        section: Type.String(),
        tables: Type.Array(
          Type.Object({ ...SpotChoiceSchema.properties, capacity: Type.Optional(Type.Integer({ minimum: 0 })) }),
        ),
      }),
    ),
  ),
});

export const OrderLineOptionSchema = Type.Object({
  groupId: Type.Integer(),
  optionId: Type.Integer(),
  names: TranslationsSchema,
  priceCents: Type.Integer({ minimum: 0 }),
});

export const OrderLineSchema = Type.Object({
  itemId: Type.Integer(),
  names: TranslationsSchema,
  quantity: Type.Integer(),
  kilos: Type.Union([Type.Number(), Type.Null()]),
  comment: Type.String(),
  options: Type.Array(OrderLineOptionSchema),
  unitPriceCents: Type.Integer(),
  optionsUnitPriceCents: Type.Integer(),
  totalCents: Type.Integer(),
  /** A rental line's dates and the started days or hours its price counts; absent on other lines. */
  rental: Type.Optional(
    Type.Object({
      pickUpAt: Type.String({ format: "date-time" }),
      returnAt: Type.String({ format: "date-time" }),
      units: Type.Integer({ minimum: 1 }),
      unit: Type.Enum(RENTAL_UNITS),
    }),
  ),
  /** A no-charge request (towels, a pillow), shown as a request rather than a priced line. */
  request: Type.Optional(Type.Boolean()),
});

export const OrderTotalsSchema = Type.Object({
  subtotalCents: Type.Integer(),
  happyHourSavingsCents: Type.Integer(),
  roomChargeCents: Type.Integer(),
  deliveryDiscountCents: Type.Integer(),
  totalCents: Type.Integer(),
});

/** One status of one order: the GET for polling, and the body of every STOMP MESSAGE. */
export const OrderStatusEventSchema = Type.Object({
  orderId: Type.Integer(),
  storeId: Type.Integer(),
  status: OrderStatusSchema,
  /** Orders are never held on the server: an order waiting on sign-in waits in the app's outbox. */
  onHold: Type.Boolean(),
  dailyNumber: Type.Integer(),
  /** The reason a store gave for a rejection, or the provider's for a failed payment. */
  errorMessage: Type.Union([Type.String(), Type.Null()]),
  updatedAt: Type.String({ format: "date-time" }),
  /** An accepted order being prepared, ready or on its way, where the store shows it; else null or absent. */
  preparation: Type.Optional(PreparationSchema),
});

export const OrderSchema = Type.Object({
  id: Type.Integer(),
  storeId: Type.Integer(),
  storeNames: TranslationsSchema,
  serviceId: Type.Integer(),
  serviceNames: TranslationsSchema,
  tableId: Type.Integer(),
  spotName: Type.String(),
  /** Where the order is for (the picked table, else the spot), in each language. */
  spotNames: TranslationsSchema,
  selectedTableName: Type.Union([Type.String(), Type.Null()]),
  chargingRoomName: Type.Union([Type.String(), Type.Null()]),
  status: OrderStatusSchema,
  onHold: Type.Boolean(),
  dailyNumber: Type.Integer(),
  scheduledFor: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
  comment: Type.String(),
  payment: Type.Object({
    type: PaymentTypeSchema,
    cardBrand: Type.Union([Type.String(), Type.Null()]),
    cardLastFour: Type.Union([Type.String(), Type.Null()]),
  }),
  deliveryInfo: Type.Union([DeliveryInfoSchema, Type.Null()]),
  lines: Type.Array(OrderLineSchema),
  totals: OrderTotalsSchema,
  errorMessage: Type.Union([Type.String(), Type.Null()]),
  acceptanceDeadline: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
  reviewed: Type.Boolean(),
  createdAt: Type.String({ format: "date-time" }),
  updatedAt: Type.String({ format: "date-time" }),
  /** As OrderStatusEvent.preparation. */
  preparation: Type.Optional(PreparationSchema),
  /** Whether member (all-inclusive) prices applied to any line: a member order. */
  memberPrices: Type.Optional(Type.Boolean()),
  /** A waiter's order: the name of the waiter serving it; null for a guest's order. */
  servedByName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});

export const OrderHistorySchema = Type.Object({ orders: Type.Array(OrderSchema) });
export const StaffOrdersSchema = Type.Object({ orders: Type.Array(OrderSchema) });

export const StaffRejectRequestSchema = Type.Object(
  { reason: Type.Optional(Type.String({ maxLength: 300, pattern: SingleLine })) },
  closed,
);

export const ReviewRequestSchema = Type.Object(
  {
    rating: Type.Integer({ minimum: 1, maximum: 5 }),
    comment: Type.String({ maxLength: 2000, pattern: MultiLine }),
  },
  closed,
);

export const ReviewSchema = Type.Object({
  id: Type.Integer(),
  orderId: Type.Integer(),
  storeId: Type.Integer(),
  rating: Type.Integer(),
  comment: Type.String(),
  /** The reviewer's first name as it is now; null when the account was deleted or has no name. */
  authorName: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: "date-time" }),
});

export const StoreReviewsSchema = Type.Object({
  storeId: Type.Integer(),
  storeNames: TranslationsSchema,
  count: Type.Integer(),
  /** Mean rating rounded to one decimal; null without reviews. */
  averageRating: Type.Union([Type.Number(), Type.Null()]),
  reviews: Type.Array(ReviewSchema),
});

export const SandboxCardRequestSchema = Type.Object(
  {
    number: Type.String({ minLength: 12, maxLength: 23, pattern: "^[0-9 ]+$" }),
    expiryMonth: Type.Integer({ minimum: 1, maximum: 12 }),
    expiryYear: Type.Integer({ minimum: 2000, maximum: 2100 }),
    cvc: Type.String({ pattern: "^[0-9]{3,4}$" }),
  },
  closed,
);

export const TokenizedCardSchema = Type.Object({
  cardToken: Type.String(),
  brand: Type.String(),
  lastFourDigits: Type.String(),
});

export type DeliveryInfo = Static<typeof DeliveryInfoSchema>;
export type PaymentChoice = Static<typeof PaymentChoiceSchema>;
export type PlaceOrderLine = Static<typeof PlaceOrderLineSchema>;
export type PlaceOrderRequest = Static<typeof PlaceOrderRequestSchema>;
export type SpotChoice = Static<typeof SpotChoiceSchema>;
export type CheckoutOptions = Static<typeof CheckoutOptionsSchema>;
export type OrderLineOptionDto = Static<typeof OrderLineOptionSchema>;
export type OrderLineDto = Static<typeof OrderLineSchema>;
export type OrderTotals = Static<typeof OrderTotalsSchema>;
export type OrderStatusEvent = Static<typeof OrderStatusEventSchema>;
export type OrderDto = Static<typeof OrderSchema>;
export type OrderHistory = Static<typeof OrderHistorySchema>;
export type StaffOrders = Static<typeof StaffOrdersSchema>;
export type StaffRejectRequest = Static<typeof StaffRejectRequestSchema>;
export type ReviewRequest = Static<typeof ReviewRequestSchema>;
export type ReviewDto = Static<typeof ReviewSchema>;
export type StoreReviews = Static<typeof StoreReviewsSchema>;
export type SandboxCardRequest = Static<typeof SandboxCardRequestSchema>;
export type TokenizedCard = Static<typeof TokenizedCardSchema>;
