/**
 * Guests' calls to the waiter, on the PDA (shapes in src/domain/bill-api.ts): the store's
 * unanswered calls, and answering one (an Idempotency-Key; two waiters at once: one wins).
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { AuthHeadersSchema } from "../../../domain/auth-api";
import { WaiterCallSchema, WaiterCallsSchema } from "../../../domain/bill-api";
import { answerCall, listOpenCalls } from "../../bill/waiter-calls";
import { IdempotentHeadersSchema, idempotencyKeyOf, sendStoredAnswer } from "../../http/idempotent-request";
import { errorResponses, IdSchema, NoQuerySchema } from "../../http/schemas";
import type { OrdersContext } from "../../orders/context";
import { authenticateStaff } from "../staff-orders/staff-session";

export const staffCallRoutes: FastifyPluginAsyncTypebox<{ ctx: OrdersContext }> = async (app, { ctx }) => {
  app.get(
    "/staff/calls",
    {
      schema: {
        tags: ["bill"],
        summary: "The store's guests asking for a waiter (to pay, or to come), unanswered, oldest first",
        querystring: NoQuerySchema,
        headers: AuthHeadersSchema,
        response: { 200: WaiterCallsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const staff = await authenticateStaff(ctx, request.headers);
      reply.header("cache-control", "no-store");
      return { calls: await listOpenCalls(ctx.db, staff.storeId) };
    },
  );

  app.post(
    "/staff/calls/:callId/answer",
    {
      schema: {
        tags: ["bill"],
        summary: "A waiter takes a guest's call (the other PDAs stop showing it)",
        params: Type.Object({ callId: IdSchema }),
        querystring: NoQuerySchema,
        headers: IdempotentHeadersSchema,
        response: { 200: WaiterCallSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const staff = await authenticateStaff(ctx, request.headers as Record<string, string>);
      const key = idempotencyKeyOf(request.headers as Record<string, unknown>);
      return sendStoredAnswer(reply, await answerCall(ctx, staff, request.params.callId, key));
    },
  );
};
