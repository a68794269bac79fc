/**
 * The guest's bill (shapes and rules in src/domain/bill-api.ts and bill.ts): read it, pay it by
 * card, have the receipt e-mailed, call the waiter. A signed-in account at that spot is required
 * (bill/bill-access.ts); every write takes an Idempotency-Key and runs once.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { AuthHeadersSchema } from "../../../domain/auth-api";
import {
  BillPaymentAnswerSchema,
  BillPaymentRequestSchema,
  BillSchema,
  GuestPaymentReceiptSchema,
  ReceiptEmailRequestSchema,
  WaiterCallRequestSchema,
  WaiterCallSchema,
} from "../../../domain/bill-api";
import { authenticate, type SignedIn } from "../../auth/sessions";
import { billSpotFor } from "../../bill/bill-access";
import { readBill } from "../../bill/bill-read";
import { loadGuestReceipt, payBill } from "../../bill/pay-bill";
import { queueReceiptEmail } from "../../bill/receipt-email";
import { callWaiter } from "../../bill/waiter-calls";
import { forbidden } from "../../http/api-error";
import { IdempotentHeadersSchema, idempotencyKeyOf, sendStoredAnswer } from "../../http/idempotent-request";
import { errorResponses, IdSchema, NoQuerySchema } from "../../http/schemas";
import type { OrdersContext } from "../../orders/context";
import { viewerOf } from "../../orders/order-access";

const TableParams = Type.Object({ tableId: IdSchema });
const PaymentParams = Type.Object({ tableId: IdSchema, paymentId: IdSchema });

export const billRoutes: FastifyPluginAsyncTypebox<{ ctx: OrdersContext }> = async (app, { ctx }) => {
  /** The spot, when the session's account may see its bill (401, 403, 404 otherwise). */
  async function atSpot(headers: Record<string, unknown>, tableId: number) {
    const signedIn = await authenticate(ctx, headers as Record<string, string>);
    const viewer = viewerOf(signedIn.account);
    const spot = await billSpotFor(ctx.db, viewer, tableId, ctx.now());
    return { signedIn, viewer, spot };
  }

  /** Paying and calling are a guest's: a waiter settles the table on the PDA. */
  function guestOf(signedIn: SignedIn): { userId: number } {
    if (signedIn.account.user.kind === "staff") throw forbidden("Staff settle the table on the PDA");
    return { userId: signedIn.account.user.id };
  }

  app.get(
    "/tables/:tableId/bill",
    {
      schema: {
        tags: ["bill"],
        summary:
          "The spot's bill for a guest who ordered there: lines (paid, treated, canceled marked), total, paid, owed, payments",
        params: TableParams,
        querystring: NoQuerySchema,
        headers: AuthHeadersSchema,
        response: { 200: BillSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { viewer, spot } = await atSpot(request.headers, request.params.tableId);
      reply.header("cache-control", "no-store");
      return readBill(ctx.db, viewer, spot, ctx.now());
    },
  );

  app.post(
    "/tables/:tableId/bill/payments",
    {
      schema: {
        tags: ["bill"],
        summary:
          "Pay the bill, some lines, a share or an amount by card, with a tip: authorized first, captured only if it wins the table",
        params: TableParams,
        querystring: NoQuerySchema,
        headers: IdempotentHeadersSchema,
        body: BillPaymentRequestSchema,
        response: { 201: BillPaymentAnswerSchema, ...errorResponses(400, 401, 402, 403, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const { signedIn, spot } = await atSpot(request.headers, request.params.tableId);
      const key = idempotencyKeyOf(request.headers as Record<string, unknown>);
      const answer = await payBill(ctx, guestOf(signedIn), spot, key, request.body);
      return sendStoredAnswer(reply, answer);
    },
  );

  app.get(
    "/tables/:tableId/bill/payments/:paymentId",
    {
      schema: {
        tags: ["bill"],
        summary: "The receipt of one of the guest's own payments at this spot",
        params: PaymentParams,
        querystring: NoQuerySchema,
        headers: AuthHeadersSchema,
        response: { 200: GuestPaymentReceiptSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { signedIn, spot } = await atSpot(request.headers, request.params.tableId);
      reply.header("cache-control", "no-store");
      return loadGuestReceipt(ctx.db, guestOf(signedIn).userId, spot, request.params.paymentId);
    },
  );

  app.post(
    "/tables/:tableId/bill/payments/:paymentId/email",
    {
      schema: {
        tags: ["bill"],
        summary: "E-mail the receipt of one of the guest's own payments (a few times a day at most)",
        params: PaymentParams,
        querystring: NoQuerySchema,
        headers: AuthHeadersSchema,
        body: ReceiptEmailRequestSchema,
        response: { 202: Type.Object({}), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { signedIn, spot } = await atSpot(request.headers, request.params.tableId);
      await queueReceiptEmail(ctx, guestOf(signedIn).userId, spot, request.params.paymentId, request.body);
      return reply.code(202).send({});
    },
  );

  app.post(
    "/tables/:tableId/bill/calls",
    {
      schema: {
        tags: ["bill"],
        summary: "Ask the waiter to come: to take the payment in cash or on the card terminal, or just to come",
        params: TableParams,
        querystring: NoQuerySchema,
        headers: IdempotentHeadersSchema,
        body: WaiterCallRequestSchema,
        response: { 201: WaiterCallSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const { signedIn, spot } = await atSpot(request.headers, request.params.tableId);
      const key = idempotencyKeyOf(request.headers as Record<string, unknown>);
      const answer = await callWaiter(ctx, guestOf(signedIn).userId, spot, key, request.body);
      return sendStoredAnswer(reply, answer);
    },
  );
};
