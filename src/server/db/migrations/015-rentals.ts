/**
 * Migration 015: rentals (rentals.ts in the domain).
 * - items.rental_unit / rental_max_units: a rentable item's price is per day or per hour, for at
 *   most that many started units; both null for every other item.
 * - order_lines.rental_pick_up_at / rental_return_at (ISO 8601 instants, as every instant here),
 *   rental_units and rental_unit: the dates the guest picked and the started units the line was
 *   priced for, kept as ordered; all null on other lines.
 */
import { type Kysely, type Migration, sql } from "kysely";

/** A frozen copy of the units as they were when this migration was written. */
const UNITS = ["day", "hour"] as const;

export function rentalsSchema(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
    async up(db: Kysely<any>) {
      const unitCheck = (column: string) =>
        sql`${sql.ref(column)} is null or ${sql.ref(column)} in (${sql.join(UNITS.map((unit) => sql.lit(unit)))})`;
      await db.schema
        .alterTable("items")
        .addColumn("rental_unit", "text", (c) => c.check(unitCheck("rental_unit")))
        .execute();
      await db.schema
        .alterTable("items")
        .addColumn("rental_max_units", "integer", (c) =>
          c.check(sql`rental_max_units is null or rental_max_units >= 1`),
        )
        .execute();
      await db.schema.alterTable("order_lines").addColumn("rental_pick_up_at", "text").execute();
      await db.schema.alterTable("order_lines").addColumn("rental_return_at", "text").execute();
      await db.schema
        .alterTable("order_lines")
        .addColumn("rental_units", "integer", (c) => c.check(sql`rental_units is null or rental_units >= 1`))
        .execute();
      await db.schema
        .alterTable("order_lines")
        .addColumn("rental_unit", "text", (c) => c.check(unitCheck("rental_unit")))
        .execute();
    },
  };
}
