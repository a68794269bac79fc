/**
 * The store's order history of the staff and the minting of order-details links (shapes
 * in src/domain/staff-history-api.ts):
 *   GET /api/staff/stores/:storeId/orders          a page of the store's orders of one Athens day
 *   GET /api/staff/orders/:orderId/details-link    a signed, expiring /view-order-details/... path
 * A staff session of that store is required: guests, visitors and staff of another store get 403
 * FORBIDDEN for a store's history, 404 ORDER_NOT_FOUND for an order that is not their store's.
 * Both are reads: minting a link writes nothing (the token is its own record), so no
 * Idempotency-Key is needed.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { AuthHeadersSchema } from "../../../domain/auth-api";
import type { Translations } from "../../../domain/languages";
import { StoreParamsSchema } from "../../../domain/staff-catalogue-api";
import { isCalendarDay, STORE_HISTORY_PAGE_SIZE } from "../../../domain/staff-history";
import {
  OrderDetailsLinkParamsSchema,
  OrderDetailsLinkSchema,
  StoreOrdersPageSchema,
  StoreOrdersQuerySchema,
} from "../../../domain/staff-history-api";
import { fromJsonText } from "../../db/columns";
import { listStoreOrderIds, listStoreSpots } from "../../db/repositories/store-history.repository";
import { badRequest, forbidden, notFound } from "../../http/api-error";
import { errorResponses, NoQuerySchema } from "../../http/schemas";
import { athensDayText } from "../../orders/athens-clock";
import type { OrdersContext } from "../../orders/context";
import { mintOrderDetailsLink } from "../../orders/order-links";
import { loadStaffOrderDtos } from "../../orders/staff-order-presenter";
import { authenticateStaff } from "../staff-orders/staff-session";

export const staffHistoryRoutes: FastifyPluginAsyncTypebox<{ ctx: OrdersContext }> = async (app, { ctx }) => {
  app.get(
    "/staff/stores/:storeId/orders",
    {
      schema: {
        tags: ["staff"],
        summary: `The store's orders of one Athens day (default today), newest first, ${STORE_HISTORY_PAGE_SIZE} per page unless a limit is given; filter by status, spot and daily number. Staff of that store only`,
        params: StoreParamsSchema,
        querystring: StoreOrdersQuerySchema,
        headers: AuthHeadersSchema,
        response: { 200: StoreOrdersPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { query } = request;
      if (query.day !== undefined && !isCalendarDay(query.day)) throw badRequest(`${query.day} is not a calendar day`);
      const staff = await authenticateStaff(ctx, request.headers);
      if (staff.storeId !== request.params.storeId) throw forbidden("Only the staff of this store can read its orders");
      const athensDay = query.day ?? athensDayText(ctx.now());
      const [page, spots] = await Promise.all([
        listStoreOrderIds(
          ctx.db,
          {
            storeId: staff.storeId,
            athensDay,
            status: query.status,
            spotId: query.spotId,
            dailyNumber: query.dailyNumber,
          },
          { cursor: query.cursor, limit: query.limit ?? STORE_HISTORY_PAGE_SIZE },
        ),
        listStoreSpots(ctx.db, staff.storeId),
      ]);
      reply.header("cache-control", "no-store");
      return {
        storeId: staff.storeId,
        athensDay,
        orders: await loadStaffOrderDtos(ctx.db, page.ids),
        nextCursor: page.nextCursor,
        spots: spots.map((spot) => ({
          id: spot.id,
          names:
            spot.names === null
              ? { GRE: { name: spot.name }, ENG: { name: spot.name } }
              : fromJsonText<Translations>(spot.names),
        })),
      };
    },
  );

  app.get(
    "/staff/orders/:orderId/details-link",
    {
      schema: {
        tags: ["staff"],
        summary:
          "A link that shows this order read-only without sign-in (for a kitchen ticket or a notification): the app's /view-order-details/:orderId/:restaurantId/:token path, valid 24 hours",
        params: OrderDetailsLinkParamsSchema,
        querystring: NoQuerySchema,
        headers: AuthHeadersSchema,
        response: { 200: OrderDetailsLinkSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const staff = await authenticateStaff(ctx, request.headers);
      const { orderId } = request.params;
      const order = await ctx.db
        .selectFrom("orders")
        .select(["id", "store_id"])
        .where("id", "=", orderId)
        .where("store_id", "=", staff.storeId)
        .executeTakeFirst();
      if (order === undefined) throw notFound("ORDER_NOT_FOUND", `There is no order ${orderId} in this store`);
      const keys = await ctx.keyRing.keys();
      reply.header("cache-control", "no-store");
      return mintOrderDetailsLink(keys.orderLinks, { orderId: order.id, storeId: order.store_id }, ctx.now());
    },
  );
};
