/**
 * GET /api/staff/stores/:storeId/venue-file: the store as a venue file. Importing the export gives
 * the same catalogue (the guests' menus of every service are identical), into an empty database
 * and into the same one; staff come without PINs, and an import keeps each listed member's PIN.
 */

import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/schema";
import { DEMO_VENUES_DIR, PUBLIC_IMAGES_DIR } from "../../paths";
import { FIXTURE_IMAGES_DIR, sampleVenue } from "../../test-fixtures/venue";
import { testClock } from "../../test-support/clock";
import { FIXTURE } from "../../test-support/orders";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";
import { importDemoVenues } from "../../venue/demo-venues";
import { importVenue } from "../../venue/import";
import type { VenueFile } from "../../venue/venue-file";
import { pinSession, write } from "./admin-test-support";

const clock = testClock("2026-07-01T09:00:00.000Z");
const source = setUpTestDatabase();
const sourceServer = setUpTestApp(() => source.db, { now: clock.now });
const empty = setUpTestDatabase();
const emptyServer = setUpTestApp(() => empty.db, { now: clock.now });

const OTHER_STORE = 101;
const DEMO_STORES = [7, 132];
const venueFileUrl = (storeId: number) => `/api/staff/stores/${storeId}/venue-file`;
const imagesDirOf = (storeId: number) => (DEMO_STORES.includes(storeId) ? PUBLIC_IMAGES_DIR : FIXTURE_IMAGES_DIR);

let admin: Record<string, string>;

async function exportStore(storeId: number, session: Record<string, string>): Promise<VenueFile> {
  const response = await sourceServer.app.inject({ method: "GET", url: venueFileUrl(storeId), headers: session });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["cache-control"]).toBe("no-store");
  return response.json<VenueFile>();
}

/** The guests' menu of every service of the store, at the first spot of each type that sees it. */
async function menusOf(app: FastifyInstance, db: Kysely<Database>, storeId: number): Promise<Map<string, unknown>> {
  const services = await db
    .selectFrom("services")
    .select(["slug", "available_at"])
    .where("store_id", "=", storeId)
    .execute();
  const spots = await db
    .selectFrom("spots")
    .select(["id", "type"])
    .where("store_id", "=", storeId)
    .orderBy("id")
    .execute();
  const menus = new Map<string, unknown>();
  for (const service of services) {
    for (const type of JSON.parse(service.available_at) as string[]) {
      const spot = spots.find((s) => s.type === type);
      if (spot === undefined) continue;
      const response = await app.inject({ method: "GET", url: `/api/tables/${spot.id}/menus/${service.slug}` });
      menus.set(`${spot.id}/${service.slug}`, { status: response.statusCode, body: response.json() });
    }
  }
  expect([...menus.values()].filter((menu) => (menu as { status: number }).status === 200).length).toBeGreaterThan(0);
  return menus;
}

async function importInto(db: Kysely<Database>, file: unknown, storeId: number) {
  return importVenue(db, JSON.parse(JSON.stringify(file)), { imagesDir: imagesDirOf(storeId) });
}

beforeAll(async () => {
  await importFixture(source.db);
  await importFixture(source.db, sampleVenue({ storeId: OTHER_STORE, idOffset: 100_000 }));
  await importDemoVenues(source.db, DEMO_VENUES_DIR, { imagesDir: PUBLIC_IMAGES_DIR });
  admin = await pinSession(sourceServer.app, FIXTURE.storeId, "4821");
  // The export is of the store as it is now, after the venue's own changes.
  const price = await write(sourceServer.app, "PATCH", `/api/staff/stores/1/items/${FIXTURE.greekCoffee}`, admin, {
    priceCents: 315,
  });
  expect(price.statusCode, price.body).toBe(200);
  const stock = await write(sourceServer.app, "PUT", `/api/staff/stores/1/items/${FIXTURE.freddo}/stock`, admin, {
    stockEnabled: true,
    stockAmount: 3,
  });
  expect(stock.statusCode, stock.body).toBe(200);
});

