/**
 * GET /api/orders/history (spec §2 history, §6 "logged-in user: history"): the signed-in guest's
 * own orders, newest first, a page at a time (`before`: the oldest order id the app holds). Whose
 * orders is always the session's account: the query names no user.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { AuthHeadersSchema } from "../../../domain/auth-api";
import { ORDER_HISTORY_PAGE_SIZE } from "../../../domain/order-history";
import { OrderHistorySchema } from "../../../domain/orders-api";
import { authenticateGuest } from "../../auth/sessions";
import { listOrderIdsOfUser } from "../../db/repositories/order-history.repository";
import { errorResponses } from "../../http/schemas";
import type { OrdersContext } from "../../orders/context";
import { loadOrderDtos } from "../../orders/order-presenter";

const HistoryQuerySchema = Type.Object(
  {
    before: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: "Only orders older than this order id" }),
    ),
  },
  { additionalProperties: false },
);

export const orderHistoryRoutes: FastifyPluginAsyncTypebox<{ ctx: OrdersContext }> = async (app, { ctx }) => {
  app.get(
    "/orders/history",
    {
      schema: {
        tags: ["orders"],
        summary: `The signed-in guest's orders, newest first, ${ORDER_HISTORY_PAGE_SIZE} per page, with lines, totals, status and whether each is reviewed`,
        querystring: HistoryQuerySchema,
        headers: AuthHeadersSchema,
        response: { 200: OrderHistorySchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { account } = await authenticateGuest(ctx, request.headers);
      const ids = await listOrderIdsOfUser(ctx.db, account.user.id, {
        before: request.query.before,
        limit: ORDER_HISTORY_PAGE_SIZE,
      });
      // Personal data: never kept by a shared cache, and always fresh (statuses change).
      reply.header("cache-control", "no-store");
      return { orders: await loadOrderDtos(ctx.db, ids) };
    },
  );
};
