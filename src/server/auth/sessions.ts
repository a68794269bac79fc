/**
 * Sessions (design.md "API conventions"; spec §6: authenticated calls send authToken and jwt):
 * - authToken: opaque, 256 random bits, stored as SHA-256, one session per sign-in;
 * - jwt: HS256, 30 minutes, naming the account, the session and the account's token generation;
 * - an authenticated call needs both, and they must belong together: the jwt's session is the
 *   authToken's, its account the session's, its generation the account's current one;
 * - refresh rotates: the given authToken is superseded and a new one issued with a new jwt. The
 *   superseded one may refresh once more within 60 s (the answer may have been lost); presented
 *   after that, it was copied, and its session is revoked;
 * - a guest's logout, deletion and an admin's "sign out everywhere" of a staff member revoke every
 *   session of the account and bump its generation, so every authToken, jwt and refresh of it is
 *   refused at once, on every device; a staff member's own logout ends only the device's session.
 */
import type { Kysely } from "kysely";
import {
  extendSession,
  findTokenWithSession,
  insertSession,
  insertSessionToken,
  pruneSupersededTokens,
  revokeSession,
  revokeSessionsOfUser,
  spendGrace,
  supersedeToken,
  type TokenWithSession,
} from "../db/repositories/sessions.repository";
import { type AccountRecord, bumpTokenGeneration } from "../db/repositories/users.repository";
import type { Database } from "../db/schema";
import type { UserRow } from "../db/tables/users.table";
import { forbidden, unauthorized } from "../http/api-error";
import type { AccountsContext } from "./context";
import { type SessionClaims, signSessionJwt, verifySessionJwt } from "./jwt";
import { REFRESH_GRACE_MS, SESSION_IDLE_TTL_MS, SUPERSEDED_TOKEN_RETENTION_MS, VISITOR_SESSION_TTL_MS } from "./limits";
import { hashToken, looksLikeOpaqueToken, newOpaqueToken } from "./tokens";
import { countSessionRefresh } from "./write-limits";

export interface SessionTokens {
  authToken: string;
  jwt: string;
}

/** A request whose tokens hold: the account, its session and the authToken it used. */
export interface SignedIn {
  account: AccountRecord;
  sessionId: number;
  tokenId: number;
}

export interface AuthHeaders {
  authtoken?: string | undefined;
  jwt?: string | undefined;
}

/**
 * The message is the code itself: spec §7 has the app clear its session "on message
 * INVALID_AUTH_TOKEN" of a failed refresh, so clients that read `message` and those that read
 * `code` both recognise it.
 */
const invalidSession = () => unauthorized("INVALID_AUTH_TOKEN", "INVALID_AUTH_TOKEN");

export async function startSession(ctx: AccountsContext, account: AccountRecord): Promise<SessionTokens> {
  const now = ctx.now();
  const lifetime = account.user.kind === "visitor" ? VISITOR_SESSION_TTL_MS : SESSION_IDLE_TTL_MS;
  const authToken = newOpaqueToken();
  const session = await ctx.db.transaction().execute(async (trx) => {
    const created = await insertSession(trx, {
      userId: account.user.id,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + lifetime).toISOString(),
    });
    await insertSessionToken(trx, created.id, hashToken(authToken), now.toISOString());
    return created;
  });
  return { authToken, jwt: await jwtFor(ctx, account.user, session.id, now) };
}

/** The signed-in account of a call, or 401 INVALID_AUTH_TOKEN. */
export async function authenticate(
  ctx: AccountsContext,
  headers: AuthHeaders,
  options: { allowExpiredJwt: boolean } = { allowExpiredJwt: false },
): Promise<SignedIn> {
  const now = ctx.now();
  const { claims, found } = await readTokens(ctx, headers, now, options.allowExpiredJwt);
  if (found.token.superseded_at !== null) throw invalidSession();
  const account = liveAccountOf(found, claims, now);
  return { account, sessionId: found.session.id, tokenId: found.token.id };
}

/** authenticate, for calls only a guest (an account with a phone) may make. */
export async function authenticateGuest(ctx: AccountsContext, headers: AuthHeaders): Promise<SignedIn> {
  const signedIn = await authenticate(ctx, headers);
  if (signedIn.account.user.kind !== "guest") throw forbidden("Only a guest's account can do this");
  return signedIn;
}

