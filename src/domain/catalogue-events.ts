/**
 * The live catalogue change (STOMP /topic/stores/{storeId}/catalogue): sent after any write to a
 * store's catalogue committed (stock, an item's edit, an import, an order that took stock). It
 * carries no menu, only the store's catalogue version after the change: an open menu that has
 * read an older version reads the menu again. TypeBox schema: the server validates what crosses
 * processes with it; the app imports the type only.
 */
import { type Static, Type } from "typebox";

export const CatalogueChangedEventSchema = Type.Object(
  {
    storeId: Type.Integer({ minimum: 1 }),
    catalogueVersion: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type CatalogueChangedEvent = Static<typeof CatalogueChangedEventSchema>;