describe("GET /api/staff/stores/:storeId/venue-file", () => {
  it("spec round trip: each store exported and imported into an empty database (PINs added) gives the same guest menu of every service", async () => {
    for (const [storeId, pin] of [
      [FIXTURE.storeId, "4821"],
      [7, "707070"],
      [132, "132013"],
    ] as const) {
      const session = await pinSession(sourceServer.app, storeId, pin);
      const file = await exportStore(storeId, session);
      // A new database has no PINs to keep: the operator gives each member one.
      const staff = (file.staff ?? []).map((member, i) => ({ ...member, pin: String(4000 + i) }));
      const outcome = await importInto(empty.db, { ...file, staff }, storeId);
      expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
      expect(await menusOf(emptyServer.app, empty.db, storeId)).toEqual(
        await menusOf(sourceServer.app, source.db, storeId),
      );
    }
    const freddo = await empty.db
      .selectFrom("items")
      .select(["stock_amount"])
      .where("id", "=", FIXTURE.freddo)
      .executeTakeFirstOrThrow();
    expect(freddo.stock_amount).toBe(3);
  });

  it("the file carries no PIN and no PIN hash; a member without pin keeps their PIN when imported into the same database", async () => {
    const file = await exportStore(FIXTURE.storeId, admin);
    const text = JSON.stringify(file);
    expect(text).not.toContain("scrypt");
    expect(text).not.toContain('"pin"');
    expect(file.staff?.map((m) => m.name)).toEqual(["Maria", "Nikos"]);

    const before = await menusOf(sourceServer.app, source.db, FIXTURE.storeId);
    const outcome = await importInto(source.db, file, FIXTURE.storeId);
    expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
    expect(await menusOf(sourceServer.app, source.db, FIXTURE.storeId)).toEqual(before);
    // Both keep their PINs: they sign in as before.
    await pinSession(sourceServer.app, FIXTURE.storeId, "1357");
    await pinSession(sourceServer.app, FIXTURE.storeId, "4821");
  });

  it("an import with a new member without pin, or a pin another member keeps, is refused path-precisely and changes nothing", async () => {
    const file = await exportStore(FIXTURE.storeId, admin);
    const version = async () =>
      (await source.db.selectFrom("stores").select("catalogue_version").where("id", "=", 1).executeTakeFirstOrThrow())
        .catalogue_version;
    const was = await version();

    const newcomer = { ...file, staff: [...(file.staff ?? []), { id: 302, name: "Eleni", role: "WAITER" as const }] };
    const refused = await importInto(source.db, newcomer, FIXTURE.storeId);
    expect(refused).toEqual({
      ok: false,
      issues: [{ path: "staff[2].pin", message: expect.stringContaining("required for a new staff member") }],
    });

    const clash = {
      ...file,
      staff: [...(file.staff ?? []), { id: 302, name: "Eleni", role: "WAITER" as const, pin: "1357" }],
    };
    const clashed = await importInto(source.db, clash, FIXTURE.storeId);
    expect(clashed).toEqual({
      ok: false,
      issues: [{ path: "staff[2].pin", message: expect.stringContaining("same PIN as the one staff[1] keeps") }],
    });

    expect(await version()).toBe(was);
    expect(await source.db.selectFrom("staff").select("id").where("id", "=", 302).executeTakeFirst()).toBeUndefined();
  });

  it("a member without pin in an empty database is refused: there is no PIN to keep", async () => {
    const file = await exportStore(OTHER_STORE, await pinSession(sourceServer.app, OTHER_STORE, "4821"));
    const fresh = { ...file, store: { ...file.store, id: 555 } };
    const outcome = await importInto(empty.db, fresh, OTHER_STORE);
    expect(outcome.ok).toBe(false);
  });

  it("a waiter → 403, another store's admin → 403, no session → 401", async () => {
    const waiter = await pinSession(sourceServer.app, FIXTURE.storeId, "1357");
    const otherAdmin = await pinSession(sourceServer.app, OTHER_STORE, "4821");
    for (const [headers, status] of [
      [waiter, 403],
      [otherAdmin, 403],
      [{}, 401],
    ] as const) {
      const response = await sourceServer.app.inject({ method: "GET", url: venueFileUrl(1), headers });
      expect(response.statusCode).toBe(status);
    }
  });
});
