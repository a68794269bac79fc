/**
 * Migration 005: spots' names in the guest's language: an optional
 * translations document per spot ("Ομπρέλα 1" / "Umbrella 1"); null keeps the one name for all.
 */
import type { Kysely, Migration } from "kysely";

export function spotNamesSchema(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
    async up(db: Kysely<any>) {
      await db.schema.alterTable("spots").addColumn("names", "text").execute();
    },
  };
}
