import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Value from "typebox/value";
import { beforeAll, describe, expect, it } from "vitest";
import { type MenuResponse, MenuResponseSchema } from "../../../domain/api";
import { openDurableSqlite } from "../../db/database";
import { sampleVenue } from "../../test-fixtures/venue";
import { importFixture } from "../../test-support/seed";
import { buildTestApp, setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const ctx = setUpTestDatabase();
const server = setUpTestApp(() => ctx.db);

beforeAll(async () => {
  await importFixture(ctx.db);
});

const menuUrl = "/api/services/10/menu";

describe("GET /api/services/:serviceId/menu (brief §3)", () => {
  it("200: the whole menu in one response, matching MenuResponseSchema", async () => {
    const response = await server.app.inject({ method: "GET", url: menuUrl });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    const menu: MenuResponse = response.json();
    expect([...Value.Errors(MenuResponseSchema, menu)]).toEqual([]);
    expect(menu.storeId).toBe(1);
    expect(menu.serviceId).toBe(10);
  });

  it("categories and items come in the file's order; items carry their category's name and limit (spec §3 item)", async () => {
    const menu: MenuResponse = (await server.app.inject({ method: "GET", url: menuUrl })).json();
    expect(menu.categories.map((c) => [c.id, c.names.ENG.name, c.maxProductsPerCart])).toEqual([
      [100, "Coffee", null],
      [101, "Deals", 2],
      [102, "Fish", null],
    ]);
    expect(
      menu.items.map((i) => [i.id, i.categoryId, i.productCategoryName, i.maxProductsPerCartForThisCategory]),
    ).toEqual([
      [1000, 100, "Coffee", null],
      [1001, 100, "Coffee", null],
      [1002, 101, "Deals", 2],
      [1003, 102, "Fish", null],
    ]);
  });

  it("an item carries prices in cents, flags, stock and its subselection groups with options in order (spec §3)", async () => {
    const menu: MenuResponse = (await server.app.inject({ method: "GET", url: menuUrl })).json();
    const [espresso, greekCoffee, , fish] = menu.items;
    expect(espresso).toMatchObject({
      names: { GRE: { name: "Φρέντο εσπρέσο" }, ENG: { name: "Freddo espresso" }, ITA: { name: "Freddo espresso" } },
      photo: "/images/fixture/espresso.svg",
      priceCents: 350,
      membershipPriceCents: 0,
      memberPriceEnabled: true,
      measurable: true,
      perKg: false,
      stockEnabled: false,
      stockAmount: null,
    });
    expect(
      espresso?.subselections.map((g) => [g.id, g.type, g.mandatory, g.maximumSelected, g.priceAggregated]),
    ).toEqual([
      [5000, "RADIO_BUTTON", true, null, false],
      [5001, "CHECKBOX", false, 2, true],
    ]);
    expect(espresso?.subselections[1]?.options.map((o) => [o.id, o.priceCents, o.isSelected])).toEqual([
      [50010, 50, false],
      [50011, 40, false],
      [50012, 0, false],
    ]);
    expect(espresso?.subselections[0]?.options[0]?.isSelected).toBe(true);
    expect(greekCoffee).toMatchObject({
      stockEnabled: true,
      stockAlignedToCartAddition: true,
      stockAmount: 12,
      subselections: [],
    });
    expect(fish).toMatchObject({ perKg: true, measurable: false, priceCents: 6500 });
  });

  it("has a strong ETag and Cache-Control: no-cache, so the service worker revalidates", async () => {
    const response = await server.app.inject({ method: "GET", url: menuUrl });
    expect(response.headers.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.headers.vary).toBe("Accept-Encoding");
  });

  it("If-None-Match with the current ETag → 304 with an empty body", async () => {
    const first = await server.app.inject({ method: "GET", url: menuUrl });
    const etag = String(first.headers.etag);
    const second = await server.app.inject({ method: "GET", url: menuUrl, headers: { "if-none-match": etag } });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe("");
    expect(second.headers.etag).toBe(etag);
    const weak = await server.app.inject({
      method: "GET",
      url: menuUrl,
      headers: { "if-none-match": `"other", W/${etag}` },
    });
    expect(weak.statusCode).toBe(304);
  });

  it("If-None-Match with an old ETag → 200 with the menu", async () => {
    const response = await server.app.inject({ method: "GET", url: menuUrl, headers: { "if-none-match": '"stale"' } });
    expect(response.statusCode).toBe(200);
    expect(response.json<MenuResponse>().serviceId).toBe(10);
  });

  it("serves brotli or gzip when the client accepts it, with its own ETag, same content", async () => {
    const plain = await server.app.inject({ method: "GET", url: menuUrl });
    const br = await server.app.inject({
      method: "GET",
      url: menuUrl,
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-br"`);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await server.app.inject({ method: "GET", url: menuUrl, headers: { "accept-encoding": "gzip, br;q=0" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    // A copy stored in any encoding is current: 304.
    const revalidate = await server.app.inject({
      method: "GET",
      url: menuUrl,
      headers: { "if-none-match": String(gz.headers.etag) },
    });
    expect(revalidate.statusCode).toBe(304);
  });

  it("404 SERVICE_NOT_FOUND for an unknown service, 400 VALIDATION_FAILED for a malformed id", async () => {
    const missing = await server.app.inject({ method: "GET", url: "/api/services/424242/menu" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: "SERVICE_NOT_FOUND", message: "There is no service 424242" });
    const malformed = await server.app.inject({ method: "GET", url: "/api/services/ten/menu" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: "VALIDATION_FAILED" });
  });

  it("an import in the same process is visible on the very next request (cache invalidated on import)", async () => {
    const before = await server.app.inject({ method: "GET", url: menuUrl });
    const venue = structuredClone(sampleVenue());
    const espresso = venue.services[0]?.categories[0]?.items[0];
    if (espresso) espresso.priceCents = 420;
    await importFixture(ctx.db, venue);
    const after = await server.app.inject({
      method: "GET",
      url: menuUrl,
      headers: { "if-none-match": String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json<MenuResponse>().items[0]?.priceCents).toBe(420);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});

describe("GET /api/tables/:tableId/menus/:serviceSlug (the menu asked for together with its table)", () => {
  it("answers the same body and ETag as /api/services/:serviceId/menu for the table's service with that slug", async () => {
    const bySlug = await server.app.inject({ method: "GET", url: "/api/tables/200/menus/beach-bar" });
    const byId = await server.app.inject({ method: "GET", url: menuUrl });
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.body).toBe(byId.body);
    expect(bySlug.headers.etag).toBe(byId.headers.etag);
    expect(bySlug.headers["cache-control"]).toBe("no-cache");
    const revalidate = await server.app.inject({
      method: "GET",
      url: "/api/tables/200/menus/beach-bar",
      headers: { "if-none-match": String(byId.headers.etag), "accept-encoding": "br" },
    });
    expect(revalidate.statusCode).toBe(304);
  });

  it("404 SERVICE_NOT_FOUND for a slug the store lacks, and for a service not offered at this kind of spot", async () => {
    const unknown = await server.app.inject({ method: "GET", url: "/api/tables/200/menus/no-such-service" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: "SERVICE_NOT_FOUND" });
    // Room service is not in table 200's list of services (GET /api/tables/200), so not its menu either.
    const notHere = await server.app.inject({ method: "GET", url: "/api/tables/200/menus/room-service" });
    expect(notHere.statusCode).toBe(404);
    expect(notHere.json()).toMatchObject({ code: "SERVICE_NOT_FOUND" });
    const room = await server.app.inject({ method: "GET", url: "/api/tables/203/menus/room-service" });
    expect(room.statusCode).toBe(200);
  });

  it("404 TABLE_NOT_FOUND for an unknown table; 400 VALIDATION_FAILED for a malformed id or slug or any query", async () => {
    const missing = await server.app.inject({ method: "GET", url: "/api/tables/999999/menus/beach-bar" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: "TABLE_NOT_FOUND", message: "There is no table 999999" });
    for (const url of [
      "/api/tables/abc/menus/beach-bar",
      "/api/tables/200/menus/Beach_Bar",
      "/api/tables/200/menus/beach-bar?serviceId=10",
    ]) {
      const response = await server.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    }
  });
});

describe("a menu answered while a commit is still to be synced", () => {
  it("read from the database first, it is sent once, after the sync, and the server stays up", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "menu-durable-"));
    const other = openDurableSqlite(path.join(dir, "venue.sqlite"));
    // A fresh app: its menu cache is empty, so each menu is loaded (the path that answers later).
    const app = buildTestApp(ctx.db);
    // Another request's commit, made before each menu is sent: its sync has not run yet.
    app.addHook("preHandler", async () => other.barrier.committed());
    // Over a real socket: a second answer written to it throws ERR_HTTP_HEADERS_SENT, which fails
    // the run as an unhandled error (app.inject's stand-in response let it pass).
    try {
      const base = await app.listen({ port: 0, host: "127.0.0.1" });
      const answers = await Promise.all([fetch(`${base}${menuUrl}`), fetch(`${base}/api/tables/200/menus/beach-bar`)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const bodies = await Promise.all(answers.map((answer) => answer.json() as Promise<MenuResponse>));
      expect(bodies.map((body) => body.serviceId)).toEqual([10, 10]);
      expect(other.barrier.pending).toBe(false);
    } finally {
      await app.close();
      await other.db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("menu cache: at most one version check per second per service (brief §3)", () => {
  it("a change by another process (catalogue_version bumped in the database) shows once the check interval has passed", async () => {
    let now = 1_000_000;
    const app = buildTestApp(ctx.db, { menuCache: { now: () => now } });
    try {
      const first = await app.inject({ method: "GET", url: menuUrl });
      // Another process imports: rows and version change in the database, no in-process event.
      await ctx.db.updateTable("items").set({ price_cents: 999 }).where("id", "=", 1000).execute();
      await ctx.db
        .updateTable("stores")
        .set((eb) => ({ catalogue_version: eb("catalogue_version", "+", 1) }))
        .where("id", "=", 1)
        .execute();

      now += 500;
      const withinInterval = await app.inject({ method: "GET", url: menuUrl });
      expect(withinInterval.headers.etag).toBe(first.headers.etag);

      now += 600;
      const afterInterval = await app.inject({ method: "GET", url: menuUrl });
      expect(afterInterval.headers.etag).not.toBe(first.headers.etag);
      expect(afterInterval.json<MenuResponse>().items[0]?.priceCents).toBe(999);
    } finally {
      await app.close();
    }
  });
});
