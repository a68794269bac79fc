/**
 * Migration 003: orders. Store settings for taking orders, the orders and their
 * lines as priced by the server, the idempotency records of placement, the daily order numbers,
 * the sandbox payment provider's own records, card payments, and reviews.
 *
 * Orders keep no personal data of the guest beyond the user id (account deletion keeps the row and
 * blanks the person); the delivery address is the one exception the delivery needs, and account
 * deletion blanks it too. Card data: only the provider's token, the brand and the last four digits.
 */
import {
  type ColumnDefinitionBuilder,
  type ForeignKeyConstraintBuilder,
  type Kysely,
  type Migration,
  sql,
} from "kysely";
import type { DialectName } from "../schema";

type ColumnSpec = (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

const notNull: ColumnSpec = (c) => c.notNull();
const falseByDefault: ColumnSpec = (c) => c.notNull().defaultTo(false);
const oneOf =
  (column: string, values: readonly string[]): ColumnSpec =>
  (c) =>
    c.notNull().check(sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`);
/**
 * References to catalogue rows (services, spots, items) are checked at commit (DEFERRABLE
 * INITIALLY DEFERRED): a venue import replaces a store's catalogue by deleting its rows and
 * inserting them again with the same ids in one transaction, which must work while orders refer
 * to them; an import that drops a row some order refers to is still refused.
 */
const deferred = (constraint: ForeignKeyConstraintBuilder) => constraint.deferrable().initiallyDeferred();
const nonNegative =
  (column: string): ColumnSpec =>
  (c) =>
    c.notNull().check(sql`${sql.ref(column)} >= 0`);

/** Frozen copies of the domain lists as they were when this migration was written. */
const ORDER_STATUSES = [
  "WAITING_FOR_ACCEPTANCE",
  "UNDER_REVIEW",
  "ACCEPTED",
  "REJECTED",
  "TIMED_OUT",
  "PAYMENT_FAILED",
] as const;
const PAYMENT_TYPES = ["CASH", "CARD", "CHARGE_TO_ROOM"] as const;
const PAYMENT_STATES = ["AUTHORIZED", "DECLINED", "CAPTURED", "VOIDED"] as const;
const REQUEST_STATES = ["IN_FLIGHT", "DONE"] as const;

export function ordersSchema(dialect: DialectName): Migration {
  const generatedId: ColumnSpec =
    dialect === "postgres"
      ? (c) => c.primaryKey().generatedByDefaultAsIdentity()
      : (c) => c.primaryKey().autoIncrement();
  const real = dialect === "postgres" ? "double precision" : "real";

  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
    async up(db: Kysely<any>) {
      const storeColumns: Array<[string, string, ColumnSpec]> = [
        [
          "order_acceptance_minutes",
          "integer",
          (c) => c.notNull().defaultTo(10).check(sql`order_acceptance_minutes > 0`),
        ],
        ["max_orders_per_spot_per_day", "integer", (c) => c.check(sql`max_orders_per_spot_per_day > 0`)],
        ["card_payments_enabled", "boolean", (c) => c.notNull().defaultTo(true)],
        ["charge_to_room_enabled", "boolean", falseByDefault],
        ["location_latitude", real, (c) => c],
        ["location_longitude", real, (c) => c],
        ["location_radius_meters", "integer", (c) => c.check(sql`location_radius_meters > 0`)],
      ];
      for (const [name, type, spec] of storeColumns) {
        await db.schema.alterTable("stores").addColumn(name, sql.raw(type), spec).execute();
      }

      await db.schema
        .createTable("orders")
        .addColumn("id", "integer", generatedId)
        .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
        .addColumn("service_id", "integer", notNull)
        .addColumn("spot_id", "integer", notNull)
        .addColumn("selected_table_id", "integer")
        .addColumn("charging_room_id", "integer")
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
        .addColumn("status", "text", oneOf("status", ORDER_STATUSES))
        .addColumn("athens_day", "text", notNull)
        .addColumn("daily_number", "integer", (c) => c.notNull().check(sql`daily_number > 0`))
        .addColumn("scheduled_for", "text")
        .addColumn("comment", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("language", "text", notNull)
        .addColumn("payment_type", "text", oneOf("payment_type", PAYMENT_TYPES))
        .addColumn("delivery_info", "text")
        .addColumn("subtotal_cents", "integer", nonNegative("subtotal_cents"))
        .addColumn("happy_hour_savings_cents", "integer", nonNegative("happy_hour_savings_cents"))
        .addColumn("room_charge_cents", "integer", nonNegative("room_charge_cents"))
        .addColumn("delivery_discount_cents", "integer", nonNegative("delivery_discount_cents"))
        .addColumn("total_cents", "integer", nonNegative("total_cents"))
        .addColumn("error_message", "text")
        .addColumn("acceptance_deadline", "text")
        .addColumn("decided_at", "text")
        .addColumn("created_at", "text", notNull)
        .addColumn("updated_at", "text", notNull)
        .addUniqueConstraint("orders_daily_number_unique", ["store_id", "athens_day", "daily_number"])
        .addForeignKeyConstraint("orders_service_fk", ["service_id"], "services", ["id"], deferred)
        .addForeignKeyConstraint("orders_spot_fk", ["spot_id"], "spots", ["id"], deferred)
        .addForeignKeyConstraint("orders_selected_table_fk", ["selected_table_id"], "spots", ["id"], deferred)
        .addForeignKeyConstraint("orders_charging_room_fk", ["charging_room_id"], "spots", ["id"], deferred)
        .execute();
      await db.schema.createIndex("orders_user").on("orders").columns(["user_id", "created_at"]).execute();
      await db.schema.createIndex("orders_store_status").on("orders").columns(["store_id", "status"]).execute();
      await db.schema.createIndex("orders_spot_day").on("orders").columns(["spot_id", "athens_day"]).execute();

      await db.schema
        .createTable("order_lines")
        .addColumn("id", "integer", generatedId)
        .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
        .addColumn("position", "integer", notNull)
        .addColumn("item_id", "integer", notNull)
        .addColumn("names", "text", notNull)
        .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity > 0`))
        .addColumn("grams", "integer", (c) => c.check(sql`grams is null or grams > 0`))
        .addColumn("comment", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("options", "text", notNull)
        .addColumn("unit_price_cents", "integer", nonNegative("unit_price_cents"))
        .addColumn("options_unit_price_cents", "integer", nonNegative("options_unit_price_cents"))
        .addColumn("total_cents", "integer", nonNegative("total_cents"))
        .addUniqueConstraint("order_lines_position_unique", ["order_id", "position"])
        .addForeignKeyConstraint("order_lines_item_fk", ["item_id"], "items", ["id"], deferred)
        .execute();

      await db.schema
        .createTable("order_daily_counters")
        .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
        .addColumn("athens_day", "text", notNull)
        .addColumn("last_number", "integer", notNull)
        .addPrimaryKeyConstraint("order_daily_counters_pk", ["store_id", "athens_day"])
        .execute();

      await db.schema
        .createTable("order_requests")
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
        .addColumn("idempotency_key", "text", notNull)
        .addColumn("request_hash", "text", notNull)
        .addColumn("state", "text", oneOf("state", REQUEST_STATES))
        .addColumn("response_status", "integer")
        .addColumn("response_body", "text")
        .addColumn("order_id", "integer", (c) => c.references("orders.id"))
        .addColumn("created_at", "text", notNull)
        .addColumn("expires_at", "text", notNull)
        .addPrimaryKeyConstraint("order_requests_pk", ["user_id", "idempotency_key"])
        .execute();
      await db.schema.createIndex("order_requests_expiry").on("order_requests").column("expires_at").execute();

      await db.schema
        .createTable("sandbox_cards")
        .addColumn("token", "text", (c) => c.primaryKey())
        .addColumn("brand", "text", notNull)
        .addColumn("last_four", "text", (c) => c.notNull().check(sql`length(last_four) = 4`))
        .addColumn("outcome", "text", oneOf("outcome", ["APPROVE", "DECLINE"]))
        .addColumn("created_at", "text", notNull)
        .execute();

      await db.schema
        .createTable("payments")
        .addColumn("id", "integer", generatedId)
        .addColumn("order_id", "integer", (c) => c.notNull().unique().references("orders.id"))
        .addColumn("provider", "text", notNull)
        .addColumn("provider_reference", "text")
        .addColumn("card_token", "text", notNull)
        .addColumn("brand", "text", notNull)
        .addColumn("last_four", "text", (c) => c.notNull().check(sql`length(last_four) = 4`))
        .addColumn("amount_cents", "integer", nonNegative("amount_cents"))
        .addColumn("state", "text", oneOf("state", PAYMENT_STATES))
        .addColumn("created_at", "text", notNull)
        .addColumn("updated_at", "text", notNull)
        .execute();

      await db.schema
        .createTable("reviews")
        .addColumn("id", "integer", generatedId)
        .addColumn("order_id", "integer", (c) => c.notNull().unique().references("orders.id"))
        .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
        .addColumn("rating", "integer", (c) => c.notNull().check(sql`rating between 1 and 5`))
        .addColumn("comment", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("created_at", "text", notNull)
        .execute();
      await db.schema.createIndex("reviews_store").on("reviews").columns(["store_id", "created_at"]).execute();
    },
  };
}