/** GET authenticate/(v2/)tokens/validate/refresh: new authToken and jwt for the same session. */
export async function refreshSession(
  ctx: AccountsContext,
  headers: AuthHeaders,
): Promise<{ account: AccountRecord; tokens: SessionTokens }> {
  const now = ctx.now();
  // The jwt may have expired (the app was closed for a while); its signature and session must hold.
  const { claims, found } = await readTokens(ctx, headers, now, true);
  const account = liveAccountOf(found, claims, now);
  const signedIn = { account, sessionId: found.session.id, tokenId: found.token.id };
  // Each refresh writes a token row: limited per session.
  await countSessionRefresh(ctx.db, found.session.id, now);
  if (found.token.superseded_at === null) {
    const rotated = await replaceToken(ctx, signedIn, { supersede: true }, now);
    if (rotated !== null) return { account, tokens: rotated };
    // A concurrent refresh with the same token won the rotation: this one is its retry.
  }
  if (await spendGrace(ctx.db, found.token.id, now.toISOString())) {
    const tokens = await replaceToken(ctx, signedIn, { supersede: false }, now);
    if (tokens !== null) return { account, tokens };
  }
  // Past its grace a superseded token can only be a copy: end the session, the thief's side too.
  // (Within it, a second retry is only refused: two tabs may both have held the token.)
  const graceUntil = found.token.grace_until;
  if (graceUntil !== null && graceUntil <= now.toISOString()) {
    await revokeSession(ctx.db, found.session.id, now.toISOString());
  }
  throw invalidSession();
}

/** New tokens after a change of the account (user/v2/update, user/change-phone). */
export async function rotateTokens(ctx: AccountsContext, signedIn: SignedIn): Promise<SessionTokens> {
  const tokens = await replaceToken(ctx, signedIn, { supersede: true }, ctx.now());
  if (tokens === null) throw invalidSession();
  return tokens;
}

/** A staff member's logout (Lock, Sign out on one PDA): this session ends, the others keep working. */
export async function revokeThisSession(db: Kysely<Database>, sessionId: number, now: Date): Promise<void> {
  await revokeSession(db, sessionId, now.toISOString());
}

/** A guest's logout, deletion, an admin's sign-out-everywhere: every session ends, every jwt is refused. */
export async function revokeEverySession(db: Kysely<Database>, userId: number, now: Date): Promise<number> {
  return db.transaction().execute((trx) => revokeEverySessionIn(trx, userId, now));
}

/** The same inside a transaction the caller holds; how many sessions ended. */
export async function revokeEverySessionIn(trx: Kysely<Database>, userId: number, now: Date): Promise<number> {
  await bumpTokenGeneration(trx, userId, now.toISOString());
  return revokeSessionsOfUser(trx, userId, now.toISOString());
}

async function readTokens(
  ctx: AccountsContext,
  headers: AuthHeaders,
  now: Date,
  allowExpired: boolean,
): Promise<{ claims: SessionClaims; found: TokenWithSession }> {
  const { authtoken, jwt } = headers;
  if (!looksLikeOpaqueToken(authtoken) || typeof jwt !== "string" || jwt === "") throw invalidSession();
  const keys = await ctx.keyRing.keys();
  const claims = await verifySessionJwt(keys.jwt, jwt, now, { allowExpired });
  if (claims === null) throw invalidSession();
  const found = await findTokenWithSession(ctx.db, hashToken(authtoken));
  if (found === undefined) throw invalidSession();
  return { claims, found };
}

/** The checks that make authToken and jwt belong together and the account still live. */
function liveAccountOf({ session, account }: TokenWithSession, claims: SessionClaims, now: Date): AccountRecord {
  if (session.id !== claims.sessionId || session.user_id !== claims.userId) throw invalidSession();
  if (session.revoked_at !== null || session.expires_at <= now.toISOString()) throw invalidSession();
  if (account.user.deleted_at !== null) throw invalidSession();
  if (account.user.token_generation !== claims.generation) throw invalidSession();
  // A staff member removed from the venue file (or moved to another store) is signed out.
  if (account.user.kind === "staff" && account.staff === null) throw invalidSession();
  return account;
}

/**
 * Adds a new authToken to the session, superseding the one used when asked; null when that one
 * was no longer current (a concurrent rotation won).
 */
async function replaceToken(
  ctx: AccountsContext,
  signedIn: SignedIn,
  { supersede }: { supersede: boolean },
  now: Date,
): Promise<SessionTokens | null> {
  const authToken = newOpaqueToken();
  const nowIso = now.toISOString();
  const replaced = await ctx.db.transaction().execute(async (trx) => {
    if (supersede) {
      const graceUntil = new Date(now.getTime() + REFRESH_GRACE_MS).toISOString();
      if (!(await supersedeToken(trx, signedIn.tokenId, nowIso, graceUntil))) return false;
    }
    await insertSessionToken(trx, signedIn.sessionId, hashToken(authToken), nowIso);
    if (signedIn.account.user.kind !== "visitor") {
      await extendSession(trx, signedIn.sessionId, new Date(now.getTime() + SESSION_IDLE_TTL_MS).toISOString());
    }
    await pruneSupersededTokens(
      trx,
      signedIn.sessionId,
      new Date(now.getTime() - SUPERSEDED_TOKEN_RETENTION_MS).toISOString(),
    );
    return true;
  });
  if (!replaced) return null;
  return { authToken, jwt: await jwtFor(ctx, signedIn.account.user, signedIn.sessionId, now) };
}

async function jwtFor(ctx: AccountsContext, user: UserRow, sessionId: number, now: Date): Promise<string> {
  const keys = await ctx.keyRing.keys();
  return signSessionJwt(keys.jwt, { userId: user.id, sessionId, generation: user.token_generation }, now);
}
