/**
 * Placement refuses what breaks a rule, with its code, and changes nothing;
 * it prices every order itself with the cart's functions (spec §9 prices, §3, §5).
 * Clock: 2026-07-01T09:00Z = 12:00 in Athens, the beach bar open (09:00-02:00), no happy hour.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SessionResponse } from "../../../domain/auth-api";
import type { OrderDto, PlaceOrderLine, PlaceOrderRequest } from "../../../domain/orders-api";
import { insertMembership } from "../../db/repositories/memberships.repository";
import { bumpCatalogueVersion } from "../../db/repositories/orders.repository";
import { greekMobile, type SignedInGuest, signInGuest } from "../../test-support/accounts";
import { DAY, testClock } from "../../test-support/clock";
import { FIXTURE, postOrder, setStoreOrderSettings, testOrderRequest } from "../../test-support/orders";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const START = "2026-07-01T09:00:00.000Z";
const ctx = setUpTestDatabase();
const clock = testClock(START);
const server = setUpTestApp(() => ctx.db, { now: clock.now });

let guest: SignedInGuest;
let rival: SignedInGuest;
let phoneNumber = 10;

beforeAll(async () => {
  await importFixture(ctx.db);
});

beforeEach(async () => {
  clock.set(START);
  await setStoreOrderSettings(ctx.db, FIXTURE.storeId, {
    maxOrdersPerSpotPerDay: null,
    chargeToRoom: false,
    cardPayments: true,
    location: null,
  });
  await ctx.db.updateTable("items").set({ stock_amount: 12 }).where("id", "=", FIXTURE.greekCoffee).execute();
  await bumpCatalogueVersion(ctx.db, FIXTURE.storeId); // as an import, or an order taking stock, does
  // A new guest per test: sessions and memberships of one test do not leak into the next.
  guest = await signInGuest(server.app, ctx.db, greekMobile(phoneNumber++));
  rival = await signInGuest(server.app, ctx.db, greekMobile(phoneNumber++));
});

const freddo = (
  quantity = 2,
  selection: PlaceOrderLine["selection"] = { [FIXTURE.sugarGroup]: [FIXTURE.noSugar] },
) => ({
  itemId: FIXTURE.freddo,
  quantity,
  kilos: null,
  comment: "",
  selection,
});
const item = (itemId: number, quantity = 1, kilos: number | null = null): PlaceOrderLine => ({
  itemId,
  quantity,
  kilos,
  comment: "",
  selection: {},
});

function request(overrides: Partial<PlaceOrderRequest>): PlaceOrderRequest {
  return testOrderRequest({ expectedTotalCents: 700, ...overrides });
}

/** What a refused placement must leave untouched. */
async function snapshot() {
  const count = async (table: "orders" | "order_lines" | "payments" | "order_daily_counters") =>
    Number(
      (
        await ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const counters = await ctx.db
    .selectFrom("order_daily_counters")
    .selectAll()
    .orderBy("store_id")
    .orderBy("athens_day")
    .execute();
  const stock = await ctx.db.selectFrom("items").select(["id", "stock_amount"]).orderBy("id").execute();
  const version = await ctx.db.selectFrom("stores").select("catalogue_version").executeTakeFirstOrThrow();
  return {
    orders: await count("orders"),
    lines: await count("order_lines"),
    payments: await count("payments"),
    counters,
    stock,
    version,
  };
}

async function expectRefused(
  body: PlaceOrderRequest,
  status: number,
  code: string,
  who: { authToken: string; jwt: string } = guest,
): Promise<void> {
  const before = await snapshot();
  const response = await postOrder(server.app, who, body);
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ code });
  expect(await snapshot()).toEqual(before);
}

