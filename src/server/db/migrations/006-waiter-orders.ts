/**
 * Migration 006: orders a waiter placed from a PDA (the waiter's PDA). Such an
 * order needs no acceptance; the column records who placed it (the venue file's staff id), null
 * for a guest's order. No foreign key, as the openings' staff columns: a venue re-import may drop
 * a staff member while their past orders stay.
 */
import type { Kysely, Migration } from "kysely";

export function waiterOrdersSchema(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
    async up(db: Kysely<any>) {
      await db.schema.alterTable("orders").addColumn("placed_by_staff_id", "integer").execute();
    },
  };
}
