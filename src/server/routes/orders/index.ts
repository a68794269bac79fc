/**
 * Order placement and reading (design.md "Orders"; shapes in src/domain/orders-api.ts):
 *   GET  /api/checkout?serviceId=&tableId=   what the checkout offers (no sign-in needed)
 *   POST /api/orders                         place, exactly once per Idempotency-Key
 *   GET  /api/orders/:orderId                the order (its guest, or staff of its store)
 *   GET  /api/orders/:orderId/status         its status: the live status's polling fallback
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { ErrorBodySchema } from "../../../domain/api";
import { AuthHeadersSchema } from "../../../domain/auth-api";
import { checkOutcomeEmail } from "../../../domain/email";
import {
  CheckoutOptionsSchema,
  OrderSchema,
  OrderStatusEventSchema,
  type PlaceOrderRequest,
  PlaceOrderRequestSchema,
} from "../../../domain/orders-api";
import { authenticate } from "../../auth/sessions";
import { ApiError, forbidden, invalidInput } from "../../http/api-error";
import { IdempotentHeadersSchema, idempotencyKeyOf, sendStoredAnswer } from "../../http/idempotent-request";
import { errorResponses, IdSchema } from "../../http/schemas";
import { type CheckoutStaff, checkoutOptions } from "../../orders/checkout-options";
import type { OrdersContext } from "../../orders/context";
import { findReadableOrder } from "../../orders/order-access";
import { loadOrderDto, orderStatusEventOf } from "../../orders/order-presenter";
import { placeOrder } from "../../orders/place-order";
import type { PlacingAccount } from "../../orders/prepare-placement";

/** The store of a valid staff session in the headers; null for anyone else (the call needs no sign-in). */
async function staffOf(
  ctx: OrdersContext,
  headers: { authtoken?: string; jwt?: string },
): Promise<CheckoutStaff | null> {
  if (headers.authtoken === undefined || headers.jwt === undefined) return null;
  try {
    const { user } = (await authenticate(ctx, headers)).account;
    return user.kind === "staff" && user.store_id !== null && user.staff_id !== null
      ? { storeId: user.store_id, staffId: user.staff_id }
      : null;
  } catch {
    return null;
  }
}

export interface OrderRoutesOptions {
  ctx: OrdersContext;
}

export const orderRoutes: FastifyPluginAsyncTypebox<OrderRoutesOptions> = async (app, { ctx }) => {
  app.get(
    "/checkout",
    {
      schema: {
        tags: ["orders"],
        summary: "What the checkout offers for a spot and service: tables, rooms, payment types, required details",
        querystring: Type.Object({ serviceId: IdSchema, tableId: IdSchema }),
        headers: AuthHeadersSchema,
        response: { 200: CheckoutOptionsSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const staff = await staffOf(ctx, request.headers);
      return checkoutOptions(ctx.db, request.query.serviceId, request.query.tableId, staff);
    },
  );

  app.post(
    "/orders",
    {
      schema: {
        tags: ["orders"],
        summary:
          "Place an order; the Idempotency-Key header (a UUID per checkout) makes a retry return the first answer",
        description:
          "The server prices the order itself; a total other than expectedTotalCents is refused with 409 PRICE_CHANGED. " +
          "The same key with the same body returns the stored answer (same status and bytes, header Idempotent-Replayed: true); " +
          "with another body 422 IDEMPOTENCY_KEY_REUSED; while the first is still running, 409 REQUEST_IN_PROGRESS after a short wait. " +
          "notifyEmail (the outcome by e-mail too), when present, is checked first and nothing is stored when it fails: " +
          "empty 400 EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING, malformed 400 INVALID_EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING.",
        headers: IdempotentHeadersSchema,
        body: PlaceOrderRequestSchema,
        response: {
          201: OrderSchema,
          ...errorResponses(400, 401, 403, 404, 409, 422, 429),
          400: {
            ...ErrorBodySchema,
            description:
              "Bad input, nothing stored: VALIDATION_FAILED, IDEMPOTENCY_KEY_REQUIRED; a rental line whose return " +
              "is not after its pick-up: ENDING_DATE_MUST_BE_AFTER_PICK_UP_DATE; other rental dates that break a rule " +
              "(missing, in the past, outside the service's hours, longer than the item allows, on an item not rented): " +
              "INVALID_RENTAL_PERIOD",
            examples: [
              {
                code: "ENDING_DATE_MUST_BE_AFTER_PICK_UP_DATE",
                message: "Item 7: the return must be after the pick-up",
              },
            ],
          },
        },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers);
      const account = await placingAccount(ctx, request.headers);
      const body = withCheckedNotifyEmail(request.body);
      // Each placement writes an order and a stored answer: a guest's are limited,
      // counted inside the placement with its key's claim.
      return sendStoredAnswer(reply, await placeOrder(ctx, account, key, body));
    },
  );

  app.get(
    "/orders/:orderId",
    {
      schema: {
        tags: ["orders"],
        summary: "An order, for its guest or staff of its store (anyone else: 404)",
        params: Type.Object({ orderId: IdSchema }),
        headers: AuthHeadersSchema,
        response: { 200: OrderSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const signedIn = await authenticate(ctx, request.headers);
      const order = await findReadableOrder(ctx, signedIn, request.params.orderId);
      reply.header("cache-control", "no-store");
      const dto = await loadOrderDto(ctx.db, order.id);
      if (dto === null) throw new ApiError(404, "ORDER_NOT_FOUND", "There is no such order");
      return dto;
    },
  );

  app.get(
    "/orders/:orderId/status",
    {
      schema: {
        tags: ["orders"],
        summary: "An order's status: what the live status polls when the stream is unavailable",
        params: Type.Object({ orderId: IdSchema }),
        headers: AuthHeadersSchema,
        response: { 200: OrderStatusEventSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const signedIn = await authenticate(ctx, request.headers);
      const order = await findReadableOrder(ctx, signedIn, request.params.orderId);
      reply.header("cache-control", "no-store");
      return orderStatusEventOf(order);
    },
  );
};

/**
 * The outcome's e-mail, checked before anything is claimed or stored (a bad address is the guest's
 * typing, fixed and sent again, not an answer to keep), and normalized as every address is.
 */
function withCheckedNotifyEmail(body: PlaceOrderRequest): PlaceOrderRequest {
  if (body.notifyEmail === undefined) return body;
  const checked = checkOutcomeEmail(true, body.notifyEmail);
  if (!checked.ok) {
    throw invalidInput(
      checked.code,
      checked.code === "EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING"
        ? "Type the e-mail address the outcome should go to"
        : "Invalid email address",
    );
  }
  return { ...body, notifyEmail: checked.email ?? undefined };
}

/** Guests place their own orders; staff of a store place them from its PDA spots for a table. */
async function placingAccount(
  ctx: OrdersContext,
  headers: { authtoken?: string | undefined; jwt?: string | undefined },
): Promise<PlacingAccount> {
  const { account } = await authenticate(ctx, headers);
  const { user } = account;
  if (user.kind === "guest") {
    return { userId: user.id, kind: "guest", phone: user.phone, storeId: null, staffId: null };
  }
  if (user.kind === "staff" && account.staff !== null) {
    return { userId: user.id, kind: "staff", phone: null, storeId: user.store_id, staffId: user.staff_id };
  }
  throw forbidden("Only a guest, or staff on a PDA, can place orders");
}
