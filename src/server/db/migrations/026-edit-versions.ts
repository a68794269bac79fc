/**
 * Migration 026: services.version, categories.version and spots.version, bumped by every edit an
 * admin makes to a service's settings, a category (its names, limit, the order of its items) or a
 * spot, so that two admins editing the same thing cannot overwrite each other unseen. Existing
 * rows start at 1, as an import writes them.
 */
import type { Kysely, Migration } from "kysely";

export function editVersionsSchema(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
    async up(db: Kysely<any>) {
      for (const table of ["services", "categories", "spots"]) {
        await db.schema
          .alterTable(table)
          .addColumn("version", "integer", (column) => column.notNull().defaultTo(1))
          .execute();
      }
    },
  };
}
