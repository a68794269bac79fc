/**
 * The session API the rest of the app uses (spec §3 "User session"). The session lives in
 * IndexedDB (session-db.ts), imported lazily so Dexie is not part of the first load; on a device
 * that has never signed in (no session database yet: stored-databases.ts) reads and clears answer
 * at once without loading it. Screens subscribe to changes (sign-in, rotation, sign-out) through
 * onSessionChange / useSession.
 */
import type { SessionResponse } from "../../domain/auth-api";
import { databaseExists, SESSION_DB_NAME } from "../db/stored-databases";
import { isSession, type Session } from "./session-types";

export { isSession, type Session, type SessionUser } from "./session-types";

const loadDb = () => import("./session-db");
/** No session database on this device: nobody ever signed in here, so there is nothing to read or clear. */
const neverSignedIn = async () => !(await databaseExists(SESSION_DB_NAME));

type Listener = (session: Session | null) => void;
const listeners = new Set<Listener>();

function notify(session: Session | null): void {
  for (const listener of listeners) listener(session);
}

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored session, or null when signed out or when the stored row is not a session. */
export async function currentSession(): Promise<Session | null> {
  try {
    if (await neverSignedIn()) return null;
    const stored = await (await loadDb()).readSession();
    return isSession(stored) ? stored : null;
  } catch {
    // IndexedDB blocked (private mode) or broken: behave as signed out rather than crash the route.
    return null;
  }
}

export async function storeSession(session: Session): Promise<void> {
  const received = withReceipt(session);
  await (await loadDb()).writeSession(received);
  notify(received);
}

export async function clearSession(): Promise<void> {
  if (!(await neverSignedIn())) await (await loadDb()).deleteSession();
  notify(null);
}

/** Signs out only if the stored session still holds this authToken (see deleteSessionIf). */
export async function clearSessionIf(authToken: string): Promise<boolean> {
  if (await neverSignedIn()) return false;
  const cleared = await (await loadDb()).deleteSessionIf(authToken);
  if (cleared) notify(null);
  return cleared;
}

/** Saves rotated tokens unless the session changed meanwhile (see replaceSessionIf). */
export async function replaceSession(previousAuthToken: string, next: Session): Promise<boolean> {
  if (await neverSignedIn()) return false;
  const received = withReceipt(next);
  const saved = await (await loadDb()).replaceSessionIf(previousAuthToken, received);
  if (saved) notify(received);
  return saved;
}

/** A session as it arrives from the server: its jwt's life starts now on this device's clock, unless known. */
function withReceipt(session: Session): Session {
  return { ...session, jwtReceivedAtMs: session.jwtReceivedAtMs ?? Date.now() };
}

/** A sign-in answer (and the rotating update calls) as the session to store. */
export function sessionFromResponse(response: SessionResponse): Session {
  return { authToken: response.authToken.token, jwt: response.jwt, user: response.authToken.user };
}
