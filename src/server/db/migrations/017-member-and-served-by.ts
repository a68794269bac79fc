/**
 * Migration 017: what an order records about who and how, for the staff's screens and tickets.
 * - orders.member_prices: whether member (all-inclusive) prices applied to any of its lines, so the
 *   PDA card, the store history and the printed ticket say "Member" long after the guest's
 *   membership has changed.
 * - orders.served_by_staff_id: the waiter a PDA order is served by (picked from the checkout's
 *   waiters, the signed-in one by default); null for guests' orders. No foreign key, as the other
 *   staff columns: a venue re-import may drop a staff member while their past orders stay.
 * - order_lines.request: a no-charge request (towels, a pillow) rather than a priced line.
 */
import type { Kysely, Migration } from "kysely";

export function memberAndServedBySchema(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("orders")
        .addColumn("member_prices", "boolean", (c) => c.notNull().defaultTo(false))
        .execute();
      await db.schema.alterTable("orders").addColumn("served_by_staff_id", "integer").execute();
      await db.schema
        .alterTable("order_lines")
        .addColumn("request", "boolean", (c) => c.notNull().defaultTo(false))
        .execute();
    },
  };
}
