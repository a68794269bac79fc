/**
 * This device as a staff terminal. A PIN sign-in sends the device's enrolment secret for the store,
 * so wrong PINs typed on another phone never hold this terminal back. The secret is asked for once,
 * at the first PIN attempt, and kept in localStorage per store. Without one (enrolment refused or
 * offline) the sign-in still goes ahead: it then counts with the store's other device-less attempts.
 * Anyone can use up a store's anonymous enrolments, so after a sign-in by link or password a device
 * without a secret enrols with that session instead: outside those limits, trusted at once.
 */
import { enrolStaffDevice, enrolStaffDeviceSignedIn } from "../api/staff-sign-in";
import { readStored, STORAGE_KEYS, writeStored } from "../storage/local-storage";

type Secrets = Record<string, string>;

function readSecrets(): Secrets {
  try {
    const parsed: unknown = JSON.parse(readStored(STORAGE_KEYS.staffDeviceTokens) ?? "{}");
    return typeof parsed === "object" && parsed !== null ? (parsed as Secrets) : {};
  } catch {
    return {};
  }
}

export function deviceSecretFor(storeId: number): string | undefined {
  const secret = readSecrets()[String(storeId)];
  return typeof secret === "string" ? secret : undefined;
}

async function enrolWith(
  storeId: number,
  enrol: (storeId: number) => Promise<{ deviceToken: string }>,
): Promise<string | undefined> {
  const known = deviceSecretFor(storeId);
  if (known !== undefined) return known;
  try {
    const { deviceToken } = await enrol(storeId);
    writeStored(STORAGE_KEYS.staffDeviceTokens, JSON.stringify({ ...readSecrets(), [String(storeId)]: deviceToken }));
    return deviceToken;
  } catch {
    return undefined;
  }
}

/** The store's secret, enrolling first when there is none; undefined when enrolment failed. */
export function ensureDeviceSecret(storeId: number): Promise<string | undefined> {
  return enrolWith(storeId, enrolStaffDevice);
}

/**
 * Right after a staff sign-in by link or password (the session is stored): a device without the
 * store's secret enrols with that session. Failing changes nothing: the PIN pad then enrols as before.
 */
export function ensureDeviceSecretSignedIn(storeId: number): Promise<string | undefined> {
  return enrolWith(storeId, enrolStaffDeviceSignedIn);
}

/**
 * After a staff sign-in by link or password: this device is the store's terminal from now on
 * (the PIN option shows in the entrance dialog, /pin knows the store).
 */
export function markStaffTerminal(storeId: number): void {
  writeStored(STORAGE_KEYS.staffDevice, "true");
  writeStored(STORAGE_KEYS.lastStoreId, String(storeId));
}
