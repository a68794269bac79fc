/**
 * The admin routes of a store act only for an admin of that store: anyone else signed in as staff
 * (a waiter, an admin of another store) gets 403; the store is the session's, never the request's.
 */
import { forbidden } from "../../http/api-error";
import type { OrdersContext } from "../../orders/context";
import { authenticateStaff, type StaffMember } from "../staff-orders/staff-session";

export async function authenticateAdminOf(ctx: OrdersContext, headers: unknown, storeId: number): Promise<StaffMember> {
  const staff = await authenticateStaff(ctx, headers as Record<string, string>);
  if (staff.storeId !== storeId) throw forbidden("Only the staff of this store can do this");
  if (staff.role !== "ADMIN") throw forbidden("Only an admin of the store can do this");
  return staff;
}
