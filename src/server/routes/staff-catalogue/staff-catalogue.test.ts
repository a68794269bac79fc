/**
 * GET /api/staff/stores/:storeId/catalogue: the catalogue a waiter's Stock view and an admin's back
 * office read, in the guest menu's order, with the versions an edit names and the stock a waiter sets.
 * Two stores: 1 (the fixture) and 101 (the fixture with its ids shifted by 100,000).
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { ItemDto } from "../../../domain/api";
import type { EditableService, StaffCatalogue } from "../../../domain/staff-catalogue-api";
import { signInStaff } from "../../realtime/test-orders";
import { sampleVenue } from "../../test-fixtures/venue";
import { authHeaders, greekMobile, signInGuest } from "../../test-support/accounts";
import { FIXTURE } from "../../test-support/orders";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const database = setUpTestDatabase();
const server = setUpTestApp(() => database.db);

const OTHER_STORE = 101;
const catalogueUrl = (storeId: number = FIXTURE.storeId) => `/api/staff/stores/${storeId}/catalogue`;

let waiter: Record<string, string>;
let otherWaiter: Record<string, string>;

async function readCatalogue(session: Record<string, string>): Promise<StaffCatalogue> {
  const response = await server.app.inject({ method: "GET", url: catalogueUrl(), headers: session });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StaffCatalogue>();
}

function itemsOf(catalogue: StaffCatalogue, slug: string) {
  const service = catalogue.services.find((s) => s.slug === slug);
  expect(service).toBeDefined();
  return service?.categories.flatMap((category) => category.items) ?? [];
}

beforeAll(async () => {
  await importFixture(database.db);
  await importFixture(database.db, sampleVenue({ storeId: OTHER_STORE, idOffset: 100_000 }));
  waiter = authHeaders(await signInStaff(server.app, FIXTURE.storeId, "1357"));
  otherWaiter = authHeaders(await signInStaff(server.app, OTHER_STORE, "1357"));
});

describe("GET /api/staff/stores/:storeId/catalogue", () => {
  it("a waiter reads the store's items in the guest menu's order, with prices, versions and stock", async () => {
    const catalogue = await readCatalogue(waiter);
    const menu = await server.app.inject({ method: "GET", url: `/api/tables/${FIXTURE.table}/menus/beach-bar` });
    expect(menu.statusCode).toBe(200);
    const guestItems = menu.json<{ items: ItemDto[] }>().items;
    const staffItems = itemsOf(catalogue, "beach-bar");
    expect(staffItems.map((item) => item.itemId)).toEqual(guestItems.map((item) => item.id));
    const freddo = staffItems.find((item) => item.itemId === FIXTURE.freddo);
    const guestFreddo = guestItems.find((item) => item.id === FIXTURE.freddo);
    expect(freddo).toMatchObject({ version: 1, stockEnabled: false, stockAmount: null });
    expect(freddo?.priceCents).toBe(guestFreddo?.priceCents);
    expect(freddo?.names).toEqual(guestFreddo?.names);
  });

  it("a stock change shows in the next read, with the catalogue version the guests' menus follow bumped", async () => {
    const before = await readCatalogue(waiter);
    const put = await server.app.inject({
      method: "PUT",
      url: `/api/staff/stores/${FIXTURE.storeId}/items/${FIXTURE.freddo}/stock`,
      headers: { ...waiter, "idempotency-key": randomUUID() },
      payload: { stockEnabled: true, stockAmount: 0 },
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = await readCatalogue(waiter);
    expect(after.catalogueVersion).toBe(before.catalogueVersion + 1);
    expect(itemsOf(after, "beach-bar").find((item) => item.itemId === FIXTURE.freddo)).toMatchObject({
      stockEnabled: true,
      stockAmount: 0,
    });
  });

  it("each service carries its settings as an admin edits them: the read equals the edit's answer, version and all", async () => {
    const admin = authHeaders(await signInStaff(server.app, FIXTURE.storeId, "4821"));
    const before = (await readCatalogue(waiter)).services.find((s) => s.serviceId === FIXTURE.beachBar);
    expect(before).toMatchObject({ maxItemsPerOrder: expect.any(Number), minimumOrderCents: expect.any(Number) });
    const edit = await server.app.inject({
      method: "PATCH",
      url: `/api/staff/stores/${FIXTURE.storeId}/services/${FIXTURE.beachBar}`,
      headers: { ...admin, "idempotency-key": randomUUID() },
      payload: {
        version: before?.version,
        minimumOrderCents: 1_500,
        maxItemsPerOrder: 9,
        deliveryDiscount: { discountPercentage: 10, minimumPriceForDeliveryDiscountCents: 2_000 },
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const edited = edit.json<EditableService>();
    const { slug, categories, pause, ...settings } =
      (await readCatalogue(waiter)).services.find((s) => s.serviceId === FIXTURE.beachBar) ?? {};
    expect(slug).toBe("beach-bar");
    expect(categories?.length).toBeGreaterThan(0);
    expect(pause).toBeUndefined();
    expect(settings).toEqual(edited);
  });

  it("staff of another store and guests get 403 FORBIDDEN; no session 401", async () => {
    const foreign = await server.app.inject({ method: "GET", url: catalogueUrl(), headers: otherWaiter });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: "FORBIDDEN" });
    const guest = await signInGuest(server.app, database.db, greekMobile(61));
    const asGuest = await server.app.inject({ method: "GET", url: catalogueUrl(), headers: authHeaders(guest) });
    expect(asGuest.statusCode).toBe(403);
    const anonymous = await server.app.inject({ method: "GET", url: catalogueUrl() });
    expect(anonymous.statusCode).toBe(401);
  });
});
