/**
 * Staff terminals. A device enrols once per store and keeps the secret it is
 * given; it sends it as the `staff-device` header on PIN sign-ins, so wrong PINs count per device
 * (one guessing phone locks only itself) and per store (an escalating delay, see ./limits.ts).
 * Enrolments are limited per client address and per store: devices cannot be minted in bulk to
 * spread guesses over. A device on which a right credential was used becomes trusted.
 *
 * Those limits are for anonymous enrolments, which anyone can make and so anyone can use up. A
 * device signed in by a staff session of the store (a login link's, an admin's password's) is
 * enrolled outside them, trusted at once: a new or reset PDA can always become a terminal, and
 * the session's own account is limited instead (so no script with a session fills the table).
 */
import { findStaffDevice, insertStaffDevice, trustStaffDevice } from "../db/repositories/staff-devices.repository";
import { findStoreById } from "../db/repositories/store.repository";
import type { StaffDeviceRow } from "../db/tables/staff-devices.tables";
import { forbidden, notFound, tooManyRequests } from "../http/api-error";
import type { AccountsContext } from "./context";
import {
  DEVICE_ENROLMENT_LIMITS_PER_ACCOUNT,
  DEVICE_ENROLMENT_LIMITS_PER_ADDRESS,
  DEVICE_ENROLMENT_LIMITS_PER_STORE,
} from "./limits";
import type { SignedIn } from "./sessions";
import { consume, release, throttleKeys } from "./throttle";
import { hashToken, looksLikeOpaqueToken, newOpaqueToken } from "./tokens";

export const STAFF_DEVICE_HEADER = "staff-device";

export async function enrolStaffDevice(
  ctx: AccountsContext,
  storeId: number,
  clientAddress: string,
): Promise<{ deviceToken: string; storeId: number }> {
  if ((await findStoreById(ctx.db, storeId)) === undefined)
    throw notFound("STORE_NOT_FOUND", `There is no store ${storeId}`);
  const now = ctx.now();
  const fromAddress = await consume(
    ctx.db,
    throttleKeys.enrolmentsFromAddress(clientAddress),
    DEVICE_ENROLMENT_LIMITS_PER_ADDRESS,
    now,
  );
  const tooMany = (retryAfterMs: number) =>
    tooManyRequests("RATE_LIMITED", "Too many new devices; try again later", retryAfterMs);
  if (!fromAddress.allowed) throw tooMany(fromAddress.retryAfterMs);
  const atStore = await consume(
    ctx.db,
    throttleKeys.enrolmentsAtStore(storeId),
    DEVICE_ENROLMENT_LIMITS_PER_STORE,
    now,
  );
  if (!atStore.allowed) {
    await release(ctx.db, fromAddress);
    throw tooMany(atStore.retryAfterMs);
  }
  return insertDevice(ctx, storeId, null);
}

/**
 * POST staff/devices with a staff session of the store: enrolled outside the anonymous limits
 * and trusted at once (the session proves a right credential was used on this device).
 */
export async function enrolStaffDeviceSignedIn(
  ctx: AccountsContext,
  signedIn: SignedIn,
  storeId: number,
): Promise<{ deviceToken: string; storeId: number }> {
  const { user, staff } = signedIn.account;
  if (user.kind !== "staff" || user.store_id !== storeId || staff === null) {
    throw forbidden("Only a staff session of this store can enrol a device outside the anonymous limits");
  }
  const attempt = await consume(
    ctx.db,
    throttleKeys.enrolmentsByAccount(user.id),
    DEVICE_ENROLMENT_LIMITS_PER_ACCOUNT,
    ctx.now(),
  );
  if (!attempt.allowed)
    throw tooManyRequests("RATE_LIMITED", "Too many new devices; try again later", attempt.retryAfterMs);
  return insertDevice(ctx, storeId, ctx.now().toISOString());
}

async function insertDevice(
  ctx: AccountsContext,
  storeId: number,
  trustedAt: string | null,
): Promise<{ deviceToken: string; storeId: number }> {
  const deviceToken = newOpaqueToken();
  await insertStaffDevice(ctx.db, {
    store_id: storeId,
    token_hash: hashToken(deviceToken),
    created_at: ctx.now().toISOString(),
    trusted_at: trustedAt,
  });
  return { deviceToken, storeId };
}

/**
 * The enrolled device a request names at a store; undefined for none, a malformed or unknown
 * secret, or another store's device (those count with the store's device-less requests).
 */
export async function deviceOfRequest(
  ctx: AccountsContext,
  storeId: number,
  header: string | undefined,
): Promise<StaffDeviceRow | undefined> {
  if (!looksLikeOpaqueToken(header)) return undefined;
  const device = await findStaffDevice(ctx.db, hashToken(header));
  return device?.store_id === storeId ? device : undefined;
}

/** A right credential was used on the device: from now on only its own limit holds it back. */
export async function trustDevice(ctx: AccountsContext, device: StaffDeviceRow | undefined): Promise<void> {
  if (device !== undefined) await trustStaffDevice(ctx.db, device.id, ctx.now().toISOString());
}
