/**
 * The staff's order calls (src/domain/orders-api.ts lists them):
 *   GET  /api/staff/orders                     the store's pending orders and today's decided ones
 *   POST /api/staff/orders/:orderId/accept     -> OrderStatusEvent
 *   POST /api/staff/orders/:orderId/reject     { reason? } -> OrderStatusEvent
 * A staff session of the order's store is required (403 FORBIDDEN for guests and visitors; an
 * order of another store is 404 ORDER_NOT_FOUND). Status conflicts are 409 with the spec's codes
 * (src/server/orders/status-changes.ts says which).
 * Accept and reject need an Idempotency-Key, like every staff write: the decision
 * runs once per key and a retry is answered the stored bytes (Idempotent-Replayed: true), which the
 * PDA's outbox relies on; without one: 400 IDEMPOTENCY_KEY_REQUIRED, nothing changes. An order id
 * or body that does not hold is 400 INVALID_DATA_FOR_ORDER (./status-change-input.ts).
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { AuthHeadersSchema } from "../../../domain/auth-api";
import { OrderStatusEventSchema, StaffOrdersSchema, StaffRejectRequestSchema } from "../../../domain/orders-api";
import { IdempotentHeadersSchema, idempotencyKeyOf, sendStoredAnswer } from "../../http/idempotent-request";
import { errorResponses, IdSchema, NoQuerySchema } from "../../http/schemas";
import type { OrdersContext } from "../../orders/context";
import { decideOnce } from "../../orders/status-changes";
import { authenticateStaff } from "./staff-session";
import { refuseInvalidOrderData } from "./status-change-input";
import { listStoreOrders } from "./store-orders";

const OrderParamsSchema = Type.Object({ orderId: IdSchema });

export const staffOrderRoutes: FastifyPluginAsyncTypebox<{ ctx: OrdersContext }> = async (app, { ctx }) => {
  app.get(
    "/staff/orders",
    {
      schema: {
        tags: ["staff"],
        summary: "The staff member's store: pending orders and the ones decided today (Athens), newest first",
        querystring: NoQuerySchema,
        headers: AuthHeadersSchema,
        response: { 200: StaffOrdersSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const staff = await authenticateStaff(ctx, request.headers);
      reply.header("cache-control", "no-store");
      return { orders: await listStoreOrders(ctx, staff.storeId) };
    },
  );

  app.post(
    "/staff/orders/:orderId/accept",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Accept a pending order (captures its card payment). 409 INVALID_STATUS_FOR_ORDER_EXECUTION when it was rejected or timed out, ORDER_NOT_PENDING_STATUS when already accepted, INVALID_STATUS_FOR_ORDER when its payment failed",
        params: OrderParamsSchema,
        querystring: NoQuerySchema,
        headers: IdempotentHeadersSchema,
        response: { 200: OrderStatusEventSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      refuseInvalidOrderData(request);
      const headers = request.headers as Record<string, string>;
      const staff = await authenticateStaff(ctx, headers);
      const key = idempotencyKeyOf(headers);
      const decision = { action: "ACCEPT" as const, reason: null };
      return sendStoredAnswer(reply, await decideOnce(ctx, staff, request.params.orderId, decision, key));
    },
  );

  app.post(
    "/staff/orders/:orderId/reject",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Reject a pending order with an optional reason for the guest (voids its card payment). 409 ORDER_CANNOT_BE_REJECTED when accepted or timed out, ORDER_NOT_PENDING_STATUS when already rejected, INVALID_STATUS_FOR_ORDER when its payment failed",
        params: OrderParamsSchema,
        querystring: NoQuerySchema,
        headers: IdempotentHeadersSchema,
        body: StaffRejectRequestSchema,
        response: { 200: OrderStatusEventSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      refuseInvalidOrderData(request);
      const headers = request.headers as Record<string, string>;
      const staff = await authenticateStaff(ctx, headers);
      const key = idempotencyKeyOf(headers);
      const decision = { action: "REJECT" as const, reason: request.body.reason ?? null };
      return sendStoredAnswer(reply, await decideOnce(ctx, staff, request.params.orderId, decision, key));
    },
  );
};
