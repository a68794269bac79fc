/**
 * Migration 016: each item's allergens and dietary tags from the venue file, as JSON lists of ids
 * (domain/allergens.ts). A null `allergens` means the venue has not stated them, which the menu
 * tells apart from an empty list (contains none of the 14).
 */
import type { Kysely, Migration } from "kysely";

export function itemAllergensSchema(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
    async up(db: Kysely<any>) {
      await db.schema.alterTable("items").addColumn("allergens", "text").execute();
      await db.schema.alterTable("items").addColumn("dietary", "text").execute();
    },
  };
}
