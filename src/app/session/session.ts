/**
 * The signed-in guest or staff member (spec §3 "User session"). Sign-in arrives in a later issue;
 * until then nothing stores a session, so currentSession() answers null and guarded routes
 * redirect. The API is async because the session moves to IndexedDB (Dexie) with sign-in.
 */
import { readStored, removeStored, STORAGE_KEYS, writeStored } from "../storage/local-storage";

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  phone: { phoneNumber: string; countryISO2: string };
  verified: boolean;
  optedInForNewsletter: boolean;
}

export interface Session {
  /** Opaque, revocable token sent as the `authToken` header. */
  authToken: string;
  /** Short-lived signed token sent as the `jwt` header. */
  jwt: string;
  user: SessionUser;
}

export function isSession(value: unknown): value is Session {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Partial<Session>;
  return (
    typeof candidate.authToken === "string" &&
    typeof candidate.jwt === "string" &&
    typeof candidate.user === "object" &&
    candidate.user !== null &&
    Number.isSafeInteger(candidate.user.id)
  );
}

export async function currentSession(): Promise<Session | null> {
  const stored = readStored(STORAGE_KEYS.session);
  if (!stored) return null;
  try {
    const parsed: unknown = JSON.parse(stored);
    return isSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export async function storeSession(session: Session): Promise<void> {
  writeStored(STORAGE_KEYS.session, JSON.stringify(session));
}

export async function clearSession(): Promise<void> {
  removeStored(STORAGE_KEYS.session);
}
