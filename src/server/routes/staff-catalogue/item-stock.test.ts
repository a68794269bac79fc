/**
 * PUT /api/staff/stores/:storeId/items/:itemId/stock: a waiter or admin marks an item sold out,
 * back in stock, or so many left; the guest's menu shows it at once and placement honours it.
 * Two stores: 1 (the fixture) and 101 (the fixture with its ids shifted by 100,000).
 * Clock: 2026-07-01T09:00Z = 12:00 in Athens, the beach bar open.
 */
import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import type { ItemStock } from "../../../domain/staff-catalogue-api";
import { signInStaff } from "../../realtime/test-orders";
import { sampleVenue } from "../../test-fixtures/venue";
import { authHeaders, greekMobile, signInGuest } from "../../test-support/accounts";
import { testClock } from "../../test-support/clock";
import { expectedTotalOf, FIXTURE, openAllDay, postOrder, testOrderRequest } from "../../test-support/orders";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const database = setUpTestDatabase();
const clock = testClock("2026-07-01T09:00:00.000Z");
const server = setUpTestApp(() => database.db, { now: clock.now });

const OTHER_STORE = 101;
const MENU_URL = `/api/tables/${FIXTURE.table}/menus/beach-bar`;
const stockUrl = (itemId: number, storeId: number = FIXTURE.storeId) =>
  `/api/staff/stores/${storeId}/items/${itemId}/stock`;

let waiter: Record<string, string>;
let admin: Record<string, string>;
let otherWaiter: Record<string, string>;

function putStock(
  session: Record<string, string>,
  url: string,
  payload: object,
  key: string = randomUUID(),
): Promise<LightMyRequestResponse> {
  return server.app.inject({ method: "PUT", url, headers: { ...session, "idempotency-key": key }, payload });
}

async function menuItem(itemId: number) {
  const menu = await server.app.inject({ method: "GET", url: MENU_URL });
  expect(menu.statusCode).toBe(200);
  const item = menu
    .json<{ items: { id: number; stockEnabled: boolean; stockAmount: number | null }[] }>()
    .items.find((i) => i.id === itemId);
  expect(item).toBeDefined();
  return item;
}

async function storedStock(itemId: number) {
  return database.db
    .selectFrom("items")
    .select(["stock_enabled", "stock_amount"])
    .where("id", "=", itemId)
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  await importFixture(database.db);
  await importFixture(database.db, sampleVenue({ storeId: OTHER_STORE, idOffset: 100_000 }));
  await openAllDay(database.db, FIXTURE.beachBar);
  waiter = authHeaders(await signInStaff(server.app, FIXTURE.storeId, "1357"));
  admin = authHeaders(await signInStaff(server.app, FIXTURE.storeId, "4821"));
  otherWaiter = authHeaders(await signInStaff(server.app, OTHER_STORE, "1357"));
});

