/**
 * PATCH /api/staff/stores/:storeId/items/:itemId: an admin edits an item's names, details and
 * prices by the venue file's rules; guests' menus show it at once; two admins on one item get one
 * clear conflict. Two stores: 1 (the fixture) and 101 (the fixture with its ids shifted by 100,000).
 */
import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_DETAILS_LENGTH } from "../../../domain/catalogue-limits";
import type { EditableItem, StaffCatalogue } from "../../../domain/staff-catalogue-api";
import { fromDbBoolean } from "../../db/columns";
import { signInStaff } from "../../realtime/test-orders";
import { sampleVenue } from "../../test-fixtures/venue";
import { authHeaders } from "../../test-support/accounts";
import { testClock } from "../../test-support/clock";
import { FIXTURE } from "../../test-support/orders";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const database = setUpTestDatabase();
const clock = testClock("2026-07-01T09:00:00.000Z");
const server = setUpTestApp(() => database.db, { now: clock.now });

const OTHER_STORE = 101;
const MENU_URL = `/api/tables/${FIXTURE.table}/menus/beach-bar`;
const itemUrl = (itemId: number, storeId: number = FIXTURE.storeId) => `/api/staff/stores/${storeId}/items/${itemId}`;

let waiter: Record<string, string>;
let admin: Record<string, string>;
let otherAdmin: Record<string, string>;

function patchItem(
  session: Record<string, string>,
  url: string,
  payload: object,
  key: string = randomUUID(),
): Promise<LightMyRequestResponse> {
  return server.app.inject({ method: "PATCH", url, headers: { ...session, "idempotency-key": key }, payload });
}

async function menuItem(itemId: number) {
  const menu = await server.app.inject({ method: "GET", url: MENU_URL });
  expect(menu.statusCode).toBe(200);
  return menu
    .json<{
      items: {
        id: number;
        priceCents: number;
        perKg: boolean;
        names: Record<string, { name: string; details?: string }>;
      }[];
    }>()
    .items.find((i) => i.id === itemId);
}

async function storedItem(itemId: number) {
  return database.db
    .selectFrom("items")
    .select(["names", "price_cents", "membership_price_cents", "member_price_enabled", "per_kg", "version"])
    .where("id", "=", itemId)
    .executeTakeFirstOrThrow();
}

async function catalogueVersion(): Promise<number> {
  const row = await database.db
    .selectFrom("stores")
    .select("catalogue_version")
    .where("id", "=", FIXTURE.storeId)
    .executeTakeFirstOrThrow();
  return row.catalogue_version;
}

beforeAll(async () => {
  await importFixture(database.db);
  await importFixture(database.db, sampleVenue({ storeId: OTHER_STORE, idOffset: 100_000 }));
  waiter = authHeaders(await signInStaff(server.app, FIXTURE.storeId, "1357"));
  admin = authHeaders(await signInStaff(server.app, FIXTURE.storeId, "4821"));
  otherAdmin = authHeaders(await signInStaff(server.app, OTHER_STORE, "4821"));
});

