/**
 * Is a STOMP connection's session still good? CONNECT checks the tokens with the same
 * `authenticate` as every HTTP call; a connection then outlives its jwt (30 minutes; the app
 * refreshes every 20, which supersedes the very authToken the connection used). So instead of
 * re-reading the tokens, the connection re-checks what they stood for, by session id: the session
 * not revoked (logout, deletion, a copied token) nor expired, the account live with the same token
 * generation, a staff member still staff of the same store. The same rules as sessions.ts's
 * liveAccountOf, minus the token itself.
 */
import type { Kysely } from "kysely";
import { findAccountById } from "../db/repositories/users.repository";
import type { Database } from "../db/schema";
import type { Listener } from "./topic-access";

export async function isSessionLive(
  db: Kysely<Database>,
  listener: Listener,
  generation: number,
  now: Date,
): Promise<boolean> {
  // A connection without a session has nothing to lose (it follows public topics only).
  if (listener.sessionId === null) return true;
  const session = await db
    .selectFrom("sessions")
    .select(["user_id", "expires_at", "revoked_at"])
    .where("id", "=", listener.sessionId)
    .executeTakeFirst();
  if (session === undefined || session.user_id !== listener.userId) return false;
  if (session.revoked_at !== null || session.expires_at <= now.toISOString()) return false;
  const account = await findAccountById(db, listener.userId);
  if (account === undefined || account.user.deleted_at !== null) return false;
  if (account.user.token_generation !== generation) return false;
  if (listener.staffStoreId !== null && (account.staff === null || account.user.store_id !== listener.staffStoreId)) {
    return false;
  }
  return true;
}
