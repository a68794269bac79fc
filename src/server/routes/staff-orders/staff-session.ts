/**
 * Staff calls (spec §6 roles): the session must be a staff account (waiter or admin) of a store.
 * Guests and visitors get 403 FORBIDDEN; which store is the session's, never the request's.
 */
import type { StaffRole } from "../../../domain/table-openings";
import { type AuthHeaders, authenticate } from "../../auth/sessions";
import { forbidden } from "../../http/api-error";
import type { OrdersContext } from "../../orders/context";
import type { StaffOfStore } from "../../orders/status-changes";

/** A signed-in waiter or admin: their account, store, venue-file staff id, role and name. */
export interface StaffMember extends StaffOfStore {
  staffId: number;
  role: StaffRole;
  name: string;
}

export async function authenticateStaff(ctx: OrdersContext, headers: AuthHeaders): Promise<StaffMember> {
  const { account } = await authenticate(ctx, headers);
  const { user } = account;
  if (user.kind !== "staff" || user.store_id === null || user.staff_id === null || account.staff === null) {
    throw forbidden("Only the staff of a store can do this");
  }
  return {
    userId: user.id,
    storeId: user.store_id,
    staffId: user.staff_id,
    role: account.staff.role,
    name: account.staff.name,
  };
}

/** A waiter or admin of the store a path names; staff of another store get 403 FORBIDDEN. */
export async function staffOfStore(ctx: OrdersContext, headers: unknown, storeId: number): Promise<StaffMember> {
  const staff = await authenticateStaff(ctx, headers as AuthHeaders);
  if (staff.storeId !== storeId) throw forbidden("Only the staff of this store can do this");
  return staff;
}

/** An admin of the store a path names; a waiter, or staff of another store, get 403 FORBIDDEN. */
export async function adminOfStore(ctx: OrdersContext, headers: unknown, storeId: number): Promise<StaffMember> {
  const staff = await staffOfStore(ctx, headers, storeId);
  if (staff.role !== "ADMIN") throw forbidden("Only an admin of the store can do this");
  return staff;
}
