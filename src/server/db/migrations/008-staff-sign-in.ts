/**
 * Migration 008 (staff sign-in):
 * - staff.email: an admin's e-mail from the venue file (sign-in by e-mail and password, reset
 *   codes, throttle alerts); lower-cased, null for most staff.
 * - staff_devices: the terminals enrolled at a store. PIN guesses count per device, so one
 *   guessing phone cannot lock the venue's PDAs; the secret is kept only as SHA-256.
 * - staff_sign_in_alerts: what the store's admins are told when PIN guessing crosses a threshold.
 */
import type { ColumnDefinitionBuilder, Kysely, Migration } from "kysely";
import type { DialectName } from "../schema";

export function staffSignInSchema(dialect: DialectName): Migration {
  const generatedId = (c: ColumnDefinitionBuilder) =>
    dialect === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
    async up(db: Kysely<any>) {
      await db.schema.alterTable("staff").addColumn("email", "text").execute();
      await db.schema.createIndex("staff_email").on("staff").column("email").execute();

      await db.schema
        .createTable("staff_devices")
        .addColumn("id", "integer", generatedId)
        .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("trusted_at", "text")
        .execute();

      await db.schema
        .createTable("staff_sign_in_alerts")
        .addColumn("id", "integer", generatedId)
        .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("failures", "integer", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("staff_sign_in_alerts_store_created")
        .on("staff_sign_in_alerts")
        .columns(["store_id", "created_at"])
        .execute();
    },
  };
}
