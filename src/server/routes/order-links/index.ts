/**
 * GET /api/order-details/:storeId/:orderId (spec §2
 * view-order-details): one order, read-only, for whoever holds its link. No sign-in: the
 * capability is the link's token (orders/order-links.ts), sent in the `order-link-token` header,
 * never in this URL, so it reaches no access log, proxy log or browser history of API calls.
 *
 * A missing, wrong, expired or tampered token, or one for another order or store, and an order
 * that does not exist, all get the same 404 INVALID_ORDER_LINK: the answer tells nothing about
 * which orders exist or why a link failed.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { ORDER_LINK_TOKEN_HEADER } from "../../../domain/staff-history";
import { OrderByLinkParamsSchema, StaffOrderSchema } from "../../../domain/staff-history-api";
import { notFound } from "../../http/api-error";
import { errorResponses, NoQuerySchema } from "../../http/schemas";
import type { OrdersContext } from "../../orders/context";
import { isValidOrderLinkToken } from "../../orders/order-links";
import { loadStaffOrderDtos } from "../../orders/staff-order-presenter";

const OrderLinkHeadersSchema = Type.Object({
  [ORDER_LINK_TOKEN_HEADER]: Type.Optional(Type.String({ maxLength: 4096 })),
});

const refusal = () => notFound("INVALID_ORDER_LINK", "This order link is not valid or has expired");

export const orderLinkRoutes: FastifyPluginAsyncTypebox<{ ctx: OrdersContext }> = async (app, { ctx }) => {
  app.get(
    "/order-details/:storeId/:orderId",
    {
      schema: {
        tags: ["orders"],
        summary: `One order, read-only, for the holder of its details link (token in the ${ORDER_LINK_TOKEN_HEADER} header). Any invalid link: 404 INVALID_ORDER_LINK`,
        params: OrderByLinkParamsSchema,
        querystring: NoQuerySchema,
        headers: OrderLinkHeadersSchema,
        response: { 200: StaffOrderSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const { storeId, orderId } = request.params;
      const token = request.headers[ORDER_LINK_TOKEN_HEADER];
      reply.header("cache-control", "no-store");
      if (token === undefined) throw refusal();
      const keys = await ctx.keyRing.keys();
      if (!(await isValidOrderLinkToken(keys.orderLinks, token, { orderId, storeId }, ctx.now()))) throw refusal();
      const [order] = await loadStaffOrderDtos(ctx.db, [orderId]);
      if (order === undefined || order.storeId !== storeId) throw refusal();
      return order;
    },
  );
};
