/** Owners and tombstones of card tokens (../tables/card-tokens.table.ts), by the token's hash. */
import type { Kysely } from "kysely";
import type { IsoInstant } from "../columns";
import type { Database } from "../schema";
import type { CardTokenRow } from "../tables/card-tokens.table";

export async function findCardToken(db: Kysely<Database>, tokenHash: string): Promise<CardTokenRow | undefined> {
  return db.selectFrom("card_tokens").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}

/** Binds a free token to the account; a token already bound or retired is left as it is. */
export async function insertCardTokenOwner(
  db: Kysely<Database>,
  tokenHash: string,
  userId: number,
  now: IsoInstant,
): Promise<void> {
  await db
    .insertInto("card_tokens")
    .values({ token_hash: tokenHash, user_id: userId, created_at: now, retired_at: null })
    .onConflict((conflict) => conflict.column("token_hash").doNothing())
    .execute();
}

/** Leaves a tombstone: the token belongs to nobody and is refused for everyone from now on. */
export async function retireCardToken(db: Kysely<Database>, tokenHash: string, now: IsoInstant): Promise<void> {
  await db
    .insertInto("card_tokens")
    .values({ token_hash: tokenHash, user_id: null, created_at: now, retired_at: now })
    .onConflict((conflict) => conflict.column("token_hash").doUpdateSet({ user_id: null, retired_at: now }))
    .execute();
}

/** Retires every token of an account (its deletion). */
export async function retireCardTokensOfUser(db: Kysely<Database>, userId: number, now: IsoInstant): Promise<void> {
  await db.updateTable("card_tokens").set({ user_id: null, retired_at: now }).where("user_id", "=", userId).execute();
}
