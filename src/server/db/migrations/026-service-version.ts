/**
 * Migration 026: services.version, bumped by every edit an admin makes to a service's settings, so
 * that two admins editing the same service cannot overwrite each other unseen. Existing services
 * start at 1, as an import writes them.
 */
import type { Kysely, Migration } from "kysely";

export function serviceVersionSchema(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("services")
        .addColumn("version", "integer", (column) => column.notNull().defaultTo(1))
        .execute();
    },
  };
}
