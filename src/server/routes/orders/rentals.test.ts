/**
 * Rentals at placement (spec §5 V22, §8 E24): the server checks a rental line's dates again and
 * prices it as the rate times the started days, with the domain's own rule (rentals.ts).
 * Clock: 2026-07-01T09:00Z = 12:00 in Athens; the fixture's beach bar is open 09:00-02:00, and its
 * "Two beers" item is made rentable per day, for at most 3 days, at 9.00 a day.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SessionResponse } from "../../../domain/auth-api";
import type { OrderDto, PlaceOrderLine, PlaceOrderRequest } from "../../../domain/orders-api";
import { bumpCatalogueVersion } from "../../db/repositories/orders.repository";
import { authHeaders, greekMobile, type SignedInGuest, signInGuest } from "../../test-support/accounts";
import { testClock } from "../../test-support/clock";
import { FIXTURE, postOrder, testOrderRequest } from "../../test-support/orders";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const START = "2026-07-01T09:00:00.000Z";
const ctx = setUpTestDatabase();
const clock = testClock(START);
const server = setUpTestApp(() => ctx.db, { now: clock.now });
const RENTED = FIXTURE.twoBeers;

let guest: SignedInGuest;
let phoneNumber = 40;

beforeAll(async () => {
  await importFixture(ctx.db);
  await ctx.db.updateTable("items").set({ rental_unit: "day", rental_max_units: 3 }).where("id", "=", RENTED).execute();
  await bumpCatalogueVersion(ctx.db, FIXTURE.storeId);
});

beforeEach(async () => {
  clock.set(START);
  guest = await signInGuest(server.app, ctx.db, greekMobile(phoneNumber++));
});

const rentalLine = (rental?: PlaceOrderLine["rental"], itemId: number = RENTED): PlaceOrderLine => ({
  itemId,
  quantity: 1,
  kilos: null,
  comment: "",
  selection: {},
  ...(rental === undefined ? {} : { rental }),
});
const period = (pickUpAt: string, returnAt: string) => ({ pickUpAt, returnAt });
const request = (line: PlaceOrderLine, expectedTotalCents = 1800): PlaceOrderRequest =>
  testOrderRequest({ lines: [line], expectedTotalCents });

async function counts() {
  const count = async (table: "orders" | "order_lines") =>
    Number(
      (
        await ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { orders: await count("orders"), lines: await count("order_lines") };
}

async function expectRefused(body: PlaceOrderRequest, code: string): Promise<string> {
  const before = await counts();
  const response = await postOrder(server.app, guest, body);
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toMatchObject({ code });
  expect(await counts()).toEqual(before);
  return response.json<{ message: string }>().message;
}

describe("rental dates at placement (spec §5 V22: return date required and after pick-up date)", () => {
  it("spec §8 E24: a return before the pick-up → 400 ENDING_DATE_MUST_BE_AFTER_PICK_UP_DATE, nothing stored", async () => {
    await expectRefused(
      request(rentalLine(period("2026-07-03T10:00:00Z", "2026-07-01T10:00:00Z"))),
      "ENDING_DATE_MUST_BE_AFTER_PICK_UP_DATE",
    );
  });

  it("spec §8 E24: a return equal to the pick-up → 400 ENDING_DATE_MUST_BE_AFTER_PICK_UP_DATE", async () => {
    await expectRefused(
      request(rentalLine(period("2026-07-01T10:00:00Z", "2026-07-01T10:00:00Z"))),
      "ENDING_DATE_MUST_BE_AFTER_PICK_UP_DATE",
    );
  });

  it("spec §5 V22: a rentable item without its dates → 400 INVALID_RENTAL_PERIOD", async () => {
    const message = await expectRefused(request(rentalLine()), "INVALID_RENTAL_PERIOD");
    expect(message).toContain("pick-up and return");
  });

  it("dates on an item that is not rented → 400 INVALID_RENTAL_PERIOD", async () => {
    const line = rentalLine(period("2026-07-01T10:00:00Z", "2026-07-02T10:00:00Z"), FIXTURE.greekCoffee);
    await expectRefused(request(line, 250), "INVALID_RENTAL_PERIOD");
  });

  it("a span over the item's most days (4 started days of 3) → 400 INVALID_RENTAL_PERIOD", async () => {
    const message = await expectRefused(
      request(rentalLine(period("2026-07-01T10:00:00Z", "2026-07-04T10:01:00Z")), 3600),
      "INVALID_RENTAL_PERIOD",
    );
    expect(message).toContain("3 days");
  });

  it("a pick-up in the past → 400 INVALID_RENTAL_PERIOD", async () => {
    await expectRefused(
      request(rentalLine(period("2026-07-01T08:00:00Z", "2026-07-02T08:00:00Z"))),
      "INVALID_RENTAL_PERIOD",
    );
  });

  it("a pick-up or return outside the service's hours (03:00 Athens, closed 02:00-09:00) → 400 INVALID_RENTAL_PERIOD", async () => {
    await expectRefused(
      request(rentalLine(period("2026-07-02T00:00:00Z", "2026-07-02T10:00:00Z"))),
      "INVALID_RENTAL_PERIOD",
    );
    await expectRefused(
      request(rentalLine(period("2026-07-01T10:00:00Z", "2026-07-02T00:00:00Z"))),
      "INVALID_RENTAL_PERIOD",
    );
  });

  it("spec §5 V22: valid dates → 201 priced as the rate times the started days; the order and its read show the dates", async () => {
    const response = await postOrder(
      server.app,
      guest,
      request(rentalLine(period("2026-07-01T13:00:00+03:00", "2026-07-03T13:00:00+03:00"))),
    );
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json<OrderDto>();
    expect(order.totals.totalCents).toBe(1800);
    expect(order.lines[0]).toMatchObject({
      unitPriceCents: 900,
      totalCents: 1800,
      rental: { pickUpAt: "2026-07-01T10:00:00Z", returnAt: "2026-07-03T10:00:00Z", units: 2, unit: "day" },
    });
    const read = await server.app.inject({
      method: "GET",
      url: `/api/orders/${order.id}`,
      headers: { authToken: guest.authToken, jwt: guest.jwt },
    });
    expect(read.body).toBe(response.body);
    const stored = await ctx.db
      .selectFrom("order_lines")
      .select(["rental_pick_up_at", "rental_return_at", "rental_units", "rental_unit"])
      .where("order_id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      rental_pick_up_at: "2026-07-01T10:00:00Z",
      rental_return_at: "2026-07-03T10:00:00Z",
      rental_units: 2,
      rental_unit: "day",
    });
  });

  it("spec §5 V22: the accepted rental's table line carries its dates, as the bill and receipts show them", async () => {
    const placed = await postOrder(
      server.app,
      guest,
      request(rentalLine(period("2026-07-01T10:00:00Z", "2026-07-03T10:00:00Z"))),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json<OrderDto>().id;
    const pin = await server.app.inject({ method: "POST", url: "/api/authenticate/login/pin?pin=1357&storeId=1" });
    const staff = pin.json<SessionResponse>();
    const accepted = await server.app.inject({
      method: "POST",
      url: `/api/staff/orders/${orderId}/accept`,
      headers: {
        ...authHeaders({ authToken: staff.authToken.token, jwt: staff.jwt }),
        "idempotency-key": randomUUID(),
      },
      payload: {},
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const line = await ctx.db
      .selectFrom("table_opening_lines")
      .select("options")
      .where("order_id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(line.options)).toEqual([
      {
        GRE: { name: "Παραλαβή 01/07 13:00 – Επιστροφή 03/07 13:00 (2 ημέρες)" },
        ENG: { name: "Pick-up 01/07 13:00 – Return 03/07 13:00 (2 days)" },
      },
    ]);
  });

  it("a total the app computed without the days is refused as a changed price (the server counts the days)", async () => {
    const line = rentalLine(period("2026-07-01T10:00:00Z", "2026-07-03T10:00:00Z"));
    const response = await postOrder(server.app, guest, request(line, 900));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "PRICE_CHANGED" });
  });

  it("spec §8 E24: the OpenAPI document names ENDING_DATE_MUST_BE_AFTER_PICK_UP_DATE among order placement's answers", async () => {
    const doc = (await server.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const answers = JSON.stringify(doc.paths["/api/orders"].post.responses);
    expect(answers).toContain("ENDING_DATE_MUST_BE_AFTER_PICK_UP_DATE");
    expect(answers).toContain("INVALID_RENTAL_PERIOD");
  });
});
