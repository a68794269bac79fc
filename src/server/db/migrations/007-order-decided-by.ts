/**
 * Migration 007: who decided an order (the store's order history says
 * who accepted or rejected it). The venue file's staff id of the waiter or admin; null for orders
 * decided before this migration, orders that timed out, and pending ones. Plus the index the
 * history reads by: a store's orders of one Athens day, newest (highest id) first.
 */
import type { Kysely, Migration } from "kysely";

export function orderDecidedBySchema(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
    async up(db: Kysely<any>) {
      await db.schema.alterTable("orders").addColumn("decided_by_staff_id", "integer").execute();
      await db.schema.createIndex("orders_store_day").on("orders").columns(["store_id", "athens_day", "id"]).execute();
    },
  };
}
