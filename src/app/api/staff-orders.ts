/**
 * The staff's order read (src/domain/orders-api.ts: GET staff/orders), with the signed-in staff
 * member's tokens; the store is the session's. Accept and reject (POST staff/orders/:id/accept and
 * /reject) go through the staff-action outbox (features/staff/openings/action-outbox.ts), which adds
 * the Idempotency-Key and keeps them until they are answered, so an accept tapped offline goes out once.
 */
import type { StaffOrders } from "../../domain/orders-api";
import { authedCall } from "./accounts-client";

export function fetchStaffOrders(): Promise<StaffOrders> {
  return authedCall("staff/orders", { method: "get" });
}
