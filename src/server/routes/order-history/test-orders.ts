/**
 * Test-only: an order row of a fixture venue (test-fixtures/venue.ts, imported with importFixture)
 * in a given status, written straight to the tables. History and review tests need orders in every status
 * (rejected, timed out, payment failed) without driving placement and staff calls for each.
 */
import type { Kysely } from "kysely";
import type { OrderStatus } from "../../../domain/orders-api";
import { toJsonText } from "../../db/columns";
import type { Database } from "../../db/schema";

export interface TestVenue {
  storeId: number;
  serviceId: number;
  spotId: number;
  itemId: number;
}

/** sampleVenue(): store 1, its beach bar, Table 1, the freddo. */
export const FIXTURE_STORE: TestVenue = { storeId: 1, serviceId: 10, spotId: 200, itemId: 1000 };

/** sampleVenue({ storeId: 2, idOffset: 10_000 }): a second store. */
export const SECOND_STORE: TestVenue = { storeId: 2, serviceId: 10_010, spotId: 10_200, itemId: 11_000 };

let nextDailyNumber = 1;

export async function insertTestOrder(
  db: Kysely<Database>,
  userId: number,
  status: OrderStatus,
  createdAt = new Date().toISOString(),
  venue: TestVenue = FIXTURE_STORE,
): Promise<number> {
  const dailyNumber = nextDailyNumber++;
  const { id } = await db
    .insertInto("orders")
    .values({
      store_id: venue.storeId,
      service_id: venue.serviceId,
      spot_id: venue.spotId,
      selected_table_id: null,
      charging_room_id: null,
      user_id: userId,
      status,
      athens_day: createdAt.slice(0, 10),
      daily_number: dailyNumber,
      scheduled_for: null,
      comment: "",
      language: "ENG",
      payment_type: "CASH",
      delivery_info: null,
      subtotal_cents: 600,
      happy_hour_savings_cents: 0,
      room_charge_cents: 0,
      delivery_discount_cents: 0,
      total_cents: 600,
      error_message: null,
      acceptance_deadline: null,
      decided_at: null,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("order_lines")
    .values({
      order_id: id,
      position: 0,
      item_id: venue.itemId,
      names: toJsonText({ GRE: { name: "Freddo espresso" }, ENG: { name: "Freddo espresso" } }),
      quantity: 2,
      grams: null,
      comment: "",
      options: toJsonText([]),
      unit_price_cents: 300,
      options_unit_price_cents: 0,
      total_cents: 600,
    })
    .execute();
  return id;
}