async function place(body: PlaceOrderRequest, who: { authToken: string; jwt: string } = guest): Promise<OrderDto> {
  const response = await postOrder(server.app, who, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<OrderDto>();
}

describe("refusals change nothing (tampered price, closed service, broken limit, out of stock)", () => {
  it("closed inputs: a `selection` with a key that is no group id, nested deep, → 400 VALIDATION_FAILED", async () => {
    let deep: unknown = [1];
    for (let level = 0; level < 200; level += 1) deep = { nested: deep };
    const [line] = request({}).lines;
    const body = { ...request({}), lines: [{ ...line, selection: { nested: deep } }] };
    await expectRefused(body as unknown as PlaceOrderRequest, 400, "VALIDATION_FAILED");
  });

  it("design: the server never trusts a client price: a tampered total → 409 PRICE_CHANGED", async () => {
    await expectRefused(request({ expectedTotalCents: 1 }), 409, "PRICE_CHANGED");
  });

  it("§4 a closed service (03:00 in Athens, the bar opens 09:00) → 422 SERVICE_CLOSED", async () => {
    clock.set("2026-07-01T00:00:00.000Z");
    await expectRefused(request({}), 422, "SERVICE_CLOSED");
  });

  it("§1 a read-only store → 422 READ_ONLY_STORE", async () => {
    await ctx.db.updateTable("stores").set({ read_only: 1 }).where("id", "=", FIXTURE.storeId).execute();
    await bumpCatalogueVersion(ctx.db, FIXTURE.storeId); // as an import, or an order taking stock, does
    try {
      await expectRefused(request({}), 422, "READ_ONLY_STORE");
    } finally {
      await ctx.db.updateTable("stores").set({ read_only: 0 }).where("id", "=", FIXTURE.storeId).execute();
      await bumpCatalogueVersion(ctx.db, FIXTURE.storeId); // as an import, or an order taking stock, does
    }
  });

  it("§5 max items per order (20) → 422 MAX_ITEMS_PER_ORDER_EXCEEDED", async () => {
    await expectRefused(
      request({ lines: [freddo(21)], expectedTotalCents: 7350 }),
      422,
      "MAX_ITEMS_PER_ORDER_EXCEEDED",
    );
  });

  it("§5 max per category (Deals: 2) → 422 MAX_ITEMS_PER_CATEGORY_EXCEEDED", async () => {
    await expectRefused(
      request({ lines: [item(FIXTURE.twoBeers, 2), item(FIXTURE.twoBeers, 1)], expectedTotalCents: 2700 }),
      422,
      "MAX_ITEMS_PER_CATEGORY_EXCEEDED",
    );
  });

  it("§5 more than the stock → 409 OUT_OF_STOCK", async () => {
    await expectRefused(
      request({ lines: [item(FIXTURE.greekCoffee, 13)], expectedTotalCents: 3250 }),
      409,
      "OUT_OF_STOCK",
    );
  });

  it("§5 two guests racing for the last unit: exactly one gets it, stock ends at 0", async () => {
    await ctx.db.updateTable("items").set({ stock_amount: 1 }).where("id", "=", FIXTURE.greekCoffee).execute();
    await bumpCatalogueVersion(ctx.db, FIXTURE.storeId); // as an import, or an order taking stock, does
    const body = request({ lines: [freddo(1), item(FIXTURE.greekCoffee)], expectedTotalCents: 600 });
    const responses = await Promise.all([postOrder(server.app, guest, body), postOrder(server.app, rival, body)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(responses.find((r) => r.statusCode === 409)?.json()).toMatchObject({ code: "OUT_OF_STOCK" });
    const stock = await ctx.db
      .selectFrom("items")
      .select("stock_amount")
      .where("id", "=", FIXTURE.greekCoffee)
      .executeTakeFirstOrThrow();
    expect(stock.stock_amount).toBe(0);
  });

  it("taking stock bumps the store's catalogue version, so cached menus show the new amount", async () => {
    const before = await snapshot();
    await place(request({ lines: [freddo(1), item(FIXTURE.greekCoffee, 2)], expectedTotalCents: 850 }));
    const after = await snapshot();
    expect(after.version.catalogue_version).toBe(before.version.catalogue_version + 1);
    const menu = await server.app.inject({ method: "GET", url: `/api/services/${FIXTURE.beachBar}/menu` });
    const coffee = menu
      .json<{ items: { id: number; stockAmount: number | null }[] }>()
      .items.find((i) => i.id === FIXTURE.greekCoffee);
    expect(coffee?.stockAmount).toBe(10);
  });

  it("§4 an item of another service → 422 ITEM_NOT_AVAILABLE", async () => {
    await expectRefused(request({ lines: [item(FIXTURE.breakfast)] }), 422, "ITEM_NOT_AVAILABLE");
  });

  it("§4 options: another group's option → INVALID_OPTION; two radios → TOO_MANY_OPTIONS; mandatory empty → MANDATORY_OPTION_MISSING", async () => {
    await expectRefused(
      request({ lines: [freddo(2, { [FIXTURE.sugarGroup]: [FIXTURE.extraShot] })] }),
      422,
      "INVALID_OPTION",
    );
    await expectRefused(request({ lines: [freddo(2, { 999: [FIXTURE.noSugar] })] }), 422, "INVALID_OPTION");
    await expectRefused(
      request({ lines: [freddo(2, { [FIXTURE.sugarGroup]: [FIXTURE.noSugar, FIXTURE.noSugar + 1] })] }),
      422,
      "TOO_MANY_OPTIONS",
    );
    await expectRefused(
      request({
        lines: [
          freddo(2, {
            [FIXTURE.sugarGroup]: [FIXTURE.noSugar],
            [FIXTURE.extrasGroup]: [FIXTURE.extraShot, FIXTURE.oatMilk, FIXTURE.cinnamon],
          }),
        ],
      }),
      422,
      "TOO_MANY_OPTIONS",
    );
    await expectRefused(request({ lines: [freddo(2, {})] }), 422, "MANDATORY_OPTION_MISSING");
  });

  it("§5 kilos: missing on a per-kg item, or given for a piece item → 422 INVALID_KILOS", async () => {
    await expectRefused(request({ lines: [item(FIXTURE.seaBream)] }), 422, "INVALID_KILOS");
    await expectRefused(request({ lines: [{ ...freddo(), kilos: 1 }] }), 422, "INVALID_KILOS");
  });

  it("§5 below the minimum order value (5.00) → 422 MINIMUM_ORDER_NOT_REACHED", async () => {
    await expectRefused(request({ lines: [freddo(1)], expectedTotalCents: 350 }), 422, "MINIMUM_ORDER_NOT_REACHED");
  });

  it("§4 a PDA spot needs the table the order is for → TABLE_SELECTION_REQUIRED (a room is not a table)", async () => {
    await expectRefused(request({ tableId: FIXTURE.pda }), 422, "TABLE_SELECTION_REQUIRED");
    await expectRefused(
      request({ tableId: FIXTURE.pda, selectedTableId: FIXTURE.room }),
      422,
      "TABLE_SELECTION_REQUIRED",
    );
    const order = await place(request({ tableId: FIXTURE.pda, selectedTableId: FIXTURE.table }));
    expect(order.selectedTableName).toBe("Table 1");
  });

  it("§3 delivery without its details → 422 DELIVERY_DETAILS_REQUIRED", async () => {
    await expectRefused(request({ tableId: FIXTURE.delivery }), 422, "DELIVERY_DETAILS_REQUIRED");
  });

  it("§3 charge to room: not offered → PAYMENT_TYPE_NOT_AVAILABLE; not a room → ROOM_SELECTION_REQUIRED", async () => {
    const toRoom = (chargingRoomId: number) => request({ payment: { type: "CHARGE_TO_ROOM", chargingRoomId } });
    await expectRefused(toRoom(FIXTURE.room), 422, "PAYMENT_TYPE_NOT_AVAILABLE");
    await setStoreOrderSettings(ctx.db, FIXTURE.storeId, { chargeToRoom: true });
    await expectRefused(toRoom(FIXTURE.table), 422, "ROOM_SELECTION_REQUIRED");
    const order = await place(toRoom(FIXTURE.room));
    expect(order.payment.type).toBe("CHARGE_TO_ROOM");
    expect(order.chargingRoomName).toBe("Room 104");
  });

  it("store location: none shared → LOCATION_REQUIRED, beyond the radius → LOCATION_TOO_FAR, within → placed", async () => {
    await setStoreOrderSettings(ctx.db, FIXTURE.storeId, {
      location: { latitude: 40, longitude: 23, radiusMeters: 500 },
    });
    await expectRefused(request({}), 422, "LOCATION_REQUIRED");
    await expectRefused(request({ location: { latitude: 40.01, longitude: 23 } }), 422, "LOCATION_TOO_FAR");
    await place(request({ location: { latitude: 40.003, longitude: 23 } }));
  });

  it("§3 max orders per spot per Athens day → MAX_ORDERS_REACHED_FOR_SPOT_FOR_THIS_DAY", async () => {
    await setStoreOrderSettings(ctx.db, FIXTURE.storeId, { maxOrdersPerSpotPerDay: 1 });
    await place(request({ tableId: FIXTURE.chair }));
    await expectRefused(request({ tableId: FIXTURE.chair }), 422, "MAX_ORDERS_REACHED_FOR_SPOT_FOR_THIS_DAY");
    clock.advance(DAY);
    await place(request({ tableId: FIXTURE.chair }), await signInGuest(server.app, ctx.db, greekMobile(phoneNumber++)));
  });

  it("§3 two guests at a spot with one order left, at once: exactly one is placed (the count is taken under the spot's lock)", async () => {
    await ctx.db.deleteFrom("order_requests").execute();
    await setStoreOrderSettings(ctx.db, FIXTURE.storeId, { maxOrdersPerSpotPerDay: 1 });
    clock.advance(10 * DAY); // a day no other test orders on
    [guest, rival] = [
      await signInGuest(server.app, ctx.db, greekMobile(phoneNumber++)),
      await signInGuest(server.app, ctx.db, greekMobile(phoneNumber++)),
    ];
    const body = request({ tableId: FIXTURE.chair });
    const responses = await Promise.all([postOrder(server.app, guest, body), postOrder(server.app, rival, body)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(responses.find((r) => r.statusCode === 422)?.json()).toMatchObject({
      code: "MAX_ORDERS_REACHED_FOR_SPOT_FOR_THIS_DAY",
    });
  });
});

describe("scheduled orders (§3; INVALID_TIME_TO_BE_DELIVERED_FOR_SCHEDULED_ORDER)", () => {
  // Room service takes scheduled orders for 07:00-11:00 Athens; a breakfast is 15.00 + 10% room charge.
  const breakfast = (scheduledFor: string) =>
    request({
      serviceId: FIXTURE.roomService,
      tableId: FIXTURE.room,
      lines: [item(FIXTURE.breakfast)],
      expectedTotalCents: 1650,
      scheduledFor,
    });

  it("outside the window (13:00 tomorrow) → 422, inside (08:00 tomorrow) → placed", async () => {
    await expectRefused(breakfast("2026-07-02T10:00:00.000Z"), 422, "INVALID_TIME_TO_BE_DELIVERED_FOR_SCHEDULED_ORDER");
    await expectRefused(breakfast("2026-07-01T05:00:00.000Z"), 422, "INVALID_TIME_TO_BE_DELIVERED_FOR_SCHEDULED_ORDER");
    const order = await place(breakfast("2026-07-02T05:00:00.000Z"));
    expect(order.scheduledFor).toBe("2026-07-02T05:00:00.000Z");
    expect(order.totals).toMatchObject({ subtotalCents: 1500, roomChargeCents: 150, totalCents: 1650 });
  });

  it("max orders per spot counts scheduled orders per delivery date → MAX_ORDERS_REACHED_FOR_SPOT_FOR_DELIVERY_DATE", async () => {
    await ctx.db.deleteFrom("order_requests").execute();
    await setStoreOrderSettings(ctx.db, FIXTURE.storeId, { maxOrdersPerSpotPerDay: 2 });
    const existing = await ctx.db
      .selectFrom("orders")
      .select("id")
      .where("spot_id", "=", FIXTURE.room)
      .where("scheduled_for", ">=", "2026-07-01T21:00:00.000Z")
      .where("scheduled_for", "<", "2026-07-02T21:00:00.000Z")
      .execute();
    for (let i = existing.length; i < 2; i++) await place(breakfast("2026-07-02T06:00:00.000Z"));
    await expectRefused(breakfast("2026-07-02T07:00:00.000Z"), 422, "MAX_ORDERS_REACHED_FOR_SPOT_FOR_DELIVERY_DATE");
  });
});

describe("the server prices with the cart's functions (spec §9)", () => {
  it("options add their price (extras aggregate)", async () => {
    const order = await place(
      request({
        lines: [
          freddo(2, {
            [FIXTURE.sugarGroup]: [FIXTURE.noSugar],
            [FIXTURE.extrasGroup]: [FIXTURE.extraShot, FIXTURE.oatMilk],
          }),
        ],
        expectedTotalCents: 880,
      }),
    );
    expect(order.lines[0]).toMatchObject({ unitPriceCents: 350, optionsUnitPriceCents: 90, totalCents: 880 });
    expect(order.lines[0]?.options.map((o) => o.optionId)).toEqual([
      FIXTURE.noSugar,
      FIXTURE.extraShot,
      FIXTURE.oatMilk,
    ]);
  });

  // A placement keeps its service's catalogue per catalogue version (orders/placement-catalogue.ts).
  it("a price changed by another process (its transaction bumps the version; this app hears nothing) prices the next order at once", async () => {
    await place(request({ lines: [freddo(2)], expectedTotalCents: 700 }));
    await place(request({ lines: [freddo(2)], expectedTotalCents: 700 })); // the whole menu is kept from here
    const reprice = (cents: number) =>
      ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable("items").set({ price_cents: cents }).where("id", "=", FIXTURE.freddo).execute();
        await bumpCatalogueVersion(trx, FIXTURE.storeId);
      });
    await reprice(400);
    try {
      await expectRefused(request({ lines: [freddo(2)], expectedTotalCents: 700 }), 409, "PRICE_CHANGED");
      const order = await place(request({ lines: [freddo(2)], expectedTotalCents: 800 }));
      expect(order.lines[0]).toMatchObject({ unitPriceCents: 400, totalCents: 800 });
    } finally {
      await reprice(350);
    }
  });

  it("§9 happy hour (18:00-20:00 Athens, 20%) discounts the unit price", async () => {
    clock.set("2026-07-01T15:30:00.000Z");
    guest = await signInGuest(server.app, ctx.db, greekMobile(phoneNumber++)); // sessions last 30 minutes
    const order = await place(request({ expectedTotalCents: 560 }));
    expect(order.totals).toMatchObject({ subtotalCents: 560, happyHourSavingsCents: 140, totalCents: 560 });
  });

  it("§9 member prices for a guest whose phone holds a membership", async () => {
    await insertMembership(ctx.db, {
      store_id: FIXTURE.storeId,
      phone:
        (await ctx.db.selectFrom("users").select("phone").where("id", "=", guest.userId).executeTakeFirstOrThrow())
          .phone ?? "",
      valid_from: null,
      valid_until: null,
      created_at: START,
    } as never);
    // Freddo at the member price 0.00, Greek coffee 2 x 2.50 at its regular price.
    const order = await place(request({ lines: [freddo(1), item(FIXTURE.greekCoffee, 2)], expectedTotalCents: 500 }));
    expect(order.lines[0]?.unitPriceCents).toBe(0);
    // F28: the order records that member prices applied, and says so on every later read too.
    expect(order.memberPrices).toBe(true);
    const stored = await ctx.db
      .selectFrom("orders")
      .select("member_prices")
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(Boolean(stored.member_prices)).toBe(true);
  });

  it("F28 an order at regular prices is no member order", async () => {
    const order = await place(request({ lines: [freddo(2)], expectedTotalCents: 700 }));
    expect(order.memberPrices).toBe(false);
  });

  it("F7 a request item (towels) is priced 0 whatever price the menu gives it; a total that counts it is refused", async () => {
    await ctx.db
      .updateTable("items")
      .set({ price_cents: 400, priceable: 1 })
      .where("id", "=", FIXTURE.towels)
      .execute();
    await bumpCatalogueVersion(ctx.db, FIXTURE.storeId);
    try {
      const lines = [item(FIXTURE.breakfast, 1), item(FIXTURE.towels, 2)];
      const room = { serviceId: FIXTURE.roomService, tableId: FIXTURE.room, lines };
      // 15.00 breakfast + 10% room charge; the towels count nothing, not 2 x 4.00.
      await expectRefused(request({ ...room, expectedTotalCents: 1650 + 880 }), 409, "PRICE_CHANGED");
      const order = await place(request({ ...room, expectedTotalCents: 1650 }));
      expect(order.lines[1]).toMatchObject({
        unitPriceCents: 0,
        optionsUnitPriceCents: 0,
        totalCents: 0,
        request: true,
      });
      expect(order.lines[0]?.request).toBe(false);
      expect(order.totals.totalCents).toBe(1650);
    } finally {
      await ctx.db
        .updateTable("items")
        .set({ price_cents: 0, priceable: 0 })
        .where("id", "=", FIXTURE.towels)
        .execute();
      await bumpCatalogueVersion(ctx.db, FIXTURE.storeId);
    }
  });

  it("§9 regular prices for a membership that has ended or has not begun", async () => {
    const { phone } = await ctx.db
      .selectFrom("users")
      .select("phone")
      .where("id", "=", guest.userId)
      .executeTakeFirstOrThrow();
    for (const [valid_from, valid_until] of [
      [null, START], // ends as the order is placed: valid until, not at
      ["2026-07-02T00:00:00.000Z", null], // begins tomorrow
    ]) {
      await insertMembership(ctx.db, {
        store_id: FIXTURE.storeId,
        phone: phone ?? "",
        valid_from,
        valid_until,
        created_at: START,
      } as never);
    }
    const order = await place(request({ lines: [freddo(2)], expectedTotalCents: 700 }));
    expect(order.lines[0]?.unitPriceCents).toBe(350);
  });

  it("§5 per-kg: price per kg x kilos, stored in grams", async () => {
    const order = await place(request({ lines: [item(FIXTURE.seaBream, 1, 0.5)], expectedTotalCents: 3250 }));
    expect(order.lines[0]).toMatchObject({ kilos: 0.5, totalCents: 3250 });
  });

  it("§3 delivery discount (10% from 20.00) and the delivery details kept on the order", async () => {
    const deliveryInfo = { address: "Main 1", area: "Center", postalCode: "63100", floor: "2", doorbell: "Papas" };
    const order = await place(
      request({ tableId: FIXTURE.delivery, lines: [freddo(6)], expectedTotalCents: 1890, deliveryInfo }),
    );
    expect(order.totals).toMatchObject({ subtotalCents: 2100, deliveryDiscountCents: 210, totalCents: 1890 });
    expect(order.deliveryInfo).toEqual(deliveryInfo);
  });
});

describe("daily numbers and statuses", () => {
  it("numbers count up per store and Athens day, and restart on a new Athens day (at Athens midnight)", async () => {
    clock.set("2026-07-05T20:00:00.000Z"); // 23:00 in Athens
    guest = await signInGuest(server.app, ctx.db, greekMobile(phoneNumber++)); // sessions last 30 minutes
    const first = await place(request({}));
    const second = await place(request({}));
    expect(second.dailyNumber).toBe(first.dailyNumber + 1);
    expect(first.dailyNumber).toBe(1);
    clock.set("2026-07-05T21:00:00.000Z"); // 00:00 in Athens, 6 July
    guest = await signInGuest(server.app, ctx.db, greekMobile(phoneNumber++));
    const next = await place(request({}));
    expect(next.dailyNumber).toBe(1);
  });

  it("waiting orders get the store's acceptance time; delayed-response services answer later (UNDER_REVIEW)", async () => {
    await setStoreOrderSettings(ctx.db, FIXTURE.storeId, { orderAcceptanceMinutes: 7 });
    const waiting = await place(request({}));
    expect(waiting.status).toBe("WAITING_FOR_ACCEPTANCE");
    expect(waiting.acceptanceDeadline).toBe(new Date(Date.parse(START) + 7 * 60_000).toISOString());
    await ctx.db.updateTable("services").set({ delayed_response: 1 }).where("id", "=", FIXTURE.beachBar).execute();
    await bumpCatalogueVersion(ctx.db, FIXTURE.storeId); // as an import, or an order taking stock, does
    try {
      const review = await place(request({}));
      expect(review.status).toBe("UNDER_REVIEW");
      expect(review.acceptanceDeadline).toBeNull();
    } finally {
      await ctx.db.updateTable("services").set({ delayed_response: 0 }).where("id", "=", FIXTURE.beachBar).execute();
      await bumpCatalogueVersion(ctx.db, FIXTURE.storeId); // as an import, or an order taking stock, does
    }
  });

  it("an order keeps no personal data of the guest: only the user id", async () => {
    const order = await place(request({ comment: "by the pool" }));
    const row = await ctx.db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
    const phone = (
      await ctx.db.selectFrom("users").select("phone").where("id", "=", guest.userId).executeTakeFirstOrThrow()
    ).phone;
    expect(JSON.stringify(row)).not.toContain(String(phone).slice(3));
    expect(row.user_id).toBe(guest.userId);
    expect(row.delivery_info).toBeNull();
  });
});

describe("staff place orders from a PDA for a table", () => {
  it("staff of the store place for a selected table; staff must always name the table", async () => {
    const login = await server.app.inject({
      method: "POST",
      url: `/api/authenticate/login/pin?pin=4821&storeId=${FIXTURE.storeId}`,
    });
    expect(login.statusCode, login.body).toBe(200);
    const body = login.json<SessionResponse>();
    const staff = { authToken: body.authToken.token, jwt: body.jwt };
    await expectRefused(request({ tableId: FIXTURE.pda }), 422, "TABLE_SELECTION_REQUIRED", staff);
    const order = await place(request({ tableId: FIXTURE.pda, selectedTableId: FIXTURE.table }), staff);
    expect(order.selectedTableName).toBe("Table 1");
    const row = await ctx.db
      .selectFrom("users")
      .select("kind")
      .innerJoin("orders", "orders.user_id", "users.id")
      .where("orders.id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(row.kind).toBe("staff");
  });
});
