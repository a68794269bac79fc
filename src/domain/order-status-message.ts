/**
 * Reading one STOMP MESSAGE of /topic/orders/{orderId} in the app (spec §7 log calls
 * "unhandled-message-received" and "order-status-returned-in-subscription"). The server sends an
 * OrderStatusEvent as JSON; the app trusts nothing it did not check: a body that is not such an
 * event, or is one for another order, is "unhandled" and changes nothing on screen.
 *
 * Pure and hand-written (no TypeBox at run time in the app: its bundle imports the schemas' types only).
 */
import type { Preparation } from "./kitchen";
import { isPendingStatus, ORDER_STATUSES, type OrderStatus } from "./order-constants";
import type { OrderStatusEvent } from "./orders-api";

const PREPARATIONS: readonly Preparation[] = ["PREPARING", "READY", "ON_ITS_WAY"];

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
  // What a store that shows preparation tells; anything else reads as nothing told.
  const preparation = PREPARATIONS.find((known) => known === v.preparation) ?? null;
  return {
    orderId,
    storeId: v.storeId,
    status: v.status,
    onHold: v.onHold,
    dailyNumber: v.dailyNumber,
    errorMessage: v.errorMessage,
    updatedAt: v.updatedAt,
    preparation,
  };
}

/**
 * Whether nothing more will be told of the order: a final status, except an accepted order still
 * being prepared or ready (its guest is told when it is on its way).
 */
export function isLastWord(event: Pick<OrderStatusEvent, "status" | "preparation">): boolean {
  if (isPendingStatus(event.status)) return false;
  return !(event.status === "ACCEPTED" && (event.preparation === "PREPARING" || event.preparation === "READY"));
}

/**
 * Whether `next` may replace what the screen shows: answers arrive from three sources (stream,
 * backup poll, fallback poll) and a slow GET can land after a newer MESSAGE; an older status must
 * not overwrite a newer one.
 */
export function isNewerOrSame(next: OrderStatusEvent, shown: OrderStatusEvent | null): boolean {
  if (shown === null) return true;
  const [nextAt, shownAt] = [Date.parse(next.updatedAt), Date.parse(shown.updatedAt)];
  if (nextAt !== shownAt) return nextAt > shownAt;
  // Preparation moves without touching the order's time: a later step is the newer answer.
  return preparationStep(next.preparation) >= preparationStep(shown.preparation);
}

function preparationStep(preparation: Preparation | null | undefined): number {
  return preparation ? PREPARATIONS.indexOf(preparation) + 1 : 0;
}
