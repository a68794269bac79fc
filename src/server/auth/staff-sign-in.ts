/**
 * Staff sign-in (spec §6): by PIN at a store, or by a one-use login token an admin issued.
 * Guesses are throttled per store and per staff account, never per client address (design.md). A
 * PIN names no account, so PIN guesses count per store; a login token names its account (userId),
 * so its guesses count per account and per store. Each attempt is counted before the check and
 * given back when it succeeds, so concurrent guesses cannot slip under the limit. A store over its limit refuses even a right PIN until the window
 * passes; answering it would tell the guesser which guess was right.
 */
import type { StaffLoginTokenResponse } from "../../domain/auth-api";
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
import type { AccountsContext } from "./context";
import { LOGIN_TOKEN_ISSUE_LIMITS, STAFF_LOGIN_TOKEN_TTL_MS, STAFF_SIGN_IN_LIMITS } from "./limits";
import type { SignedIn } from "./sessions";
import { consume, release, type ThrottleDecision, throttleKeys } from "./throttle";
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
): Promise<AccountRecord> {
  // A PIN that cannot exist is not a guess worth counting.
  if (pin === undefined || !PIN_FORMAT.test(pin)) throw invalidPin();
  if ((await findStoreById(ctx.db, storeId)) === undefined)
    throw notFound("STORE_NOT_FOUND", `There is no store ${storeId}`);
  const attempt = await consume(ctx.db, throttleKeys.pinAtStore(storeId), STAFF_SIGN_IN_LIMITS, ctx.now());
  if (!attempt.allowed) throw tooManyGuesses(attempt.retryAfterMs);

  const staff = await listStaffOfStore(ctx.db, storeId);
  // Every hash is checked, so the time taken does not say how far down the list the PIN is.
  const matches = await Promise.all(staff.map((member) => verifyPin(pin, member.pin_hash)));
  const member = staff[matches.indexOf(true)];
  if (member === undefined) throw invalidPin();
  await release(ctx.db, attempt);
  const user = await findOrCreateStaffAccount(ctx.db, member, ctx.now().toISOString());
  return { user, staff: { name: member.name, role: member.role } };
}

export async function signInWithLoginToken(
  ctx: AccountsContext,
  userId: number,
  storeId: number,
  loginToken: string | undefined,
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
  const storeId = user.store_id;
  const member = await findStaffOfStore(ctx.db, storeId, staffId);
  if (member === undefined) throw notFound("NOT_FOUND", `There is no staff member ${staffId} in store ${storeId}`);
  const now = ctx.now();
  const attempt = await consume(ctx.db, throttleKeys.loginTokensIssuedBy(user.id), LOGIN_TOKEN_ISSUE_LIMITS, now);
  if (!attempt.allowed)
    throw tooManyRequests("RATE_LIMITED", "Too many login tokens issued; try again later", attempt.retryAfterMs);

  const account = await findOrCreateStaffAccount(ctx.db, member, now.toISOString());
  const loginToken = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + STAFF_LOGIN_TOKEN_TTL_MS).toISOString();
  await insertStaffLoginToken(ctx.db, {
    user_id: account.id,
    store_id: storeId,
    token_hash: hashToken(loginToken),
    issued_by: user.id,
    created_at: now.toISOString(),
    expires_at: expiresAt,
  });
  return { userId: account.id, storeId, loginToken, expiresAt };
}
