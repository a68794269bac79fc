/**
 * An admin edits a category and orders a category's items and a service's categories (the back
 * office's drag and drop and keyboard moves); guests' menus follow at once; an order made on a list
 * that changed meanwhile, or by a second admin on the same version, is refused whole.
 * Two stores: 1 (the fixture) and 101 (the fixture with its ids shifted by 100,000).
 */
import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import type { CategoryDto, ItemDto } from "../../../domain/api";
import { MAX_DETAILS_LENGTH } from "../../../domain/catalogue-limits";
import type { StaffCatalogue, StaffCatalogueService } from "../../../domain/staff-catalogue-api";
import { signInStaff } from "../../realtime/test-orders";
import { sampleVenue } from "../../test-fixtures/venue";
import { authHeaders } from "../../test-support/accounts";
import { FIXTURE } from "../../test-support/orders";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const database = setUpTestDatabase();
const server = setUpTestApp(() => database.db);

const OTHER_STORE = 101;
const base = (storeId: number = FIXTURE.storeId) => `/api/staff/stores/${storeId}`;

let waiter: Record<string, string>;
let admin: Record<string, string>;
let otherAdmin: Record<string, string>;

function send(
  method: "PATCH" | "PUT",
  session: Record<string, string>,
  url: string,
  payload: object,
  key: string = randomUUID(),
): Promise<LightMyRequestResponse> {
  return server.app.inject({ method, url, headers: { ...session, "idempotency-key": key }, payload });
}

