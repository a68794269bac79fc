/**
 * Test-only: an order row of a fixture venue (test-fixtures/venue.ts, imported with importFixture)
 * in a given status, written straight to the tables. History and review tests need orders in every status
 * (rejected, timed out, payment failed) without driving placement and staff calls for each.
 */
import type { Kysely } from "kysely";
import type { OrderStatus } from "../../../domain/orders-api";
import { toJsonText } from "../../db/columns";
import type { Database } from "../../db/schema";
import { insertOrderLineRow, insertOrderRow } from "../../test-support/order-rows";

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

export async function insertTestOrder(
  db: Kysely<Database>,
  userId: number,
  status: OrderStatus,
  createdAt = new Date().toISOString(),
  venue: TestVenue = FIXTURE_STORE,
): Promise<number> {
  const id = await insertOrderRow(db, {
    user_id: userId,
    store_id: venue.storeId,
    service_id: venue.serviceId,
    spot_id: venue.spotId,
    status,
    subtotal_cents: 600,
    created_at: createdAt,
  });
  await insertOrderLineRow(db, {
    order_id: id,
    item_id: venue.itemId,
    names: toJsonText({ GRE: { name: "Freddo espresso" }, ENG: { name: "Freddo espresso" } }),
    quantity: 2,
    unit_price_cents: 300,
  });
  return id;
}
