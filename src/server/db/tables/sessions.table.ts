import type { Generated, Insertable, Selectable } from "kysely";
import type { IsoInstant } from "../columns";

/**
 * A signed-in device: one per sign-in. Its jwts name it (claim sid); its authTokens are in
 * session_tokens. Logout and deletion set revoked_at on every session of the account.
 */
export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  created_at: IsoInstant;
  /** Moved forward by each refresh (idle expiry), except for visitors (fixed lifetime). */
  expires_at: IsoInstant;
  revoked_at: IsoInstant | null;
}

/**
 * The authTokens of a session, only as SHA-256 hashes. A refresh supersedes the token it was given
 * and adds a new one. A superseded token may refresh once more within its grace window (a lost
 * answer must not sign the guest out); presented again after that, it means the token was copied,
 * and the whole session is revoked.
 */
export interface SessionTokensTable {
  id: Generated<number>;
  session_id: number;
  token_hash: string;
  created_at: IsoInstant;
  superseded_at: IsoInstant | null;
  grace_until: IsoInstant | null;
  grace_used_at: IsoInstant | null;
}

export type SessionRow = Selectable<SessionsTable>;
export type NewSessionRow = Insertable<SessionsTable>;
export type SessionTokenRow = Selectable<SessionTokensTable>;
export type NewSessionTokenRow = Insertable<SessionTokensTable>;
