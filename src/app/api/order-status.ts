/**
 * GET /api/orders/:orderId/status (orders-api.ts): the order's current status, for the first read
 * and for polling (spec §4 "if the stream or the websocket fails, polling takes over"). Sent with
 * the session's authToken and jwt (a guest reads their own order only); a refusal of tokens that a
 * refresh just rotated is retried once with the new pair (accounts-client.ts).
 */
import type { OrderStatusEvent } from "../../domain/orders-api";
import { authedCall } from "./accounts-client";

/** A poll answer older than this is useless: the next poll asks again. */
export const ORDER_STATUS_TIMEOUT_MS = 10_000;

export function fetchOrderStatus(orderId: number): Promise<OrderStatusEvent> {
  return authedCall<OrderStatusEvent>(`orders/${orderId}/status`, { method: "get", timeout: ORDER_STATUS_TIMEOUT_MS });
}
