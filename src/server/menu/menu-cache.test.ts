/**
 * Menus (and which service a guest link names) are answered from memory, and that copy
 * is never older than a change made in this process. Every way a menu changes is here: an order
 * that takes stock, an import (prices, spots, services, availability), and a change that lands
 * while a copy is being built. (A change by another process shows within the check interval:
 * routes/services/menu.test.ts.)
 */
import type { Kysely, KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { MenuResponse } from "../../domain/api";
import { databaseTarget, openDatabase } from "../db/database";
import type { Database } from "../db/schema";
import { sampleVenue } from "../test-fixtures/venue";
import { greekMobile, signInGuest } from "../test-support/accounts";
import { FIXTURE, placeTestOrder } from "../test-support/orders";
import { importFixture } from "../test-support/seed";
import { setUpTestApp } from "../test-support/test-app";
import { setUpTestDatabase } from "../test-support/test-database";
import { MenuCache } from "./menu-cache";

const ctx = setUpTestDatabase();
const server = setUpTestApp(() => ctx.db);
const byId = `/api/services/${FIXTURE.beachBar}/menu`;
const bySlug = `/api/tables/${FIXTURE.table}/menus/beach-bar`;

/** The database as another connection sees it: changes made there are not seen by this process's caches. */
let other: Kysely<Database>;

beforeAll(async () => {
  await importFixture(ctx.db);
  other = openDatabase(databaseTarget(ctx.env.DATABASE_URL ?? null, ctx.env.DATA_DIR ?? "")).db;
});
afterAll(async () => {
  await other.destroy();
});
beforeEach(async () => {
  await importFixture(ctx.db);
});

async function read(url: string, headers: Record<string, string> = {}) {
  return server.app.inject({ method: "GET", url, headers });
}

function itemOf(menu: MenuResponse, itemId: number) {
  return menu.items.find((item) => item.id === itemId);
}

describe("a cached menu is never older than a change made in this process", () => {
  it("an order that takes stock: both menu routes show the new amount on the very next request, and the old ETag gets a 200", async () => {
    const warmById = await read(byId);
    const warmBySlug = await read(bySlug);
    expect(itemOf(warmById.json(), FIXTURE.greekCoffee)?.stockAmount).toBe(12);
    expect((await read(byId, { "if-none-match": String(warmById.headers.etag) })).statusCode).toBe(304);

    const guest = await signInGuest(server.app, ctx.db, greekMobile(1));
    // Three: above the minimum order at any hour, the beach bar's happy hour (20 % off) included.
    await placeTestOrder(server.app, ctx.db, guest, {
      lines: [{ itemId: FIXTURE.greekCoffee, quantity: 3, kilos: null, comment: "", selection: {} }],
    });

    for (const [url, warm] of [
      [byId, warmById],
      [bySlug, warmBySlug],
    ] as const) {
      const after = await read(url, { "if-none-match": String(warm.headers.etag) });
      expect(after.statusCode, url).toBe(200);
      expect(after.headers.etag, url).not.toBe(warm.headers.etag);
      expect(itemOf(after.json(), FIXTURE.greekCoffee)?.stockAmount, url).toBe(9);
    }
  });

  it("an import: a new price, a table it creates, a slug it renames and a spot type it stops serving show at once", async () => {
    const newTable = 299;
    // Each answer is cached first, so that only an invalidation can change it.
    expect((await read(byId)).json<MenuResponse>().items[0]?.priceCents).toBe(350);
    expect((await read(`/api/tables/${newTable}/menus/beach-bar`)).json()).toMatchObject({ code: "TABLE_NOT_FOUND" });
    expect((await read("/api/tables/200/menus/seaside-bar")).json()).toMatchObject({ code: "SERVICE_NOT_FOUND" });
    expect((await read(`/api/tables/${FIXTURE.umbrella}/menus/beach-bar`)).statusCode).toBe(200);
    expect((await read(`/api/tables/${FIXTURE.umbrella}/menus/room-service`)).statusCode).toBe(404);

    const venue = structuredClone(sampleVenue());
    const [bar, roomService] = venue.services;
    const espresso = bar?.categories[0]?.items[0];
    if (!bar || !roomService || !espresso) throw new Error("the fixture changed");
    espresso.priceCents = 420;
    bar.slug = "seaside-bar";
    // Umbrellas now order from room service only.
    bar.availableAt = bar.availableAt.filter((type) => type !== "UMBRELLA_AT_HOTEL");
    roomService.availableAt = [...roomService.availableAt, "UMBRELLA_AT_HOTEL"];
    venue.spots.push({ id: newTable, name: "Table 99", type: "TABLE" });
    await importFixture(ctx.db, venue);

    expect((await read(byId)).json<MenuResponse>().items[0]?.priceCents).toBe(420);
    const created = await read(`/api/tables/${newTable}/menus/seaside-bar`);
    expect(created.statusCode).toBe(200);
    expect(created.json<MenuResponse>().items[0]?.priceCents).toBe(420);
    expect((await read("/api/tables/200/menus/seaside-bar")).statusCode).toBe(200);
    expect((await read("/api/tables/200/menus/beach-bar")).json()).toMatchObject({ code: "SERVICE_NOT_FOUND" });
    expect((await read(`/api/tables/${FIXTURE.umbrella}/menus/seaside-bar`)).json()).toMatchObject({
      code: "SERVICE_NOT_FOUND",
    });
    expect((await read(`/api/tables/${FIXTURE.umbrella}/menus/room-service`)).statusCode).toBe(200);
  });
});

/**
 * Lets a query run, then holds its answer back while `during` runs: a change that commits after
 * the cache read the database and before it kept (or handed out) what it read.
 */
class ChangeAfterRead implements KyselyPlugin {
  readonly #watched = new WeakSet<object>();
  #seen = 0;
  constructor(
    private readonly matches: (sql: string) => boolean,
    private readonly nth: number,
    private readonly during: () => Promise<void>,
  ) {}
  transformQuery({ node, queryId }: PluginTransformQueryArgs) {
    if (this.matches(JSON.stringify(node)) && ++this.#seen === this.nth) this.#watched.add(queryId);
    return node;
  }
  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<Record<string, unknown>>> {
    if (this.#watched.has(queryId)) await this.during();
    return result;
  }
}

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** What an import does to the espresso's price, from another connection: rows and version together. */
async function repriceEspresso(priceCents: number): Promise<void> {
  await other.transaction().execute(async (trx) => {
    await trx.updateTable("items").set({ price_cents: priceCents }).where("id", "=", FIXTURE.freddo).execute();
    await trx
      .updateTable("stores")
      .set((eb) => ({ catalogue_version: eb("catalogue_version", "+", 1) }))
      .where("id", "=", FIXTURE.storeId)
      .execute();
  });
}

function priceIn(menu: { body: { identity: { bytes: Buffer } } } | null): number | undefined {
  const document = JSON.parse(menu?.body.identity.bytes.toString() ?? "null") as MenuResponse | null;
  return document === null ? undefined : itemOf(document, FIXTURE.freddo)?.priceCents;
}

describe("a copy read before a change is neither kept nor handed to a later request", () => {
  it("menus: a build whose rows were read before a change (invalidated meanwhile) does not answer a request made after it", async () => {
    const changed = deferred();
    let cache: MenuCache | undefined;
    // The second version check of a build: the rows and the version have been read, unchanged.
    const plugin = new ChangeAfterRead(
      (sql) => sql.includes('"catalogue_version"'),
      2,
      async () => {
        await repriceEspresso(777);
        cache?.invalidateStore(FIXTURE.storeId);
        changed.resolve();
      },
    );
    cache = new MenuCache(ctx.db.withPlugin(plugin));
    try {
      const startedBefore = cache.load(FIXTURE.beachBar);
      await changed.promise;
      const requestedAfter = cache.load(FIXTURE.beachBar);
      // The one that started before the change may answer what it read; a later one may not.
      expect(priceIn(await startedBefore)).toBe(350);
      expect(priceIn(await requestedAfter)).toBe(777);
      expect(priceIn(await cache.load(FIXTURE.beachBar))).toBe(777);
    } finally {
      cache.close();
    }
  });

  it("guest links: a lookup that read before an import (invalidated meanwhile) is neither kept nor shared", async () => {
    const changed = deferred();
    let cache: MenuCache | undefined;
    const plugin = new ChangeAfterRead(
      (sql) => sql.includes('"spots"') && sql.includes('"slug"'),
      1,
      async () => {
        // The import renames the service: beach-bar is no longer a slug of the store.
        await other.updateTable("services").set({ slug: "seaside-bar" }).where("id", "=", FIXTURE.beachBar).execute();
        cache?.invalidateStore(FIXTURE.storeId);
        changed.resolve();
      },
    );
    cache = new MenuCache(ctx.db.withPlugin(plugin));
    try {
      const startedBefore = cache.spots.load(FIXTURE.table, "beach-bar");
      await changed.promise;
      const requestedAfter = cache.spots.load(FIXTURE.table, "beach-bar");
      expect(await startedBefore).toMatchObject({ found: true, serviceId: FIXTURE.beachBar });
      expect(await requestedAfter).toMatchObject({ found: false, code: "SERVICE_NOT_FOUND" });
      expect(cache.spots.peek(FIXTURE.table, "beach-bar")).toMatchObject({ found: false });
    } finally {
      cache.close();
    }
  });

  it("an unknown service read just before an import created it is not remembered as missing", async () => {
    const changed = deferred();
    let cache: MenuCache | undefined;
    const plugin = new ChangeAfterRead(
      (sql) => sql.includes('"catalogue_version"'),
      1,
      async () => {
        cache?.invalidateStore(FIXTURE.storeId);
        changed.resolve();
      },
    );
    cache = new MenuCache(ctx.db.withPlugin(plugin));
    try {
      expect(await cache.load(424242)).toBeNull();
      await changed.promise;
      expect(cache.peek(424242)).toBeUndefined();
    } finally {
      cache.close();
    }
  });
});
