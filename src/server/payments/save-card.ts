/** Keeps a card a guest paid with for later payments, once (a card already saved is left as it is). */
import type { Kysely } from "kysely";
import { insertSavedCard, listSavedCardsOfUser } from "../db/repositories/saved-cards.repository";
import type { Database } from "../db/schema";

export async function saveCard(
  db: Kysely<Database>,
  userId: number,
  card: { cardToken: string; brand: string; lastFour: string },
  now: Date,
): Promise<void> {
  const saved = await listSavedCardsOfUser(db, userId);
  if (saved.some((row) => row.provider_token === card.cardToken)) return;
  await insertSavedCard(db, {
    user_id: userId,
    provider_token: card.cardToken,
    brand: card.brand,
    last_four: card.lastFour,
    created_at: now.toISOString(),
  });
}
