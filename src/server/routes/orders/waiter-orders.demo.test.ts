/**
 * The waiter's PDA on the demo venues (SQLite and PostgreSQL): Νίκος (PIN 2580) on
 * the beach hotel's PDA spot 7499 orders for restaurant table 7401 and the order needs no
 * acceptance although the restaurant is a delayed-response service; the city café's waiter (store
 * 132, PIN 1324) ordering at store 7 is refused and nothing changes; a table of another store is
 * no table to order for.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { OrderDto, PlaceOrderRequest } from "../../../domain/orders-api";
import type { OpenOpenings } from "../../../domain/table-openings-api";
import { DEMO_VENUES_DIR, PUBLIC_IMAGES_DIR } from "../../paths";
import { signInStaff } from "../../realtime/test-orders";
import { authHeaders } from "../../test-support/accounts";
import { testClock } from "../../test-support/clock";
import { postOrder } from "../../test-support/orders";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";
import { importDemoVenuesIfEmpty } from "../../venue/demo-venues";

const ctx = setUpTestDatabase();
// 14:00 in Athens: inside the restaurant's 12:30-23:00.
const clock = testClock("2026-07-15T11:00:00.000Z");
const server = setUpTestApp(() => ctx.db, { now: clock.now });

const HOTEL = { storeId: 7, pda: 7499, restaurant: 7003, table: 7401 };
const CAFE = { storeId: 132, table: 13401 };
/** Tzatziki, 6,00 €, no options. */
const TZATZIKI = { itemId: 71501, cents: 600 };
/** Νίκος Παπαδόπουλος, the hotel's waiter (venue file staff id). */
const NIKOS = 7901;

type Session = { userId: number; authToken: string; jwt: string };
let nikos: Session;
let cafeWaiter: Session;

beforeAll(async () => {
  await importDemoVenuesIfEmpty(ctx.db, DEMO_VENUES_DIR, { imagesDir: PUBLIC_IMAGES_DIR });
  nikos = await signInStaff(server.app, HOTEL.storeId, "2580");
  cafeWaiter = await signInStaff(server.app, CAFE.storeId, "1324");
});

function tzatzikiFor(selectedTableId: number): PlaceOrderRequest {
  return {
    serviceId: HOTEL.restaurant,
    tableId: HOTEL.pda,
    lines: [{ itemId: TZATZIKI.itemId, quantity: 1, kilos: null, comment: "", selection: {} }],
    comment: "",
    expectedTotalCents: TZATZIKI.cents,
    scheduledFor: null,
    payment: { type: "CASH" },
    selectedTableId,
    deliveryInfo: null,
    location: null,
    language: "GRE",
  };
}

async function tableOwes(): Promise<number | null> {
  const response = await server.app.inject({
    method: "GET",
    url: "/api/staff/openings?kind=tables",
    headers: authHeaders(nikos),
  });
  const { openings } = response.json<OpenOpenings>();
  return openings.find((o) => o.spot.id === HOTEL.table)?.amounts.remainingCents ?? null;
}

async function counts() {
  const n = async (table: "orders" | "table_openings" | "table_opening_lines") =>
    Number(
      (
        await ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { orders: await n("orders"), openings: await n("table_openings"), lines: await n("table_opening_lines") };
}

describe("the waiter's PDA on the demo hotel", () => {
  it("store 132's waiter ordering on store 7's PDA for table 7401 → 403, nothing changes", async () => {
    const before = await counts();
    const response = await postOrder(server.app, cafeWaiter, tzatzikiFor(HOTEL.table));
    expect(response.statusCode, response.body).toBe(403);
    expect(await counts()).toEqual(before);
    expect(await tableOwes()).toBeNull();
  });

  it("Νίκος on PDA 7499 orders for table 7401: ACCEPTED at once (no review), placed by him, the table owes it", async () => {
    const response = await postOrder(server.app, nikos, tzatzikiFor(HOTEL.table));
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json<OrderDto>();
    expect(order).toMatchObject({ status: "ACCEPTED", selectedTableName: "Τραπέζι 1", totals: { totalCents: 600 } });
    const row = await ctx.db
      .selectFrom("orders")
      .select("placed_by_staff_id")
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(row.placed_by_staff_id).toBe(NIKOS);
    expect(await tableOwes()).toBe(TZATZIKI.cents);
  });

  it("a table of store 132 is no table of store 7 → 422 TABLE_SELECTION_REQUIRED, nothing written", async () => {
    const before = await counts();
    const response = await postOrder(server.app, nikos, tzatzikiFor(CAFE.table));
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ code: "TABLE_SELECTION_REQUIRED" });
    expect(await counts()).toEqual(before);
  });
});
