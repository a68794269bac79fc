/**
 * Migration 013: kitchen and bar stations.
 * - stations: a store's preparation stations from its venue file (ids chosen by the venue, unique
 *   across stores like every catalogue id), with what each makes (routes) and its printer.
 * - tickets: one per accepted order and station, holding that station's lines (names, options,
 *   comment, quantity as ordered; ready and canceled per line). `version` is bumped by every change.
 * - printer_states: per station with a printer, since when it fails and why (the PDA's alert).
 * - stores.preparation_shown: the guests of the store see "being prepared / ready / on its way".
 * - orders.preparation: what the guest is told of an accepted order, from its tickets.
 */
import type { ColumnDefinitionBuilder, Kysely, Migration } from "kysely";
import { sql } from "kysely";
import type { DialectName } from "../schema";

type ColumnSpec = (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
const notNull: ColumnSpec = (c) => c.notNull();

/** Frozen copy of the domain's ticket states as they were when this migration was written. */
const TICKET_STATES = ["ACTIVE", "READY", "PICKED_UP", "CANCELED"] as const;

export function kitchenSchema(dialect: DialectName): Migration {
  const generatedId: ColumnSpec =
    dialect === "postgres"
      ? (c) => c.primaryKey().generatedByDefaultAsIdentity()
      : (c) => c.primaryKey().autoIncrement();
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("stores")
        .addColumn("preparation_shown", "boolean", (c) => c.notNull().defaultTo(false))
        .execute();
      await db.schema.alterTable("orders").addColumn("preparation", "text").execute();

      await db.schema
        .createTable("stations")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
        .addColumn("names", "text", notNull)
        .addColumn("routes", "text", notNull)
        .addColumn("display", "boolean", notNull)
        .addColumn("printer", "text")
        .addColumn("position", "integer", notNull)
        .execute();
      await db.schema.createIndex("stations_store").on("stations").column("store_id").execute();

      await db.schema
        .createTable("tickets")
        .addColumn("id", "integer", generatedId)
        .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
        .addColumn("station_id", "integer", notNull)
        .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
        .addColumn("state", "text", (c) =>
          c.notNull().check(sql`state in (${sql.join(TICKET_STATES.map((v) => sql.lit(v)))})`),
        )
        .addColumn("version", "integer", (c) => c.notNull().check(sql`version > 0`))
        .addColumn("lines", "text", notNull)
        .addColumn("changed", "boolean", notNull)
        .addColumn("created_at", "text", notNull)
        .addColumn("ready_at", "text")
        .addColumn("ready_by_staff_id", "integer")
        .addColumn("picked_up_at", "text")
        .addColumn("updated_at", "text", notNull)
        .execute();
      await db.schema
        .createIndex("tickets_station_state")
        .on("tickets")
        .columns(["station_id", "state", "id"])
        .execute();
      await db.schema.createIndex("tickets_store_state").on("tickets").columns(["store_id", "state"]).execute();
      await db.schema.createIndex("tickets_order").on("tickets").column("order_id").execute();

      await db.schema
        .createTable("printer_states")
        .addColumn("station_id", "integer", (c) => c.primaryKey())
        .addColumn("store_id", "integer", notNull)
        .addColumn("failing_since", "text")
        .addColumn("problem", "text")
        .addColumn("last_failed_at", "text")
        .addColumn("last_printed_at", "text")
        .execute();
    },
  };
}
