import type { Generated, Insertable, Selectable } from "kysely";
import type { IsoInstant } from "../columns";

/**
 * Cards a guest saved with the payment provider (design: no card data is stored): the provider's
 * token, the brand and the last four digits, nothing else. Rows are written by the payment flow.
 */
export interface SavedCardsTable {
  id: Generated<number>;
  user_id: number;
  provider_token: string;
  brand: string;
  last_four: string;
  created_at: IsoInstant;
}

export type SavedCardRow = Selectable<SavedCardsTable>;
export type NewSavedCardRow = Insertable<SavedCardsTable>;
