/**
 * Shapes of the staff's order history and of order details by link. TypeBox schemas: the server
 * validates and serializes with them; the app imports only the types (constants it needs are in
 * staff-history.ts).
 *
 *   GET /api/staff/stores/:storeId/orders?day=&status=&spotId=&dailyNumber=&cursor=&limit=
 *                                          StoreOrdersPage (staff of that store only)
 *   GET /api/staff/orders/:orderId/details-link
 *                                          OrderDetailsLink (staff of the order's store: a signed,
 *                                          expiring path to /view-order-details/...)
 *   GET /api/order-details/:storeId/:orderId  + header order-link-token
 *                                          StaffOrder, no sign-in; any bad token 404 INVALID_ORDER_LINK
 */
import { type Static, Type } from "typebox";
import { TranslationsSchema } from "./api";
import { OrderSchema, OrderStatusSchema } from "./orders-api";
import { STORE_HISTORY_MAX_PAGE_SIZE } from "./staff-history";

const closed = { additionalProperties: false } as const;
const id = (description?: string) =>
  Type.Integer({ minimum: 1, maximum: 2_147_483_647, ...(description === undefined ? {} : { description }) });
const Id = id();
const AthensDay = Type.String({ pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", description: "YYYY-MM-DD in Athens" });

export const StoreOrdersQuerySchema = Type.Object(
  {
    day: Type.Optional(
      Type.String({
        pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
        description: "The Athens day (YYYY-MM-DD); default today",
      }),
    ),
    status: Type.Optional(OrderStatusSchema),
    spotId: Type.Optional(id("The spot the order is for (picked table, else its own spot)")),
    dailyNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    cursor: Type.Optional(id("The nextCursor of the previous page: orders older than it")),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: STORE_HISTORY_MAX_PAGE_SIZE })),
  },
  closed,
);

/** An order as staff see it: the guest's order shape plus who decided it and when. */
export const StaffOrderSchema = Type.Object({
  ...OrderSchema.properties,
  /** When it was accepted, rejected or timed out; null while pending. */
  decidedAt: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
  /** The waiter or admin who accepted or rejected it, when known. */
  decidedByName: Type.Union([Type.String(), Type.Null()]),
});

export const StoreOrdersPageSchema = Type.Object({
  storeId: Type.Integer(),
  athensDay: AthensDay,
  /** Newest first. */
  orders: Type.Array(StaffOrderSchema),
  /** Pass as `cursor` for the next (older) page; null: this was the last page. */
  nextCursor: Type.Union([Type.Integer(), Type.Null()]),
  /** The store's spots, for the spot filter. */
  spots: Type.Array(Type.Object({ id: Type.Integer(), names: TranslationsSchema })),
});

export const OrderDetailsLinkParamsSchema = Type.Object({ orderId: Id }, closed);

export const OrderDetailsLinkSchema = Type.Object({
  /** The app's path, /view-order-details/:orderId/:restaurantId/:token (relative to the app's origin). */
  path: Type.String(),
  expiresAt: Type.String({ format: "date-time" }),
});

export const OrderByLinkParamsSchema = Type.Object({ storeId: Id, orderId: Id }, closed);

export type StoreOrdersQuery = Static<typeof StoreOrdersQuerySchema>;
export type StaffOrderDto = Static<typeof StaffOrderSchema>;
export type StoreOrdersPage = Static<typeof StoreOrdersPageSchema>;
export type OrderDetailsLink = Static<typeof OrderDetailsLinkSchema>;
