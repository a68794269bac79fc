/**
 * The admin service (spec §7 "staff admin accounts use a separate admin service"):
 * what an admin sees and manages for the stores they administer (./admin-stores.ts): the stores'
 * admin accounts and PIN-guessing alerts, the staff list with their usable login tokens, and the
 * revoking of those tokens, and signing a staff member out on every device (their own Lock or
 * Sign out ends only the PDA's session). Issuing is ./staff-sign-in.ts's issueLoginTokenAtStore.
 */
import type {
  AdminAccountsResponse,
  RevokeLoginTokensResponse,
  SignOutEverywhereRequest,
  SignOutEverywhereResponse,
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
import { type IdempotencyContext, runOnce, type StoredAnswer } from "../orders/idempotency";
import { requestHash } from "../orders/request-hash";
import { requireAdminOf } from "./admin-stores";
import type { AccountsContext } from "./context";
import { revokeEverySessionIn, type SignedIn } from "./sessions";

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

/**
 * Every session of the staff member ends on every device and every jwt of theirs is refused
 * (a lost PDA, someone who left). Once per Idempotency-Key: a retry gets the first answer.
 */
export async function signOutEverywhere(
  ctx: AccountsContext & IdempotencyContext,
  admin: SignedIn,
  request: SignOutEverywhereRequest,
  idempotencyKey: string,
): Promise<StoredAnswer> {
  const { storeId, staffId } = request;
  await requireAdminOf(ctx, admin, [storeId]);
  if ((await findStaffOfStore(ctx.db, storeId, staffId)) === undefined)
    throw notFound("NOT_FOUND", `There is no staff member ${staffId} in store ${storeId}`);
  const keyed = { userId: admin.account.user.id, key: idempotencyKey, hash: requestHash(request) };
  return runOnce(ctx, keyed, { claimFirst: false }, (key) =>
    ctx.db.transaction().execute(async (trx) => {
      const earlier = await key.claim(trx);
      if (earlier !== null) return earlier;
      const account = await trx
        .selectFrom("users")
        .select("id")
        .where("kind", "=", "staff")
        .where("store_id", "=", storeId)
        .where("staff_id", "=", staffId)
        .executeTakeFirst();
      const signedOut = account === undefined ? 0 : await revokeEverySessionIn(trx, account.id, ctx.now());
      const answer: SignOutEverywhereResponse = { signedOut };
      const body = JSON.stringify(answer);
      await key.finish(trx, { status: 200, body, orderId: null });
      return { status: 200, body };
    }),
  );
}
