/**
 * Migration 004: table openings. What a spot owes from its first accepted
 * order until it is closed, line by line, how it was settled, and the receipts it got.
 *
 * - stores.floor_plan: the venue file's sections (with table families and minimum consumption),
 *   card terminals, outlets with their sections, and whether waiters may treat and cancel. Read as
 *   one document; it changes only with an import.
 * - spots.minimum_consumption: the spot's own or its section's, resolved at import.
 * - table_openings: at most one OPEN opening per spot (a partial unique index, on both databases),
 *   so two accepts racing for an empty table cannot open it twice. `version` is bumped by every
 *   change; writes that settle money name the version the waiter saw.
 * - table_opening_lines: one row per settled or owed part; a line only ever leaves OPEN, once.
 * - table_opening_payments, receipts and their per-store per-day counter.
 */
import type { ColumnDefinitionBuilder, Kysely, Migration } from "kysely";
import { sql } from "kysely";
import type { DialectName } from "../schema";

type ColumnSpec = (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

const notNull: ColumnSpec = (c) => c.notNull();
const oneOf =
  (column: string, values: readonly string[]): ColumnSpec =>
  (c) =>
    c.notNull().check(sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`);

/** Frozen copies of the domain lists as they were when this migration was written. */
const OPENING_STATUSES = ["OPEN", "CLOSED", "MERGED"] as const;
const LINE_STATES = ["OPEN", "PAID", "TREATED", "CANCELED"] as const;
const LINE_KINDS = ["ITEM", "ROOM_CHARGE", "MINIMUM_CONSUMPTION"] as const;
const SETTLEMENT_TYPES = ["CASH", "CARD", "BANK_ACCOUNT", "ON_CREDIT", "CHARGE_TO_ROOM", "SELF_PUBLISH"] as const;
const RECEIPT_KINDS = ["TEMPORARY", "FINAL"] as const;

export function tableOpeningsSchema(dialect: DialectName): Migration {
  const generatedId: ColumnSpec =
    dialect === "postgres"
      ? (c) => c.primaryKey().generatedByDefaultAsIdentity()
      : (c) => c.primaryKey().autoIncrement();

  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("stores")
        .addColumn("floor_plan", "text", (c) => c.notNull().defaultTo("{}"))
        .execute();
      await db.schema.alterTable("spots").addColumn("minimum_consumption", "text").execute();

      await db.schema
        .createTable("table_openings")
        .addColumn("id", "integer", generatedId)
        .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
        .addColumn("spot_id", "integer", notNull)
        .addColumn("status", "text", oneOf("status", OPENING_STATUSES))
        .addColumn("version", "integer", (c) => c.notNull().check(sql`version > 0`))
        .addColumn("department_service_id", "integer", notNull)
        .addColumn("waiter_staff_id", "integer")
        .addColumn("opened_at", "text", notNull)
        .addColumn("last_activity_at", "text", notNull)
        .addColumn("closed_at", "text")
        .addColumn("closed_by_staff_id", "integer")
        .addColumn("closed_athens_day", "text")
        .addColumn("merged_into_opening_id", "integer", (c) => c.references("table_openings.id"))
        .execute();
      await db.schema
        .createIndex("table_openings_one_open_per_spot")
        .on("table_openings")
        .column("spot_id")
        .unique()
        .where(sql.ref("status"), "=", "OPEN")
        .execute();
      await db.schema
        .createIndex("table_openings_store_status")
        .on("table_openings")
        .columns(["store_id", "status"])
        .execute();
      await db.schema
        .createIndex("table_openings_store_closed_day")
        .on("table_openings")
        .columns(["store_id", "closed_athens_day"])
        .execute();

      await db.schema
        .createTable("table_opening_payments")
        .addColumn("id", "integer", generatedId)
        .addColumn("opening_id", "integer", (c) => c.notNull().references("table_openings.id"))
        .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
        .addColumn("type", "text", oneOf("type", SETTLEMENT_TYPES))
        .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents >= 0`))
        .addColumn("card_terminal_id", "integer")
        .addColumn("credit_account", "text")
        .addColumn("room_spot_id", "integer")
        .addColumn("online", "boolean", (c) => c.notNull().defaultTo(false))
        .addColumn("staff_id", "integer")
        .addColumn("athens_day", "text", notNull)
        .addColumn("created_at", "text", notNull)
        .execute();
      await db.schema
        .createIndex("table_opening_payments_opening")
        .on("table_opening_payments")
        .column("opening_id")
        .execute();
      await db.schema
        .createIndex("table_opening_payments_store_day")
        .on("table_opening_payments")
        .columns(["store_id", "athens_day"])
        .execute();

      await db.schema
        .createTable("table_opening_lines")
        .addColumn("id", "integer", generatedId)
        .addColumn("opening_id", "integer", (c) => c.notNull().references("table_openings.id"))
        .addColumn("kind", "text", oneOf("kind", LINE_KINDS))
        .addColumn("order_id", "integer", (c) => c.references("orders.id"))
        .addColumn("names", "text", notNull)
        .addColumn("options", "text", notNull)
        .addColumn("comment", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity > 0`))
        .addColumn("grams", "integer")
        .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents >= 0`))
        .addColumn("state", "text", oneOf("state", LINE_STATES))
        .addColumn("reason", "text")
        .addColumn("by_staff_id", "integer")
        .addColumn("settled_at", "text")
        .addColumn("athens_day", "text")
        .addColumn("payment_id", "integer", (c) => c.references("table_opening_payments.id"))
        .addColumn("moved_from_spot_id", "integer")
        .addColumn("created_at", "text", notNull)
        .execute();
      await db.schema
        .createIndex("table_opening_lines_opening")
        .on("table_opening_lines")
        .columns(["opening_id", "state"])
        .execute();

      await db.schema
        .createTable("receipt_daily_counters")
        .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
        .addColumn("athens_day", "text", notNull)
        .addColumn("last_number", "integer", notNull)
        .addPrimaryKeyConstraint("receipt_daily_counters_pk", ["store_id", "athens_day"])
        .execute();

      await db.schema
        .createTable("receipts")
        .addColumn("id", "integer", generatedId)
        .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
        .addColumn("opening_id", "integer", (c) => c.notNull().references("table_openings.id"))
        .addColumn("kind", "text", oneOf("kind", RECEIPT_KINDS))
        .addColumn("athens_day", "text", notNull)
        .addColumn("number", "integer", (c) => c.notNull().check(sql`number > 0`))
        .addColumn("language", "text", notNull)
        .addColumn("snapshot", "text", notNull)
        .addColumn("staff_id", "integer")
        .addColumn("created_at", "text", notNull)
        .addUniqueConstraint("receipts_number_unique", ["store_id", "athens_day", "number"])
        .execute();
      await db.schema.createIndex("receipts_opening").on("receipts").column("opening_id").execute();
    },
  };
}
