/**
 * POST /api/log/:event: the app's §7 log calls (spec §7 "Logging calls (all POST, fire and
 * forget, errors swallowed)"; the events and their fields: domain/order-logs.ts). Each accepted
 * call becomes one structured line of the server's log (`clientEvent`, the fields, the time the
 * app recorded it, the signed-in account when the tokens hold) and answers 204.
 *
 * - :event must be one of LOG_EVENTS or enter-{itemId}-clicked (400 VALIDATION_FAILED otherwise:
 *   the app drops a call the server refuses with a 4xx, so an unknown event is never retried); an
 *   enter-{itemId}-clicked names an item the server has, of the storeId when the body carries one;
 * - the body is a LogRequest and carries the fields of its event (requiredLogFields), else 400;
 * - auth headers are optional: an expired or revoked pair does not refuse the call (it may come
 *   from the offline queue, long after); a valid pair adds the account's id to the line;
 * - LOG_CALLS_PER_ADDRESS per client address (in memory, see address-rate-limit.ts), checked before
 *   the body is read: beyond it 429 RATE_LIMITED with Retry-After, which the app keeps and resends.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { AuthHeadersSchema } from "../../../domain/auth-api";
import { MAX_ID } from "../../../domain/ids";
import { ITEM_LOG_EVENT_PATTERN, itemIdOfLogEvent } from "../../../domain/item-log-events";
import {
  LOG_EVENTS,
  type LogEvent,
  LogRequestSchema,
  requiredLogFields,
  TABLE_OPENING_LOG_EVENTS,
} from "../../../domain/order-logs";
import { authenticate } from "../../auth/sessions";
import { badRequest, forbidden, tooManyRequests } from "../../http/api-error";
import { errorResponses } from "../../http/schemas";
import type { OrdersContext } from "../../orders/context";
import { AddressRateLimit } from "./address-rate-limit";

/**
 * A guest following an order on polling logs about 20 calls a minute; a phone back online sends
 * its queue (up to 500) at once; a hotel's guests may share one address. 300 a minute lets all of
 * that through within a few minutes and keeps a flooding client to a bounded trickle.
 */
export const LOG_CALLS_PER_ADDRESS = { limit: 300, windowMs: 60_000 } as const;

const LogParamsSchema = Type.Object({
  event: Type.Union([
    Type.Enum(LOG_EVENTS),
    Type.String({ pattern: ITEM_LOG_EVENT_PATTERN, description: "enter-{itemId}-clicked: a guest opened an item" }),
  ]),
});

export const logRoutes: FastifyPluginAsyncTypebox<{ ctx: OrdersContext }> = async (app, { ctx }) => {
  const limiter = new AddressRateLimit({ ...LOG_CALLS_PER_ADDRESS, now: ctx.now });

  // Before the body is parsed or validated: a flood costs neither, nor an error line per request.
  app.addHook("onRequest", async (request) => {
    const decision = limiter.take(request.ip);
    if (!decision.allowed)
      throw tooManyRequests("RATE_LIMITED", "Too many log calls; try again later", decision.retryAfterMs);
  });

  app.post(
    "/log/:event",
    {
      schema: {
        tags: ["guest"],
        summary:
          "Record one of the app's log events (spec §7: fire and forget). Order events carry orderId, status events orderId and status, send-button events storeId, enter-{itemId}-clicked optionally the item's storeId; answers 204",
        params: LogParamsSchema,
        headers: AuthHeadersSchema,
        body: LogRequestSchema,
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const event = request.params.event as LogEvent;
      const body = request.body;
      const missing = requiredLogFields(event).filter((field) => body[field] === undefined);
      if (missing.length > 0)
        throw badRequest(missing.map((field) => `body.${field}: required for ${event}`).join("; "));
      const itemId = itemIdOfLogEvent(event);
      if (itemId !== null) await requireItem(ctx, itemId, body.storeId);
      const userId = isTableOpeningEvent(event)
        ? await staffUserIdOf(ctx, request.headers)
        : await userIdOf(ctx, request.headers);
      const fields = (["orderId", "status", "storeId", "tableOpeningId", "paymentType", "reason"] as const).filter(
        (field) => body[field] !== undefined,
      );
      request.log.info(
        {
          clientEvent: event,
          ...Object.fromEntries(fields.map((field) => [field, body[field]])),
          clientAt: body.at,
          userId,
        },
        "client event",
      );
      return reply.code(204).send(null);
    },
  );
};

/** enter-{itemId}-clicked names an item of the catalogue: of the call's store when it names one. */
async function requireItem(ctx: OrdersContext, itemId: number, storeId: number | undefined): Promise<void> {
  // Beyond the ids a venue file may give (PostgreSQL's integer would refuse the comparison itself).
  if (itemId > MAX_ID) throw badRequest(`params.event: no item ${itemId}`);
  let query = ctx.db.selectFrom("items").select("id").where("id", "=", itemId);
  if (storeId !== undefined) query = query.where("store_id", "=", storeId);
  if ((await query.executeTakeFirst()) === undefined)
    throw badRequest(`params.event: no item ${itemId}${storeId === undefined ? "" : ` in store ${storeId}`}`);
}

function isTableOpeningEvent(event: LogEvent): boolean {
  return (TABLE_OPENING_LOG_EVENTS as readonly string[]).includes(event);
}

/**
 * The close-table events are the staff's (spec §7 "with tableOpeningId and the auth token"): a staff
 * session in the headers, never a token in the URL. A jwt that expired while the call waited in the
 * offline queue still names its session; a revoked session or a guest's is refused.
 */
async function staffUserIdOf(ctx: OrdersContext, headers: { authtoken?: string; jwt?: string }): Promise<number> {
  const { account } = await authenticate(ctx, headers, { allowExpiredJwt: true });
  if (account.user.kind !== "staff") throw forbidden("Only the staff of a store can log close-table events");
  return account.user.id;
}

/** The account of valid tokens; null without tokens or with tokens that no longer hold. */
async function userIdOf(ctx: OrdersContext, headers: { authtoken?: string; jwt?: string }): Promise<number | null> {
  if (headers.authtoken === undefined || headers.jwt === undefined) return null;
  try {
    return (await authenticate(ctx, headers)).account.user.id;
  } catch {
    return null;
  }
}
