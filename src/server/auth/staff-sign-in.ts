/**
 * Staff sign-in (spec §6): by PIN at a store, or by a one-use login token an admin issued.
 * Guesses are never throttled per client address (design.md: a venue's PDAs share one, an
 * attacker has many). A PIN names no account, so wrong PINs count per enrolled device (tight,
 * ./staff-devices.ts) and per store (an escalating delay that holds back untrusted devices only),
 * so a guest guessing on /pin locks only their own phone while brute force stays a trickle
 * (numbers in ./README.md). A login token names its account (userId): its guesses count per
 * account and per store. Each attempt is counted before the check and given back when it
 * succeeds, so concurrent guesses cannot slip under a limit. A device over its limit is refused
 * even a right PIN (answering it would tell the guesser which guess was right).
 */
import type { StaffLoginTokenResponse } from "../../domain/auth-api";
import { fromDbBoolean } from "../db/columns";
import { findStaffOfStore, listStaffOfStore } from "../db/repositories/staff.repository";
import {
  findStaffLoginToken,
  insertStaffLoginToken,
  spendStaffLoginToken,
} from "../db/repositories/staff-login-tokens.repository";
import { findStoreById } from "../db/repositories/store.repository";
import { type AccountRecord, findAccountById, findOrCreateStaffAccount } from "../db/repositories/users.repository";
import { forbidden, notFound, tooManyRequests, unauthorized } from "../http/api-error";
import { verifyPin } from "../staff/pin-hash";
import { requireAdminOf } from "./admin-stores";
import type { AccountsContext } from "./context";
import {
  LOGIN_TOKEN_ISSUE_LIMITS,
  PIN_DEVICE_LIMITS,
  PIN_STORE_ESCALATION,
  STAFF_LOGIN_TOKEN_TTL_MS,
  STAFF_SIGN_IN_LIMITS,
} from "./limits";
import { alertIfPinGuessing } from "./pin-guessing-alerts";
import type { SignedIn } from "./sessions";
import { deviceOfRequest, trustDevice } from "./staff-devices";
import { consume, consumeWith, escalatingWait, release, type ThrottleDecision, throttleKeys } from "./throttle";
import { hashToken, looksLikeOpaqueToken, newOpaqueToken } from "./tokens";

/** The venue file's PIN format (src/server/venue/venue-file.ts). */
const PIN_FORMAT = /^[0-9]{4,8}$/;

const invalidPin = () => unauthorized("INVALID_PIN", "Invalid PIN");
const invalidLoginToken = () => unauthorized("INVALID_AUTH_TOKEN", "The login token is not valid");
const tooManyGuesses = (retryAfterMs: number) =>
  tooManyRequests("RATE_LIMITED", "Too many failed sign-ins; try again later", retryAfterMs);

export async function signInWithPin(
  ctx: AccountsContext,
  storeId: number,
  pin: string | undefined,
  deviceHeader?: string,
): Promise<AccountRecord> {
  // A PIN that cannot exist is not a guess worth counting.
  if (pin === undefined || !PIN_FORMAT.test(pin)) throw invalidPin();
  if ((await findStoreById(ctx.db, storeId)) === undefined)
    throw notFound("STORE_NOT_FOUND", `There is no store ${storeId}`);
  const device = await deviceOfRequest(ctx, storeId, deviceHeader);
  const now = ctx.now();
  const deviceKey = device ? throttleKeys.pinFromDevice(device.id) : throttleKeys.pinWithoutDevice(storeId);
  const fromDevice = await consume(ctx.db, deviceKey, PIN_DEVICE_LIMITS, now);
  if (!fromDevice.allowed) throw tooManyGuesses(fromDevice.retryAfterMs);
  // Every guess counts at the store; the delay holds back only devices nobody has signed in on.
  const trusted = device !== undefined && device.trusted_at !== null;
  const atStore = await consumeWith(
    ctx.db,
    throttleKeys.pinAtStore(storeId),
    PIN_STORE_ESCALATION.windowMs,
    (events) => (trusted ? 0 : escalatingWait(events, PIN_STORE_ESCALATION, now)),
    now,
  );
  if (!atStore.allowed) {
    await release(ctx.db, fromDevice);
    throw tooManyGuesses(atStore.retryAfterMs);
  }

  // A deactivated member's PIN signs nobody in.
  const staff = (await listStaffOfStore(ctx.db, storeId)).filter((member) => fromDbBoolean(member.active));
  // Every hash is checked, so the time taken does not say how far down the list the PIN is.
  const matches = await Promise.all(staff.map((member) => verifyPin(pin, member.pin_hash)));
  const member = staff[matches.indexOf(true)];
  if (member === undefined) {
    await alertIfPinGuessing(ctx, storeId, atStore.count);
    throw invalidPin();
  }
  await release(ctx.db, fromDevice);
  await release(ctx.db, atStore);
  await trustDevice(ctx, device);
  const user = await findOrCreateStaffAccount(ctx.db, member, now.toISOString());
  return { user, staff: { name: member.name, role: member.role } };
}

