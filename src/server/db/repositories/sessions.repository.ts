/**
 * Sessions and their authTokens (hashes only). The conditional updates (`where superseded_at is
 * null`, `where grace_used_at is null`) make each token transition happen once even when two
 * requests race, on SQLite and PostgreSQL alike: the loser updates no row and is told so.
 */
import { type Kysely, sql } from "kysely";
import type { IsoInstant } from "../columns";
import { compiledOnce } from "../compiled-once";
import type { Database } from "../schema";
import type { SessionRow, SessionTokenRow } from "../tables/sessions.table";
import { type AccountRecord, accountOf } from "./users.repository";

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

/** What an authenticated call presents: its authToken's row, its session and the session's account. */
export interface TokenWithSession {
  token: SessionTokenRow;
  session: SessionRow;
  account: AccountRecord;
}

/**
 * One read for every authenticated call (read what is needed once): the token,
 * its session, and the account with its staff row, which the checks in auth/sessions.ts need together.
 */
const tokenWithSession = compiledOnce((db, tokenHash: string) =>
  db
    .selectFrom("session_tokens")
    .innerJoin("sessions", "sessions.id", "session_tokens.session_id")
    .innerJoin("users", "users.id", "sessions.user_id")
    .leftJoin("staff", (join) =>
      join
        .onRef("staff.id", "=", "users.staff_id")
        .onRef("staff.store_id", "=", "users.store_id")
        // A deactivated member reads as no staff: their sessions and login tokens are refused.
        .on("staff.active", "=", sql<boolean>`true`),
    )
    .selectAll("users")
    .select([
      "staff.name as staff_name",
      "staff.role as staff_role",
      "session_tokens.id as token_id",
      "session_tokens.session_id as token_session_id",
      "session_tokens.token_hash as token_hash",
      "session_tokens.created_at as token_created_at",
      "session_tokens.superseded_at as token_superseded_at",
      "session_tokens.grace_until as token_grace_until",
      "session_tokens.grace_used_at as token_grace_used_at",
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
  const {
    token_id,
    token_session_id,
    token_hash,
    token_created_at,
    token_superseded_at,
    token_grace_until,
    token_grace_used_at,
    session_user_id,
    session_created_at,
    session_expires_at,
    session_revoked_at,
    ...accountRow
  } = row;
  return {
    token: {
      id: token_id,
      session_id: token_session_id,
      token_hash,
      created_at: token_created_at,
      superseded_at: token_superseded_at,
      grace_until: token_grace_until,
      grace_used_at: token_grace_used_at,
    },
    session: {
      id: token_session_id,
      user_id: session_user_id,
      created_at: session_created_at,
      expires_at: session_expires_at,
      revoked_at: session_revoked_at,
    },
    account: accountOf(accountRow),
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

/** How many sessions it ended (the expired ones count too: they were not revoked yet). */
export async function revokeSessionsOfUser(db: Kysely<Database>, userId: number, now: IsoInstant): Promise<number> {
  const result = await db
    .updateTable("sessions")
    .set({ revoked_at: now })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
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
