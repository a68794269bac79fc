/**
 * Migration 012: an Idempotency-Key's claim names the process that made it (orders/claim-owners.ts),
 * so that a guest's retry takes over a card order's claim left by a killed process as soon as that
 * process is known to be gone, instead of after STALE_CLAIM_MS (60 s of 409 REQUEST_IN_PROGRESS).
 * Claims already in the table have no name and keep the 60 s rule.
 */
import type { Kysely, Migration } from "kysely";

export function claimedBySchema(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
    async up(db: Kysely<any>) {
      await db.schema.alterTable("order_requests").addColumn("claimed_by", "text").execute();
    },
  };
}
