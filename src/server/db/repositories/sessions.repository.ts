/**
 * Sessions and their authTokens (hashes only). The conditional updates (`where superseded_at is
 * null`, `where grace_used_at is null`) make each token transition happen once even when two
 * requests race, on SQLite and PostgreSQL alike: the loser updates no row and is told so.
 */
import type { Kysely } from "kysely";
import type { IsoInstant } from "../columns";
import { compiledOnce } from "../compiled-once";
import type { Database } from "../schema";
import type { SessionRow, SessionTokenRow } from "../tables/sessions.table";

export async function insertSession(
  db: Kysely<Database>,
  session: { userId: number; createdAt: IsoInstant; expiresAt: IsoInstant },
): Promise<SessionRow> {
  return db
    .insertInto("sessions")
    .values({ user_id: session.userId, created_at: session.createdAt, expires_at: session.expiresAt })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertSessionToken(
  db: Kysely<Database>,
  sessionId: number,
  tokenHash: string,
  now: IsoInstant,
): Promise<SessionTokenRow> {
  return db
    .insertInto("session_tokens")
    .values({ session_id: sessionId, token_hash: tokenHash, created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface TokenWithSession {
  token: SessionTokenRow;
  session: SessionRow;
}

const tokenWithSession = compiledOnce((db, tokenHash: string) =>
  db
    .selectFrom("session_tokens")
    .innerJoin("sessions", "sessions.id", "session_tokens.session_id")
    .selectAll("session_tokens")
    .select([
      "sessions.user_id as session_user_id",
      "sessions.created_at as session_created_at",
      "sessions.expires_at as session_expires_at",
      "sessions.revoked_at as session_revoked_at",
    ])
    .where("session_tokens.token_hash", "=", tokenHash),
);

export async function findTokenWithSession(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<TokenWithSession | undefined> {
  const row = (await tokenWithSession(db, tokenHash)).rows[0];
  if (row === undefined) return undefined;
  const { session_user_id, session_created_at, session_expires_at, session_revoked_at, ...token } = row;
  return {
    token,
    session: {
      id: token.session_id,
      user_id: session_user_id,
      created_at: session_created_at,
      expires_at: session_expires_at,
      revoked_at: session_revoked_at,
    },
  };
}

/** Marks a current token superseded, refreshable once until graceUntil. False when it was not current. */
export async function supersedeToken(
  db: Kysely<Database>,
  tokenId: number,
  now: IsoInstant,
  graceUntil: IsoInstant,
): Promise<boolean> {
  const result = await db
    .updateTable("session_tokens")
    .set({ superseded_at: now, grace_until: graceUntil })
    .where("id", "=", tokenId)
    .where("superseded_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Spends a superseded token's one refresh in its grace window. False when spent or past the window. */
export async function spendGrace(db: Kysely<Database>, tokenId: number, now: IsoInstant): Promise<boolean> {
  const result = await db
    .updateTable("session_tokens")
    .set({ grace_used_at: now })
    .where("id", "=", tokenId)
    .where("superseded_at", "is not", null)
    .where("grace_used_at", "is", null)
    .where("grace_until", ">", now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function extendSession(db: Kysely<Database>, sessionId: number, expiresAt: IsoInstant): Promise<void> {
  await db.updateTable("sessions").set({ expires_at: expiresAt }).where("id", "=", sessionId).execute();
}

export async function revokeSession(db: Kysely<Database>, sessionId: number, now: IsoInstant): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ revoked_at: now })
    .where("id", "=", sessionId)
    .where("revoked_at", "is", null)
    .execute();
}

export async function revokeSessionsOfUser(db: Kysely<Database>, userId: number, now: IsoInstant): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ revoked_at: now })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .execute();
}

/**
 * Drops superseded tokens of a session older than `before`: past their grace they only serve to
 * notice a copied token, which is worth keeping for a while, not forever.
 */
export async function pruneSupersededTokens(
  db: Kysely<Database>,
  sessionId: number,
  before: IsoInstant,
): Promise<void> {
  await db
    .deleteFrom("session_tokens")
    .where("session_id", "=", sessionId)
    .where("superseded_at", "<", before)
    .execute();
}