async function beachBar(): Promise<StaffCatalogueService> {
  const response = await server.app.inject({ method: "GET", url: `${base()}/catalogue`, headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  const service = response.json<StaffCatalogue>().services.find((s) => s.serviceId === FIXTURE.beachBar);
  if (service === undefined) throw new Error("the fixture has no beach bar");
  return service;
}

async function guestMenu() {
  const menu = await server.app.inject({ method: "GET", url: `/api/tables/${FIXTURE.table}/menus/beach-bar` });
  expect(menu.statusCode, menu.body).toBe(200);
  return menu.json<{ categories: CategoryDto[]; items: ItemDto[] }>();
}

beforeAll(async () => {
  await importFixture(database.db);
  await importFixture(database.db, sampleVenue({ storeId: OTHER_STORE, idOffset: 100_000 }));
  waiter = authHeaders(await signInStaff(server.app, FIXTURE.storeId, "1357"));
  admin = authHeaders(await signInStaff(server.app, FIXTURE.storeId, "4821"));
  otherAdmin = authHeaders(await signInStaff(server.app, OTHER_STORE, "4821"));
});

describe("PATCH /api/staff/stores/:storeId/categories/:categoryId", () => {
  it("an admin renames a category and limits it per cart: the guest's menu shows the name at once", async () => {
    const [category] = (await beachBar()).categories;
    if (category === undefined) throw new Error("the beach bar has no category");
    const names = { ...category.names, ENG: { name: "Cold coffees" } };
    const response = await send("PATCH", admin, `${base()}/categories/${category.categoryId}`, {
      version: category.version,
      names,
      maxProductsPerCart: 6,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      categoryId: category.categoryId,
      version: category.version + 1,
      names,
      maxProductsPerCart: 6,
    });
    const shown = (await guestMenu()).categories.find((c) => c.id === category.categoryId);
    expect(shown?.names.ENG?.name).toBe("Cold coffees");
  });

  it("a stale version 409 CATEGORY_CHANGED with the current one; a limit of 0 or details past the edit's limit 400 at their path; a waiter 403; nothing changed", async () => {
    const [category] = (await beachBar()).categories;
    if (category === undefined) throw new Error("the beach bar has no category");
    const url = `${base()}/categories/${category.categoryId}`;
    const stale = await send("PATCH", admin, url, { version: category.version - 1, maxProductsPerCart: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: "CATEGORY_CHANGED", details: { version: category.version } });
    const zero = await send("PATCH", admin, url, { maxProductsPerCart: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json<{ message: string }>().message).toContain("maxProductsPerCart");
    const longDetails = await send("PATCH", admin, url, {
      names: { ...category.names, ENG: { name: "Coffee", details: "x".repeat(MAX_DETAILS_LENGTH + 1) } },
    });
    expect(longDetails.statusCode).toBe(400);
    expect(longDetails.json<{ message: string }>().message).toMatch(/^body\.names\.ENG\.details: /);
    expect((await send("PATCH", waiter, url, { maxProductsPerCart: 2 })).statusCode).toBe(403);
    expect((await beachBar()).categories[0]).toMatchObject({ version: category.version, maxProductsPerCart: 6 });
  });
});

describe("PUT .../categories/:categoryId/item-order and .../services/:serviceId/category-order", () => {
  it("an admin reverses a category's items: the guest's menu lists them in the new order at once", async () => {
    const [category] = (await beachBar()).categories;
    if (category === undefined || category.items.length < 2) throw new Error("the fixture's first category is short");
    const reversed = category.items.map((item) => item.itemId).reverse();
    const response = await send("PUT", admin, `${base()}/categories/${category.categoryId}/item-order`, {
      version: category.version,
      itemIds: reversed,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      categoryId: category.categoryId,
      version: category.version + 1,
      itemIds: reversed,
    });
    const shown = (await guestMenu()).items.filter((item) => item.categoryId === category.categoryId).map((i) => i.id);
    expect(shown).toEqual(reversed);
  });

  it("an order that leaves an item out or names another category's is refused whole with 400 ORDER_INCOMPLETE", async () => {
    const [first, second] = (await beachBar()).categories;
    if (first === undefined || second === undefined) throw new Error("the beach bar needs two categories");
    const url = `${base()}/categories/${first.categoryId}/item-order`;
    const ids = first.items.map((item) => item.itemId);
    const short = await send("PUT", admin, url, { itemIds: ids.slice(1) });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      code: "ORDER_INCOMPLETE",
      message: `itemIds: must list each one exactly once (missing ${ids[0]})`,
    });
    const foreign = await send("PUT", admin, url, { itemIds: [...ids, second.items[0]?.itemId] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: "ORDER_INCOMPLETE" });
    const twice = await send("PUT", admin, url, { itemIds: [...ids, ids[0]] });
    expect(twice.statusCode).toBe(400);
    expect((await beachBar()).categories[0]).toEqual(first);
  });

  it("two admins order one service's categories on the same version: one wins, the other 409 SERVICE_CHANGED", async () => {
    const service = await beachBar();
    const ids = service.categories.map((category) => category.categoryId);
    const url = `${base()}/services/${service.serviceId}/category-order`;
    const [a, b] = await Promise.all([
      send("PUT", admin, url, { version: service.version, categoryIds: [...ids].reverse() }),
      send("PUT", admin, url, { version: service.version, categoryIds: ids }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? a : b;
    const loser = a.statusCode === 200 ? b : a;
    expect(loser.json()).toMatchObject({ code: "SERVICE_CHANGED", details: { version: service.version + 1 } });
    const order = winner.json<{ categoryIds: number[] }>().categoryIds;
    expect((await guestMenu()).categories.map((category) => category.id)).toEqual(order);
  });

  it("an admin of another store: 403 for this store's path, 404 for this store's category under their own", async () => {
    const [category] = (await beachBar()).categories;
    if (category === undefined) throw new Error("the beach bar has no category");
    const itemIds = category.items.map((item) => item.itemId);
    const foreign = await send("PUT", otherAdmin, `${base()}/categories/${category.categoryId}/item-order`, {
      itemIds,
    });
    expect(foreign.statusCode).toBe(403);
    const smuggled = await send(
      "PUT",
      otherAdmin,
      `${base(OTHER_STORE)}/categories/${category.categoryId}/item-order`,
      {
        itemIds,
      },
    );
    expect(smuggled.statusCode).toBe(404);
    expect((await beachBar()).categories[0]).toEqual(category);
  });
});

describe("the store's audit list", () => {
  it("holds each of these changes with who made it, before and after, and none of the refused ones", async () => {
    const response = await server.app.inject({ method: "GET", url: `${base()}/audit`, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    const entries = response.json<{
      entries: { action: string; actor: { name: string }; before: unknown; after: unknown }[];
    }>().entries;
    // Newest first: the category order (one winner of two), the item order, the category edit,
    // and the fixture's import before them.
    expect(entries.map((entry) => entry.action)).toEqual([
      "service.category-order",
      "category.item-order",
      "category.edit",
      "catalogue.import",
    ]);
    const edit = entries[2];
    expect(edit?.before).toMatchObject({ maxProductsPerCart: null });
    expect(edit?.after).toMatchObject({ maxProductsPerCart: 6, names: { ENG: { name: "Cold coffees" } } });
    expect(entries.every((entry) => entry.actor.name.length > 0)).toBe(true);
  });
});
