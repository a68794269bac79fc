/**
 * The order constants and helpers both the app and the server need, kept apart from the TypeBox
 * schemas of orders-api.ts so that importing them never ships a schema module (or typebox) to a
 * guest's phone. orders-api.ts re-exports them for the server.
 */

export const ORDER_STATUSES = [
  /** Sent to a service that answers at once; the store has its acceptance time to accept. */
  "WAITING_FOR_ACCEPTANCE",
  /** Sent to a delayed-response service: answered later, no acceptance time. */
  "UNDER_REVIEW",
  "ACCEPTED",
  "REJECTED",
  /** The store's acceptance time ran out. */
  "TIMED_OUT",
  /** The card was declined; nothing was ordered. */
  "PAYMENT_FAILED",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Statuses that can still change (the guest keeps listening; staff may accept or reject). */
export const PENDING_ORDER_STATUSES: readonly OrderStatus[] = ["WAITING_FOR_ACCEPTANCE", "UNDER_REVIEW"];

export function isPendingStatus(status: OrderStatus): boolean {
  return PENDING_ORDER_STATUSES.includes(status);
}

export const PAYMENT_TYPES = ["CASH", "CARD", "CHARGE_TO_ROOM"] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** The HTTP header that carries a write's idempotency key (a UUID made by the app). */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
