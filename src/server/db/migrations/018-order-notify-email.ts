/**
 * Migration 018: the address a guest asked the order's outcome to be e-mailed to at checkout
 * (orders.notify_email; null: not asked). Kept on the order, not the account, because it is a
 * choice per order; account deletion blanks it (auth/account-deletion.ts).
 */
import type { Kysely, Migration } from "kysely";

export function orderNotifyEmailSchema(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
    async up(db: Kysely<any>) {
      await db.schema.alterTable("orders").addColumn("notify_email", "text").execute();
    },
  };
}
