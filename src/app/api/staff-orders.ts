/**
 * The staff's order calls (src/domain/orders-api.ts: GET staff/orders, POST staff/orders/:id/accept
 * and /reject), with the signed-in staff member's tokens. The store is the session's.
 */
import type { OrderStatusEvent, StaffOrders, StaffRejectRequest } from "../../domain/orders-api";
import { authedCall } from "./accounts-client";

export function fetchStaffOrders(): Promise<StaffOrders> {
  return authedCall("staff/orders", { method: "get" });
}

export function acceptOrder(orderId: number): Promise<OrderStatusEvent> {
  return authedCall(`staff/orders/${orderId}/accept`, { method: "post" });
}

/** An empty or blank reason is sent as none. */
export function rejectOrder(orderId: number, reason: string): Promise<OrderStatusEvent> {
  const trimmed = reason.trim();
  const body: StaffRejectRequest = trimmed === "" ? {} : { reason: trimmed };
  return authedCall(`staff/orders/${orderId}/reject`, { method: "post", json: body });
}
