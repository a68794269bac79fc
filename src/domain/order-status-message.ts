/**
 * Reading one STOMP MESSAGE of /topic/orders/{orderId} in the app (spec §7 log calls
 * "unhandled-message-received" and "order-status-returned-in-subscription"). The server sends an
 * OrderStatusEvent as JSON; the app trusts nothing it did not check: a body that is not such an
 * event, or is one for another order, is "unhandled" and changes nothing on screen.
 *
 * Pure and hand-written (no TypeBox at run time in the app: its bundle imports the schemas' types only).
 */
import { ORDER_STATUSES, type OrderStatus } from "./order-constants";
import type { OrderStatusEvent } from "./orders-api";

const isInteger = (value: unknown): value is number => Number.isInteger(value);
const isDateTime = (value: unknown): value is string =>
  typeof value === "string" && value.length <= 40 && !Number.isNaN(Date.parse(value));

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The event when `value` is a well-formed OrderStatusEvent of order `orderId`, otherwise null. */
export function orderStatusEventOf(value: unknown, orderId: number): OrderStatusEvent | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (v.orderId !== orderId || !isInteger(v.storeId) || !isOrderStatus(v.status)) return null;
  if (typeof v.onHold !== "boolean" || !isInteger(v.dailyNumber) || !isDateTime(v.updatedAt)) return null;
  if (v.errorMessage !== null && typeof v.errorMessage !== "string") return null;
  return {
    orderId,
    storeId: v.storeId,
    status: v.status,
    onHold: v.onHold,
    dailyNumber: v.dailyNumber,
    errorMessage: v.errorMessage,
    updatedAt: v.updatedAt,
  };
}

/**
 * Whether `next` may replace what the screen shows: answers arrive from three sources (stream,
 * backup poll, fallback poll) and a slow GET can land after a newer MESSAGE; an older status must
 * not overwrite a newer one.
 */
export function isNewerOrSame(next: OrderStatusEvent, shown: OrderStatusEvent | null): boolean {
  return shown === null || Date.parse(next.updatedAt) >= Date.parse(shown.updatedAt);
}
