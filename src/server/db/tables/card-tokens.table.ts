import type { Insertable, Selectable } from "kysely";
import type { IsoInstant } from "../columns";

/**
 * Which account a payment provider's card token belongs to, keyed by the
 * token's SHA-256 so the table never holds a usable token. The first account that pays with (or
 * saves) a token owns it; any other account is refused. A deleted card leaves a tombstone: its
 * owner is cleared and retired_at set, so nobody can use or save that token again.
 */
export interface CardTokensTable {
  /** SHA-256 of the provider token, base64url. */
  token_hash: string;
  /** null once retired (the card was deleted, or its account was). */
  user_id: number | null;
  created_at: IsoInstant;
  retired_at: IsoInstant | null;
}

export type CardTokenRow = Selectable<CardTokensTable>;
export type NewCardTokenRow = Insertable<CardTokensTable>;
