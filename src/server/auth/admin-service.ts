/**
 * The admin service (spec §7 "staff admin accounts use a separate admin service"):
 * what an admin sees and manages for the stores they administer (./admin-stores.ts): the stores'
 * admin accounts and PIN-guessing alerts, the staff list with their usable login tokens, and the
 * revoking of those tokens. Issuing is ./staff-sign-in.ts's issueLoginTokenAtStore.
 */
import type {
  AdminAccountsResponse,
  RevokeLoginTokensResponse,
  StoreStaffResponse,
} from "../../domain/staff-sign-in-api";
import { findStaffOfStore, listAdminsOfStores, listStaffOfStore } from "../db/repositories/staff.repository";
import { listSignInAlerts } from "../db/repositories/staff-devices.repository";
import {
  countOutstandingTokensByStaff,
  revokeOutstandingTokens,
} from "../db/repositories/staff-login-tokens.repository";
import { listStaffIdsWithPassword } from "../db/repositories/users.repository";
import { notFound } from "../http/api-error";
import { requireAdminOf } from "./admin-stores";
import type { AccountsContext } from "./context";
import type { SignedIn } from "./sessions";

/** How many recent alerts the admin accounts answer carries. */
const ALERTS_SHOWN = 20;

export function parseRestaurantIds(text: string): number[] {
  return [...new Set(text.split(",").map(Number))];
}

export async function adminAccounts(
  ctx: AccountsContext,
  admin: SignedIn,
  storeIds: readonly number[],
): Promise<AdminAccountsResponse> {
  await requireAdminOf(ctx, admin, storeIds);
  const admins = await listAdminsOfStores(ctx.db, storeIds);
  const hasPassword = await listStaffIdsWithPassword(ctx.db, storeIds);
  const alerts = await listSignInAlerts(ctx.db, storeIds, ALERTS_SHOWN);
  return {
    adminAccounts: admins.map((member) => ({
      staffId: member.id,
      storeId: member.store_id,
      name: member.name,
      email: member.email,
      hasPassword: hasPassword.has(member.id),
    })),
    alerts: alerts.map((alert) => ({
      storeId: alert.store_id,
      kind: alert.kind,
      failures: alert.failures,
      createdAt: alert.created_at,
    })),
  };
}

export async function storeStaff(ctx: AccountsContext, admin: SignedIn, storeId: number): Promise<StoreStaffResponse> {
  await requireAdminOf(ctx, admin, [storeId]);
  const staff = await listStaffOfStore(ctx.db, storeId);
  const outstanding = await countOutstandingTokensByStaff(ctx.db, storeId, ctx.now().toISOString());
  return {
    storeId,
    staff: staff.map((member) => ({
      staffId: member.id,
      name: member.name,
      role: member.role,
      outstandingTokens: outstanding.get(member.id) ?? 0,
    })),
  };
}

export async function revokeLoginTokens(
  ctx: AccountsContext,
  admin: SignedIn,
  storeId: number,
  staffId: number,
): Promise<RevokeLoginTokensResponse> {
  await requireAdminOf(ctx, admin, [storeId]);
  if ((await findStaffOfStore(ctx.db, storeId, staffId)) === undefined)
    throw notFound("NOT_FOUND", `There is no staff member ${staffId} in store ${storeId}`);
  return { revoked: await revokeOutstandingTokens(ctx.db, storeId, staffId, ctx.now().toISOString()) };
}