export async function signInWithLoginToken(
  ctx: AccountsContext,
  userId: number,
  storeId: number,
  loginToken: string | undefined,
  deviceHeader?: string,
): Promise<AccountRecord> {
  if (!looksLikeOpaqueToken(loginToken)) throw invalidLoginToken();
  const now = ctx.now();
  const attempts: ThrottleDecision[] = [];
  for (const key of [throttleKeys.loginTokenOfAccount(userId), throttleKeys.loginTokenAtStore(storeId)]) {
    const attempt = await consume(ctx.db, key, STAFF_SIGN_IN_LIMITS, now);
    if (!attempt.allowed) {
      for (const counted of attempts) await release(ctx.db, counted);
      throw tooManyGuesses(attempt.retryAfterMs);
    }
    attempts.push(attempt);
  }

  const token = await findStaffLoginToken(ctx.db, hashToken(loginToken));
  if (token === undefined || token.user_id !== userId || token.store_id !== storeId) throw invalidLoginToken();
  const account = await findAccountById(ctx.db, userId);
  if (
    account === undefined ||
    account.user.kind !== "staff" ||
    account.user.store_id !== storeId ||
    account.user.deleted_at !== null ||
    account.staff === null
  ) {
    throw invalidLoginToken();
  }
  if (!(await spendStaffLoginToken(ctx.db, token.id, now.toISOString()))) throw invalidLoginToken();
  for (const counted of attempts) await release(ctx.db, counted);
  await trustDevice(ctx, await deviceOfRequest(ctx, storeId, deviceHeader));
  return account;
}

/**
 * POST /api/staff/login-tokens: an admin of a store issues a one-use login token for a staff
 * member of the same store (to set up a PDA from a link instead of typing a PIN).
 */
export async function issueStaffLoginToken(
  ctx: AccountsContext,
  admin: SignedIn,
  staffId: number,
): Promise<StaffLoginTokenResponse> {
  const { user, staff } = admin.account;
  if (user.kind !== "staff" || staff?.role !== "ADMIN" || user.store_id === null) {
    throw forbidden("Only an admin of the store can issue login tokens");
  }
  return issueLoginTokenAtStore(ctx, admin, user.store_id, staffId);
}

/** The admin service's issuing (POST /admin-api/staff/login-tokens): any store the admin administers. */
export async function issueLoginTokenAtStore(
  ctx: AccountsContext,
  admin: SignedIn,
  storeId: number,
  staffId: number,
): Promise<StaffLoginTokenResponse> {
  await requireAdminOf(ctx, admin, [storeId]);
  const member = await findStaffOfStore(ctx.db, storeId, staffId);
  if (member === undefined) throw notFound("NOT_FOUND", `There is no staff member ${staffId} in store ${storeId}`);
  const issuer = admin.account.user.id;
  const now = ctx.now();
  const attempt = await consume(ctx.db, throttleKeys.loginTokensIssuedBy(issuer), LOGIN_TOKEN_ISSUE_LIMITS, now);
  if (!attempt.allowed)
    throw tooManyRequests("RATE_LIMITED", "Too many login tokens issued; try again later", attempt.retryAfterMs);

  const account = await findOrCreateStaffAccount(ctx.db, member, now.toISOString());
  const loginToken = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + STAFF_LOGIN_TOKEN_TTL_MS).toISOString();
  await insertStaffLoginToken(ctx.db, {
    user_id: account.id,
    store_id: storeId,
    token_hash: hashToken(loginToken),
    issued_by: issuer,
    created_at: now.toISOString(),
    expires_at: expiresAt,
  });
  return { userId: account.id, storeId, loginToken, expiresAt };
}
