/**
 * Which stores a signed-in admin administers (spec §6/§7 admin service): the
 * admin's own store, and every store whose venue file names an admin with the same e-mail (one
 * person administering several stores signs in once). Anyone else, or a store outside that set:
 * 403 FORBIDDEN.
 */
import { findStaffOfStore, listAdminsByEmail } from "../db/repositories/staff.repository";
import { forbidden } from "../http/api-error";
import type { AccountsContext } from "./context";
import type { SignedIn } from "./sessions";

export async function storesAdministeredBy(ctx: AccountsContext, admin: SignedIn): Promise<Set<number>> {
  const { user, staff } = admin.account;
  if (user.kind !== "staff" || staff?.role !== "ADMIN" || user.store_id === null || user.staff_id === null) {
    return new Set();
  }
  const stores = new Set([user.store_id]);
  const member = await findStaffOfStore(ctx.db, user.store_id, user.staff_id);
  if (member?.email) for (const other of await listAdminsByEmail(ctx.db, member.email)) stores.add(other.store_id);
  return stores;
}

/** Throws 403 unless the admin administers every one of the stores. */
export async function requireAdminOf(
  ctx: AccountsContext,
  admin: SignedIn,
  storeIds: readonly number[],
): Promise<void> {
  const mine = await storesAdministeredBy(ctx, admin);
  if (mine.size === 0 || storeIds.some((storeId) => !mine.has(storeId))) {
    throw forbidden("Only an admin of these stores can do this");
  }
}
