/**
 * A card token belongs to the account that first paid with it or saved it: any
 * other account gets CARD_NOT_FOUND, as if the token did not exist, and so does everyone once the
 * card was deleted. Only the token's SHA-256 is kept (../db/tables/card-tokens.table.ts).
 */
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { findCardToken, insertCardTokenOwner, retireCardToken } from "../db/repositories/card-tokens.repository";
import type { Database } from "../db/schema";

export function cardTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/**
 * Binds a free token to the account, or confirms it is already this account's. False when it
 * belongs to another account or was retired. Two accounts racing for one fresh token: the insert
 * lets one win and the read after it tells the other.
 */
export async function claimCardToken(db: Kysely<Database>, token: string, userId: number, now: Date): Promise<boolean> {
  const tokenHash = cardTokenHash(token);
  await insertCardTokenOwner(db, tokenHash, userId, now.toISOString());
  const row = await findCardToken(db, tokenHash);
  return row !== undefined && row.retired_at === null && row.user_id === userId;
}

/** A deleted card: its token is refused for everyone from now on. */
export async function retireCard(db: Kysely<Database>, token: string, now: Date): Promise<void> {
  await retireCardToken(db, cardTokenHash(token), now.toISOString());
}
