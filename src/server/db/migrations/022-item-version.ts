/**
 * Migration 022: items.version, bumped by every edit an admin makes to an item, so that two admins
 * editing the same item cannot overwrite each other unseen: an edit naming an older version is
 * refused with the current one. Existing items start at 1, as an import writes them.
 */
import type { Kysely, Migration } from "kysely";

export function itemVersionSchema(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("items")
        .addColumn("version", "integer", (column) => column.notNull().defaultTo(1))
        .execute();
    },
  };
}
