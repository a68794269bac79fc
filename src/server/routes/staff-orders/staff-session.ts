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
