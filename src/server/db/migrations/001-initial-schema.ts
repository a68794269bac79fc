/**
 * Migration 001: the catalogue of spec §3 (stores, services, spots, categories, items,
 * subselection groups and options), staff, users and the message outbox.
 *
 * The same DDL runs on SQLite and PostgreSQL. Where they differ it says so:
 * - `boolean` is a real type on PostgreSQL; on SQLite it is a name with numeric affinity that
 *   stores 0/1 (see ../columns.ts).
 * - generated ids: identity columns on PostgreSQL, AUTOINCREMENT on SQLite (never reuses an id).
 * Migrations take Kysely<any> on purpose (Kysely's advice): they must not depend on the
 * current schema types, which describe the state after the last migration.
 */
import { type ColumnDefinitionBuilder, type Kysely, type Migration, sql } from "kysely";
import { SPOT_TYPES } from "../../../domain/spots";
import type { DialectName } from "../schema";

type ColumnSpec = (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

const notNull: ColumnSpec = (c) => c.notNull();
const falseByDefault: ColumnSpec = (c) => c.notNull().defaultTo(false);
const nonNegative =
  (column: string): ColumnSpec =>
  (c) =>
    c.notNull().check(sql`${sql.ref(column)} >= 0`);
const nullableNonNegative =
  (column: string): ColumnSpec =>
  (c) =>
    c.check(sql`${sql.ref(column)} is null or ${sql.ref(column)} >= 0`);
const oneOf =
  (column: string, values: readonly string[]): ColumnSpec =>
  (c) =>
    c.notNull().check(sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`);

export function initialSchema(dialect: DialectName): Migration {
  const generatedId: ColumnSpec =
    dialect === "postgres"
      ? (c) => c.primaryKey().generatedByDefaultAsIdentity()
      : (c) => c.primaryKey().autoIncrement();

  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("stores")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("names", "text", notNull)
        .addColumn("is_hotel", "boolean", falseByDefault)
        .addColumn("read_only", "boolean", falseByDefault)
        .addColumn("interactive_catalogue", "boolean", falseByDefault)
        .addColumn("extra_languages", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("add_button_wording", "text", oneOf("add_button_wording", ["cart", "order"]))
        .addColumn("contact", "text", notNull)
        .addColumn("catalogue_version", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("created_at", "text", notNull)
        .addColumn("updated_at", "text", notNull)
        .execute();

      await db.schema
        .createTable("services")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
        .addColumn("slug", "text", notNull)
        .addColumn("names", "text", notNull)
        .addColumn("type", "text", notNull)
        .addColumn("photo", "text")
        .addColumn("available_at", "text", notNull)
        .addColumn("hours_start", "text")
        .addColumn("hours_end", "text")
        .addColumn("scheduled_orders_enabled", "boolean", falseByDefault)
        .addColumn("scheduled_orders_start", "text")
        .addColumn("scheduled_orders_end", "text")
        .addColumn("membership_enabled", "boolean", falseByDefault)
        .addColumn("membership_info_shown", "boolean", falseByDefault)
        .addColumn("membership_prices_visible", "boolean", falseByDefault)
        .addColumn("delayed_response", "boolean", falseByDefault)
        .addColumn("hide_photos_of_items", "boolean", falseByDefault)
        .addColumn("max_items_per_order", "integer", nonNegative("max_items_per_order"))
        .addColumn("room_service_charge_percentage", "integer", nonNegative("room_service_charge_percentage"))
        .addColumn("happy_hour_discount_percentage", "integer")
        .addColumn("happy_hour_start", "text")
        .addColumn("happy_hour_end", "text")
        .addColumn("delivery_discount_percentage", "integer")
        .addColumn("delivery_discount_minimum_cents", "integer", nullableNonNegative("delivery_discount_minimum_cents"))
        .addColumn("minimum_order_cents", "integer", nonNegative("minimum_order_cents"))
        .addColumn("position", "integer", notNull)
        .addUniqueConstraint("services_store_slug_unique", ["store_id", "slug"])
        .execute();

      await db.schema
        .createTable("spots")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
        .addColumn("name", "text", notNull)
        .addColumn("type", "text", oneOf("type", SPOT_TYPES))
        .addColumn("capacity", "integer", nonNegative("capacity"))
        .addColumn("section", "text", notNull)
        .addColumn("is_pda", "boolean", falseByDefault)
        .addColumn("position", "integer", notNull)
        .execute();

      await db.schema
        .createTable("categories")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
        .addColumn("service_id", "integer", (c) => c.notNull().references("services.id"))
        .addColumn("names", "text", notNull)
        .addColumn("max_products_per_cart", "integer")
        .addColumn("position", "integer", notNull)
        .execute();

      await db.schema
        .createTable("items")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
        .addColumn("service_id", "integer", (c) => c.notNull().references("services.id"))
        .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id"))
        .addColumn("names", "text", notNull)
        .addColumn("photo", "text")
        .addColumn("price_cents", "integer", nonNegative("price_cents"))
        .addColumn("membership_price_cents", "integer", nullableNonNegative("membership_price_cents"))
        .addColumn("member_price_enabled", "boolean", falseByDefault)
        .addColumn("membership_addition_cents", "integer", nullableNonNegative("membership_addition_cents"))
        .addColumn("measurable", "boolean", (c) => c.notNull().defaultTo(true))
        .addColumn("per_kg", "boolean", falseByDefault)
        .addColumn("priceable", "boolean", (c) => c.notNull().defaultTo(true))
        .addColumn("request", "boolean", falseByDefault)
        .addColumn("stock_enabled", "boolean", falseByDefault)
        .addColumn("stock_aligned_to_cart_addition", "boolean", falseByDefault)
        .addColumn("stock_amount", "integer", nullableNonNegative("stock_amount"))
        .addColumn("position", "integer", notNull)
        .execute();

      await db.schema
        .createTable("subselection_groups")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
        .addColumn("item_id", "integer", (c) => c.notNull().references("items.id"))
        .addColumn("names", "text", notNull)
        .addColumn("type", "text", oneOf("type", ["RADIO_BUTTON", "CHECKBOX"]))
        .addColumn("mandatory", "boolean", falseByDefault)
        .addColumn("maximum_selected", "integer")
        .addColumn("price_aggregated", "boolean", falseByDefault)
        .addColumn("position", "integer", notNull)
        .execute();

      await db.schema
        .createTable("subselection_options")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
        .addColumn("group_id", "integer", (c) => c.notNull().references("subselection_groups.id"))
        .addColumn("names", "text", notNull)
        .addColumn("price_cents", "integer", nonNegative("price_cents"))
        .addColumn("is_selected", "boolean", falseByDefault)
        .addColumn("position", "integer", notNull)
        .execute();

      await db.schema
        .createTable("staff")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
        .addColumn("name", "text", notNull)
        .addColumn("role", "text", oneOf("role", ["WAITER", "ADMIN"]))
        .addColumn("pin_hash", "text", notNull)
        .execute();

      await db.schema
        .createTable("users")
        .addColumn("id", "integer", generatedId)
        .addColumn("phone", "text", notNull)
        .addColumn("country_iso2", "text", notNull)
        .addColumn("name", "text")
        .addColumn("email", "text")
        .addColumn("verified", "boolean", falseByDefault)
        .addColumn("opted_in_for_newsletter", "boolean", falseByDefault)
        .addColumn("created_at", "text", notNull)
        .addColumn("deleted_at", "text")
        .execute();

      await db.schema
        .createTable("outbox")
        .addColumn("id", "integer", generatedId)
        .addColumn("channel", "text", oneOf("channel", ["sms", "call", "email"]))
        .addColumn("recipient", "text", notNull)
        .addColumn("subject", "text")
        .addColumn("body", "text", notNull)
        .addColumn("store_id", "integer", (c) => c.references("stores.id"))
        .addColumn("created_at", "text", notNull)
        .execute();

      // Lookups the API makes, and the per-store deletes of an import.
      const indexes: Array<[name: string, table: string, columns: string[]]> = [
        ["services_store_position", "services", ["store_id", "position"]],
        ["spots_store", "spots", ["store_id"]],
        ["categories_service_position", "categories", ["service_id", "position"]],
        ["categories_store", "categories", ["store_id"]],
        ["items_service_position", "items", ["service_id", "position"]],
        ["items_category", "items", ["category_id"]],
        ["items_store", "items", ["store_id"]],
        ["subselection_groups_item", "subselection_groups", ["item_id", "position"]],
        ["subselection_groups_store", "subselection_groups", ["store_id"]],
        ["subselection_options_group", "subselection_options", ["group_id", "position"]],
        ["subselection_options_store", "subselection_options", ["store_id"]],
        ["staff_store", "staff", ["store_id"]],
        ["outbox_created_at", "outbox", ["created_at"]],
      ];
      for (const [name, table, columns] of indexes) {
        await db.schema.createIndex(name).on(table).columns(columns).execute();
      }
      // One live account per phone number; deleted accounts keep their rows (partial index).
      await db.schema
        .createIndex("users_phone_live_unique")
        .on("users")
        .columns(["country_iso2", "phone"])
        .unique()
        .where(sql.ref("deleted_at"), "is", null)
        .execute();
    },

    // biome-ignore lint/suspicious/noExplicitAny: see up()
    async down(db: Kysely<any>) {
      for (const table of [
        "outbox",
        "users",
        "staff",
        "subselection_options",
        "subselection_groups",
        "items",
        "categories",
        "spots",
        "services",
        "stores",
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