describe("PATCH /api/staff/stores/:storeId/items/:itemId", () => {
  it("an admin changes a price, names and details: 200 with the item as stored, and the guest's menu shows it at once", async () => {
    const before = await menuItem(FIXTURE.greekCoffee);
    expect(before?.priceCents).not.toBe(330);
    const names = {
      GRE: { name: "Ελληνικός καφές", details: "Στη χόβολη" },
      ENG: { name: "Greek coffee", details: "Made on hot sand" },
    };
    const response = await patchItem(admin, itemUrl(FIXTURE.greekCoffee), { priceCents: 330, names });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<EditableItem>()).toMatchObject({
      itemId: FIXTURE.greekCoffee,
      version: 2,
      priceCents: 330,
      names,
    });
    expect(await menuItem(FIXTURE.greekCoffee)).toMatchObject({ priceCents: 330, names });
  });

  it("spec per-kg: an admin sells an item by the kilo and back: stored, answered, in the staff catalogue and the guest's menu", async () => {
    const on = await patchItem(admin, itemUrl(FIXTURE.greekCoffee), { perKg: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<EditableItem>()).toMatchObject({ itemId: FIXTURE.greekCoffee, perKg: true });
    expect(fromDbBoolean((await storedItem(FIXTURE.greekCoffee)).per_kg)).toBe(true);
    expect(await menuItem(FIXTURE.greekCoffee)).toMatchObject({ perKg: true });
    const staff = await server.app.inject({
      method: "GET",
      url: `/api/staff/stores/${FIXTURE.storeId}/catalogue`,
      headers: admin,
    });
    const items = staff
      .json<StaffCatalogue>()
      .services.flatMap((service) => service.categories.flatMap((category) => category.items));
    expect(items.find((i) => i.itemId === FIXTURE.greekCoffee)?.perKg).toBe(true);
    expect(items.find((i) => i.itemId === FIXTURE.seaBream)?.perKg).toBe(true);
    expect(items.find((i) => i.itemId === FIXTURE.freddo)?.perKg).toBe(false);
    const off = await patchItem(admin, itemUrl(FIXTURE.greekCoffee), { perKg: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(fromDbBoolean((await storedItem(FIXTURE.greekCoffee)).per_kg)).toBe(false);
    expect(await menuItem(FIXTURE.greekCoffee)).toMatchObject({ perKg: false });
  });

  it("spec per-kg: a rental cannot be sold by the kilo (the venue file's rule and message), nothing changed", async () => {
    await database.db
      .updateTable("items")
      .set({ rental_unit: "day", rental_max_units: 3 })
      .where("id", "=", FIXTURE.towels)
      .execute();
    try {
      const before = await storedItem(FIXTURE.towels);
      const response = await patchItem(admin, itemUrl(FIXTURE.towels), { perKg: true, priceCents: 100 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: "VALIDATION_FAILED",
        message: "perKg: a rental cannot be sold by weight (perKg)",
      });
      expect(await storedItem(FIXTURE.towels)).toEqual(before);
    } finally {
      await database.db
        .updateTable("items")
        .set({ rental_unit: null, rental_max_units: null })
        .where("id", "=", FIXTURE.towels)
        .execute();
    }
  });

  it("a replay with the same Idempotency-Key answers the same bytes and does not bump the version again", async () => {
    const key = randomUUID();
    const first = await patchItem(admin, itemUrl(FIXTURE.seaBream), { priceCents: 2500 }, key);
    expect(first.statusCode, first.body).toBe(200);
    const replay = await patchItem(admin, itemUrl(FIXTURE.seaBream), { priceCents: 2500 }, key);
    expect(replay.body).toBe(first.body);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect((await storedItem(FIXTURE.seaBream)).version).toBe(first.json<EditableItem>().version);
  });

  it("two admins edit the same version: one wins, the other gets 409 ITEM_CHANGED with the current version, nothing of theirs written", async () => {
    const { version } = await storedItem(FIXTURE.twoBeers);
    const first = await patchItem(admin, itemUrl(FIXTURE.twoBeers), { version, priceCents: 900 });
    expect(first.statusCode, first.body).toBe(200);
    const second = await patchItem(admin, itemUrl(FIXTURE.twoBeers), { version, priceCents: 1100 });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: "ITEM_CHANGED", details: { version: version + 1 } });
    expect((await storedItem(FIXTURE.twoBeers)).price_cents).toBe(900);
    expect((await menuItem(FIXTURE.twoBeers))?.priceCents).toBe(900);
  });

  it("back office bad input: a negative or absurd price, a missing Greek or English name → 400 VALIDATION_FAILED with the venue file's path-precise message; the item and the catalogue version unchanged", async () => {
    const before = await storedItem(FIXTURE.freddo);
    const versionBefore = await catalogueVersion();
    const cases: Array<[object, string]> = [
      [{ priceCents: -1 }, "body.priceCents: must be >= 0"],
      [{ priceCents: 100_000_001 }, "body.priceCents: must be <= 100000000"],
      [{ priceCents: 2.5 }, "body.priceCents: must be integer"],
      [{ membershipPriceCents: -5 }, "body.membershipPriceCents"],
      [{ names: { ENG: { name: "Freddo" } } }, "body.names.GRE: is required"],
      [{ names: { GRE: { name: "Φρέντο" } } }, "body.names.ENG: is required"],
      [{ names: { GRE: { name: "" }, ENG: { name: "Freddo" } } }, "names.GRE.name"],
      [
        { memberPriceEnabled: true, membershipPriceCents: null },
        "memberPriceEnabled: is true but the item has no membershipPriceCents",
      ],
      [
        { names: { GRE: { name: "Φρέντο" }, ENG: { name: "Freddo", details: "x".repeat(MAX_DETAILS_LENGTH + 1) } } },
        "names.ENG.details",
      ],
      [{ perKg: "yes" }, "perKg"],
      [{ colour: "blue" }, ""],
    ];
    for (const [payload, inMessage] of cases) {
      const response = await patchItem(admin, itemUrl(FIXTURE.freddo), payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const body = response.json<{ code: string; message: string }>();
      expect(body.code).toBe("VALIDATION_FAILED");
      expect(body.message).toContain(inMessage);
    }
    expect(await storedItem(FIXTURE.freddo)).toEqual(before);
    expect(await catalogueVersion()).toBe(versionBefore);
  });

  it("back office bad input: a waiter calling this admin route → 403; an id of another store → 403 for this store, 404 for this store's item under their own; the item and the catalogue version unchanged", async () => {
    const before = await storedItem(FIXTURE.freddo);
    const versionBefore = await catalogueVersion();
    const byWaiter = await patchItem(waiter, itemUrl(FIXTURE.freddo), { priceCents: 1 });
    expect(byWaiter.statusCode).toBe(403);
    expect(byWaiter.json()).toMatchObject({ code: "FORBIDDEN", message: "Only an admin of the store can do this" });
    const foreign = await patchItem(otherAdmin, itemUrl(FIXTURE.freddo), { priceCents: 1 });
    expect(foreign.statusCode).toBe(403);
    const smuggled = await patchItem(otherAdmin, itemUrl(FIXTURE.freddo, OTHER_STORE), { priceCents: 1 });
    expect(smuggled.statusCode).toBe(404);
    expect(smuggled.json()).toMatchObject({ code: "NOT_FOUND" });
    expect(smuggled.json<{ message: string }>().message).toContain(String(FIXTURE.freddo));
    expect(await storedItem(FIXTURE.freddo)).toEqual(before);
    expect(await catalogueVersion()).toBe(versionBefore);
  });
});
