/**
 * Migration 025: staff.active and staff.version, for admins managing their staff in the app. An
 * inactive member cannot sign in and every session of theirs ends; version is bumped by every
 * change, so two admins changing one member cannot overwrite each other unseen. Existing members
 * start active at version 1, as an import writes them.
 */
import type { Kysely, Migration } from "kysely";

export function staffActiveVersionSchema(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("staff")
        .addColumn("active", "boolean", (column) => column.notNull().defaultTo(true))
        .execute();
      await db.schema
        .alterTable("staff")
        .addColumn("version", "integer", (column) => column.notNull().defaultTo(1))
        .execute();
    },
  };
}
