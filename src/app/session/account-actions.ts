/**
 * The account calls that change the stored session: a profile update answers rotated tokens
 * (kept as one row, so the pair is never half-saved); sign-out and deletion end the session here
 * whatever the server answered, because the guest asked to be signed out on this device.
 */
import type { UpdateUserRequest } from "../../domain/auth-api";
import { changePhone, deleteAccount, logout, optOutOfNewsletter, type PhoneDigits, updateUser } from "../api/accounts";
import {
  clearSession,
  currentSession,
  replaceSession,
  type Session,
  sessionFromResponse,
  storeSession,
} from "./session";

export async function saveProfile(update: UpdateUserRequest): Promise<Session> {
  const session = sessionFromResponse(await updateUser(update));
  await storeSession(session);
  return session;
}

/**
 * Stops the newsletter (spec §7 newsletter/opt-out; turning it on again is a profile update). The
 * call answers no new tokens, so the stored session keeps its tokens and learns the user's choice.
 */
export async function stopNewsletter(): Promise<void> {
  const { user } = await optOutOfNewsletter();
  const session = await currentSession();
  if (session !== null && session.user.id === user.id) await replaceSession(session.authToken, { ...session, user });
}

/**
 * Signs out: a guest everywhere, a staff member on this device only (server auth README); offline,
 * only here.
 */
export async function signOut(): Promise<void> {
  try {
    await logout();
  } catch {
    // No answer or an already dead session: this device forgets the session all the same.
  } finally {
    await clearSession();
  }
}

/** Deletes the account; a refusal keeps the session so the guest sees why and can retry. */
export async function deleteMyAccount(): Promise<void> {
  await deleteAccount();
  await clearSession();
}

/** Changes the phone with the code sent to the new number; the answer's rotated tokens are kept. */
export async function confirmPhoneChange(phone: PhoneDigits, code: string): Promise<Session> {
  const session = sessionFromResponse(await changePhone(phone, code));
  await storeSession(session);
  return session;
}
