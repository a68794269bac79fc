/**
 * Migration 024: audit_entries, who changed what in a store and when. Written in the same
 * transaction as the change it records (an item's stock or fields, a staff member, a photo, an
 * import), so a change without its entry, or an entry without its change, cannot exist. The actor
 * is kept as an id and a name copied at the time, so a removed staff member still reads; before
 * and after are JSON text of the changed fields only.
 */
import type { ColumnDefinitionBuilder, Kysely, Migration } from "kysely";
import type { DialectName } from "../schema";

export function auditEntriesSchema(dialect: DialectName): Migration {
  const generatedId = (c: ColumnDefinitionBuilder) =>
    dialect === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("audit_entries")
        .addColumn("id", "integer", generatedId)
        .addColumn("store_id", "integer", (c) => c.notNull())
        .addColumn("at", "text", (c) => c.notNull())
        .addColumn("actor_user_id", "integer")
        .addColumn("actor_name", "text", (c) => c.notNull())
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("subject_kind", "text", (c) => c.notNull())
        .addColumn("subject_id", "integer")
        .addColumn("subject_label", "text", (c) => c.notNull())
        .addColumn("before_json", "text")
        .addColumn("after_json", "text")
        .execute();
      // The list reads one store's entries newest first, a page before a cursor id.
      await db.schema.createIndex("audit_entries_store").on("audit_entries").columns(["store_id", "id"]).execute();
    },
  };
}
