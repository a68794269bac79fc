/**
 * The signed-in session in IndexedDB ("user data", spec §3): its own small Dexie database, apart
 * from the cart's (src/app/db), so sign-in never touches the cart's schema versions and the
 * session survives a cart database upgrade. One row, key "current".
 *
 * Loaded only on demand (session.ts imports it lazily): Dexie stays out of the first load.
 */
import Dexie, { type Table } from "dexie";
import { markDatabaseOpened, SESSION_DB_NAME } from "../db/stored-databases";
import type { Session } from "./session-types";

export { SESSION_DB_NAME } from "../db/stored-databases";

const CURRENT = "current";

interface SessionRow extends Session {
  key: typeof CURRENT;
}

class SessionDatabase extends Dexie {
  declare sessions: Table<SessionRow, string>;

  constructor() {
    super(SESSION_DB_NAME);
    // Never change a shipped version: add version(2) (with an upgrade) when the row changes shape.
    this.version(1).stores({ sessions: "key" });
  }
}

let database: SessionDatabase | null = null;

function db(): SessionDatabase {
  if (database === null) {
    database = new SessionDatabase();
    markDatabaseOpened(SESSION_DB_NAME);
  }
  return database;
}

export async function readSession(): Promise<Session | null> {
  const row = await db().sessions.get(CURRENT);
  if (!row) return null;
  const { key: _key, ...session } = row;
  return session;
}

export async function writeSession(session: Session): Promise<void> {
  await db().sessions.put({ ...session, key: CURRENT });
}

export async function deleteSession(): Promise<void> {
  await db().sessions.delete(CURRENT);
}

/**
 * Saves rotated tokens only while the stored session is still the one they were refreshed from:
 * a sign-out (or a newer rotation by another tab) during the call must not be overwritten.
 * Tokens and user are one row, so the pair is never half-written. Answers whether it saved.
 */
export async function replaceSessionIf(previousAuthToken: string, next: Session): Promise<boolean> {
  const sessions = db().sessions;
  return db().transaction("rw", sessions, async () => {
    const row = await sessions.get(CURRENT);
    if (row?.authToken !== previousAuthToken) return false;
    await sessions.put({ ...next, key: CURRENT });
    return true;
  });
}

/**
 * Deletes the session only while it still holds the given authToken: a call refused with tokens
 * that a refresh has since rotated must not sign out the fresh session. Answers whether it deleted.
 */
export async function deleteSessionIf(authToken: string): Promise<boolean> {
  const sessions = db().sessions;
  return db().transaction("rw", sessions, async () => {
    const row = await sessions.get(CURRENT);
    if (row?.authToken !== authToken) return false;
    await sessions.delete(CURRENT);
    return true;
  });
}

/** Tests only: closes and forgets the connection so a fresh fake IndexedDB can be used. */
export function closeSessionDb(): void {
  database?.close();
  database = null;
}
