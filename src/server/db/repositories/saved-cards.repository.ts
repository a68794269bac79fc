import type { Kysely } from "kysely";
import type { Database } from "../schema";
import type { NewSavedCardRow, SavedCardRow } from "../tables/saved-cards.table";

export async function insertSavedCard(db: Kysely<Database>, card: NewSavedCardRow): Promise<SavedCardRow> {
  return db.insertInto("saved_cards").values(card).returningAll().executeTakeFirstOrThrow();
}

export async function listSavedCardsOfUser(db: Kysely<Database>, userId: number): Promise<SavedCardRow[]> {
  return db.selectFrom("saved_cards").selectAll().where("user_id", "=", userId).orderBy("id").execute();
}

/** Deletes the card only when it is this user's; false otherwise (another user's card looks missing). */
export async function deleteSavedCardOfUser(
  db: Kysely<Database>,
  userId: number,
  providerToken: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom("saved_cards")
    .where("user_id", "=", userId)
    .where("provider_token", "=", providerToken)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function deleteSavedCardsOfUser(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom("saved_cards").where("user_id", "=", userId).execute();
}
