/**
 * Staff terminals. A device enrols once per store and keeps the secret it is
 * given; it sends it as the `staff-device` header on PIN sign-ins, so wrong PINs count per device
 * (one guessing phone locks only itself) and per store (an escalating delay, see ./limits.ts).
 * Enrolments are limited per client address and per store: devices cannot be minted in bulk to
 * spread guesses over. A device on which a right credential was used becomes trusted.
 */
import { findStaffDevice, insertStaffDevice, trustStaffDevice } from "../db/repositories/staff-devices.repository";
import { findStoreById } from "../db/repositories/store.repository";
import type { StaffDeviceRow } from "../db/tables/staff-devices.tables";
import { notFound, tooManyRequests } from "../http/api-error";
import type { AccountsContext } from "./context";
import { DEVICE_ENROLMENT_LIMITS_PER_ADDRESS, DEVICE_ENROLMENT_LIMITS_PER_STORE } from "./limits";
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
  const deviceToken = newOpaqueToken();
  await insertStaffDevice(ctx.db, {
    store_id: storeId,
    token_hash: hashToken(deviceToken),
    created_at: now.toISOString(),
    trusted_at: null,
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