describe("PUT /api/staff/stores/:storeId/items/:itemId/stock", () => {
  it("a waiter marks Freddo espresso sold out: the open menu shows it at once, and a guest's placement is refused with 409 OUT_OF_STOCK", async () => {
    expect((await menuItem(FIXTURE.freddo))?.stockAmount).toBeNull();
    const guest = await signInGuest(server.app, database.db, greekMobile(41));
    const draft = testOrderRequest();
    const order = { ...draft, expectedTotalCents: await expectedTotalOf(database.db, guest, draft, clock.now()) };
    const response = await putStock(waiter, stockUrl(FIXTURE.freddo), { stockEnabled: true, stockAmount: 0 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ItemStock>()).toEqual({
      itemId: FIXTURE.freddo,
      stockEnabled: true,
      stockAlignedToCartAddition: true,
      stockAmount: 0,
    });
    expect(await menuItem(FIXTURE.freddo)).toMatchObject({ stockEnabled: true, stockAmount: 0 });

    const placed = await postOrder(server.app, guest, order);
    expect(placed.statusCode, placed.body).toBe(409);
    expect(placed.json()).toMatchObject({ code: "OUT_OF_STOCK" });
  });

  it("an admin puts it back with 5 left, then stops counting it: each shows on the menu at once", async () => {
    const five = await putStock(admin, stockUrl(FIXTURE.freddo), { stockEnabled: true, stockAmount: 5 });
    expect(five.statusCode, five.body).toBe(200);
    expect(await menuItem(FIXTURE.freddo)).toMatchObject({ stockEnabled: true, stockAmount: 5 });
    const off = await putStock(admin, stockUrl(FIXTURE.freddo), { stockEnabled: false, stockAmount: null });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<ItemStock>()).toMatchObject({ stockEnabled: false, stockAmount: null });
    expect(await menuItem(FIXTURE.freddo)).toMatchObject({ stockEnabled: false, stockAmount: null });
  });

  it("a replay with the same Idempotency-Key answers the same bytes and changes nothing again", async () => {
    const key = randomUUID();
    const first = await putStock(waiter, stockUrl(FIXTURE.greekCoffee), { stockEnabled: true, stockAmount: 3 }, key);
    expect(first.statusCode, first.body).toBe(200);
    const { catalogue_version } = await database.db
      .selectFrom("stores")
      .select("catalogue_version")
      .where("id", "=", FIXTURE.storeId)
      .executeTakeFirstOrThrow();
    const replay = await putStock(waiter, stockUrl(FIXTURE.greekCoffee), { stockEnabled: true, stockAmount: 3 }, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe(first.body);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    const after = await database.db
      .selectFrom("stores")
      .select("catalogue_version")
      .where("id", "=", FIXTURE.storeId)
      .executeTakeFirstOrThrow();
    expect(after.catalogue_version).toBe(catalogue_version);
    const reused = await putStock(waiter, stockUrl(FIXTURE.greekCoffee), { stockEnabled: true, stockAmount: 4 }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
  });

  it("a waiter of another store: 403 FORBIDDEN for this store's path, 404 NOT_FOUND for this store's item under their own; nothing changed", async () => {
    const before = await storedStock(FIXTURE.seaBream);
    const foreign = await putStock(otherWaiter, stockUrl(FIXTURE.seaBream), { stockEnabled: true, stockAmount: 0 });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: "FORBIDDEN" });
    const smuggled = await putStock(otherWaiter, stockUrl(FIXTURE.seaBream, OTHER_STORE), {
      stockEnabled: true,
      stockAmount: 0,
    });
    expect(smuggled.statusCode).toBe(404);
    expect(smuggled.json()).toMatchObject({ code: "NOT_FOUND" });
    expect(await storedStock(FIXTURE.seaBream)).toEqual(before);
  });

  it("bad input → 400 with its code, nothing changed: a negative amount, no amount while counted, a missing field, no key; a guest → 403", async () => {
    const before = await storedStock(FIXTURE.seaBream);
    for (const payload of [
      { stockEnabled: true, stockAmount: -1 },
      { stockEnabled: true, stockAmount: 1.5 },
      { stockEnabled: true, stockAmount: null },
      { stockEnabled: true },
      { stockAmount: 3 },
      { stockEnabled: "yes", stockAmount: 3 },
    ]) {
      const response = await putStock(waiter, stockUrl(FIXTURE.seaBream), payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    }
    const noKey = await server.app.inject({
      method: "PUT",
      url: stockUrl(FIXTURE.seaBream),
      headers: waiter,
      payload: { stockEnabled: true, stockAmount: 0 },
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({ code: "IDEMPOTENCY_KEY_REQUIRED" });
    const guest = authHeaders(await signInGuest(server.app, database.db, greekMobile(42)));
    const byGuest = await putStock(guest, stockUrl(FIXTURE.seaBream), { stockEnabled: true, stockAmount: 0 });
    expect(byGuest.statusCode).toBe(403);
    expect(await storedStock(FIXTURE.seaBream)).toEqual(before);
  });
});
