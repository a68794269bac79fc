/**
 * Admins' sign-in by e-mail and password (spec §8 INVALID_CREDENTIALS). The
 * e-mail is the venue file's (staff[].email, admins only); the password is never in the file: the
 * admin sets it with the e-mail reset code (routes/password-reset), and it is kept as scrypt on the
 * admin's staff account. An unknown address, an admin without a password and a wrong password
 * answer the same 401 INVALID_CREDENTIALS after the same scrypt work, so neither the answer nor
 * its time says which addresses are admins'. Failures are limited per address and per client.
 */
import { checkEmail } from "../../domain/email";
import { listAdminsByEmail } from "../db/repositories/staff.repository";
import { type AccountRecord, findOrCreateStaffAccount } from "../db/repositories/users.repository";
import type { StaffRow } from "../db/tables/staff.table";
import { invalidInput, tooManyRequests, unauthorized } from "../http/api-error";
import type { AccountsContext } from "./context";
import { PASSWORD_SIGN_IN_LIMITS_PER_ADDRESS, PASSWORD_SIGN_IN_LIMITS_PER_EMAIL } from "./limits";
import { hashPassword, isAcceptablePassword, verifyPassword } from "./passwords";
import { deviceOfRequest, trustDevice } from "./staff-devices";
import { consume, release, type ThrottleDecision, throttleKeys } from "./throttle";

const EMAIL_MESSAGES = { EMPTY_EMAIL: "Email cannot be empty", INVALID_EMAIL: "Invalid email address" } as const;

/** Checked against when no account answers, so a miss costs the same scrypt work as a wrong password. */
let decoyHash: Promise<string> | undefined;

export function requireEmail(raw: string | null | undefined): string {
  const checked = checkEmail(raw);
  if (!checked.ok) throw invalidInput(checked.code, EMAIL_MESSAGES[checked.code]);
  return checked.email;
}

export async function signInWithPassword(
  ctx: AccountsContext,
  rawEmail: string | null | undefined,
  password: string | undefined,
  clientAddress: string,
  deviceHeader?: string,
): Promise<AccountRecord> {
  const email = requireEmail(rawEmail);
  if (!isAcceptablePassword(password)) {
    throw invalidInput("INVALID_PASSWORD", "The password must contain at least 6 characters");
  }
  const now = ctx.now();
  const attempts: ThrottleDecision[] = [];
  for (const [key, limits] of [
    [throttleKeys.passwordSignInsTo(email), PASSWORD_SIGN_IN_LIMITS_PER_EMAIL],
    [throttleKeys.passwordSignInsFromAddress(clientAddress), PASSWORD_SIGN_IN_LIMITS_PER_ADDRESS],
  ] as const) {
    const attempt = await consume(ctx.db, key, limits, now);
    if (!attempt.allowed) {
      for (const counted of attempts) await release(ctx.db, counted);
      throw tooManyRequests("RATE_LIMITED", "Too many failed sign-ins; try again later", attempt.retryAfterMs);
    }
    attempts.push(attempt);
  }

  const admin = await adminWithPassword(ctx, email, password, now.toISOString());
  if (admin === undefined) throw unauthorized("INVALID_CREDENTIALS", "Invalid email or password");
  for (const counted of attempts) await release(ctx.db, counted);
  await trustDevice(ctx, await deviceOfRequest(ctx, admin.user.store_id ?? 0, deviceHeader));
  return admin;
}

/** The first admin with this e-mail whose password matches (an admin of several stores has one per store). */
async function adminWithPassword(
  ctx: AccountsContext,
  email: string,
  password: string,
  nowIso: string,
): Promise<AccountRecord | undefined> {
  const admins: StaffRow[] = await listAdminsByEmail(ctx.db, email);
  let checked = false;
  for (const member of admins) {
    const user = await findOrCreateStaffAccount(ctx.db, member, nowIso);
    if (user.password_hash === null) continue;
    checked = true;
    if (await verifyPassword(password, user.password_hash)) {
      return { user, staff: { name: member.name, role: member.role } };
    }
  }
  decoyHash ??= hashPassword("decoy password, never anyone's");
  if (!checked) await verifyPassword(password, await decoyHash);
  return undefined;
}
