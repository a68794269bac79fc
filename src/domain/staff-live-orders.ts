/**
 * Rules of the waiter's live orders: which orders the PDA lists and in what order,
 * which of them are new (the alert), and how long each has before it times out.
 */
// Types only: orders-api.ts holds TypeBox schemas, which must not ship to the browser.
import type { OrderDto, OrderStatus } from "./orders-api";

/** PENDING_ORDER_STATUSES of orders-api.ts, restated here for the browser (a test keeps them equal). */
export const LIVE_PENDING_STATUSES: readonly OrderStatus[] = ["WAITING_FOR_ACCEPTANCE", "UNDER_REVIEW"];

/** The pending orders, the oldest first: the one closest to timing out is on top. */
export function pendingOldestFirst(orders: readonly OrderDto[]): OrderDto[] {
  return orders
    .filter((order) => LIVE_PENDING_STATUSES.includes(order.status))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
}

/** The ids of `pending` never seen before: each arrival alerts once, however often the list is read. */
export function newOrderIds(seen: ReadonlySet<number>, pending: readonly OrderDto[]): number[] {
  return pending.filter((order) => !seen.has(order.id)).map((order) => order.id);
}

/** Whole seconds left before the deadline (0 once past it); null for an order with no deadline (under review). */
export function secondsLeft(deadline: string | null, nowMs: number): number | null {
  if (deadline === null) return null;
  return Math.max(0, Math.ceil((Date.parse(deadline) - nowMs) / 1000));
}

/** "m:ss" (or "h:mm:ss" past an hour), as a ticking countdown reads. */
export function formatCountdown(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const secs = String(seconds % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${secs}` : `${minutes}:${secs}`;
}
