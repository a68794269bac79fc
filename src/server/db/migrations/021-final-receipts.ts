/**
 * Migration 021: one FINAL receipt per closing of a table opening. receipts.closing_version is
 * the opening's version when it was closed, on FINAL receipts only (null on TEMPORARY ones); the
 * unique index on (opening_id, closing_version) refuses a second FINAL of the same closing on
 * both databases (NULLs never collide), so asking again prints the same receipt, not a new
 * number. A reopened and closed again opening has a new version: its FINAL is a new receipt.
 *
 * Receipts issued before keep null, except the first FINAL of each closed opening's current
 * closing (issued after it was closed), which a FINAL asked for now reprints.
 */
import type { Kysely, Migration } from "kysely";

export function finalReceiptsSchema(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
    async up(db: Kysely<any>) {
      await db.schema.alterTable("receipts").addColumn("closing_version", "integer").execute();
      const finals: Array<{ id: number; opening_id: number; version: number }> = await db
        .selectFrom("receipts")
        .innerJoin("table_openings", "table_openings.id", "receipts.opening_id")
        .select(["receipts.id as id", "receipts.opening_id as opening_id", "table_openings.version as version"])
        .where("receipts.kind", "=", "FINAL")
        .where("table_openings.status", "=", "CLOSED")
        .whereRef("receipts.created_at", ">=", "table_openings.closed_at")
        .orderBy("receipts.id")
        .execute();
      const first = new Map<number, { id: number; version: number }>();
      for (const receipt of finals) if (!first.has(receipt.opening_id)) first.set(receipt.opening_id, receipt);
      for (const { id, version } of first.values()) {
        await db.updateTable("receipts").set({ closing_version: version }).where("id", "=", id).execute();
      }
      await db.schema
        .createIndex("receipts_one_final_per_closing")
        .on("receipts")
        .columns(["opening_id", "closing_version"])
        .unique()
        .execute();
    },
  };
}
