/**
 * Test-only: orders and order_lines rows written straight to the tables, for tests (and the fan-out
 * bench) that need an order to exist without driving placement. The caller names the order's guest
 * and venue; every other column gets a plain default it may override. No vitest import: the
 * fan-out bench uses these too.
 */
import type { Kysely } from "kysely";
import { toJsonText } from "../db/columns";
import type { Database } from "../db/schema";
import type { NewOrderLineRow, NewOrderRow } from "../db/tables/orders.tables";
import { athensDayText } from "../orders/athens-clock";

let lastDailyNumber = 0;

/**
 * A daily number no other row inserted here has: one counter for every store and day keeps
 * (store_id, athens_day, daily_number) unique without reading the daily counters placement uses.
 */
export function nextTestDailyNumber(): number {
  lastDailyNumber += 1;
  return lastDailyNumber;
}

export type OrderRowValues = Pick<NewOrderRow, "user_id" | "store_id" | "service_id" | "spot_id"> &
  Partial<NewOrderRow>;

/**
 * Inserts an orders row and returns its id. Defaults: a waiting cash order in English, created now,
 * on the Athens day of created_at, 350 cents with no discounts (total_cents follows subtotal_cents),
 * no deadline.
 */
export async function insertOrderRow(db: Kysely<Database>, row: OrderRowValues): Promise<number> {
  const createdAt = row.created_at ?? new Date().toISOString();
  const subtotalCents = row.subtotal_cents ?? 350;
  const { id } = await db
    .insertInto("orders")
    .values({
      selected_table_id: null,
      charging_room_id: null,
      status: "WAITING_FOR_ACCEPTANCE",
      athens_day: athensDayText(new Date(createdAt)),
      daily_number: row.daily_number ?? nextTestDailyNumber(),
      scheduled_for: null,
      comment: "",
      language: "ENG",
      payment_type: "CASH",
      delivery_info: null,
      subtotal_cents: subtotalCents,
      happy_hour_savings_cents: 0,
      room_charge_cents: 0,
      delivery_discount_cents: 0,
      total_cents: subtotalCents,
      error_message: null,
      acceptance_deadline: null,
      decided_at: null,
      created_at: createdAt,
      updated_at: createdAt,
      ...definedOnly(row),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export type OrderLineRowValues = Pick<NewOrderLineRow, "order_id" | "item_id"> & Partial<NewOrderLineRow>;

/**
 * Inserts an order_lines row. Defaults: the first line, one of a 350-cent item without options or
 * comment; total_cents is quantity × (unit + options unit price) unless given.
 */
export async function insertOrderLineRow(db: Kysely<Database>, line: OrderLineRowValues): Promise<void> {
  const quantity = line.quantity ?? 1;
  const unitPriceCents = line.unit_price_cents ?? 350;
  const optionsUnitPriceCents = line.options_unit_price_cents ?? 0;
  await db
    .insertInto("order_lines")
    .values({
      position: 0,
      names: toJsonText({ GRE: { name: "Test item" }, ENG: { name: "Test item" } }),
      grams: null,
      comment: "",
      options: toJsonText([]),
      total_cents: quantity * (unitPriceCents + optionsUnitPriceCents),
      ...definedOnly(line),
      quantity,
      unit_price_cents: unitPriceCents,
      options_unit_price_cents: optionsUnitPriceCents,
    })
    .execute();
}

/** An override given as undefined keeps the default rather than sending no value for a NOT NULL column. */
function definedOnly<Values extends object>(values: Values): Values {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Values;
}
