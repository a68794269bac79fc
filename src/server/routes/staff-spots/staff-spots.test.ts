/**
 * An admin adds and edits the spots guests order from and downloads their QR sheet: a new spot's
 * link opens its services at once; the venue file's rules hold (a type some service is available
 * at, the file's limits); ids are never reused; two admins on one spot get one clear conflict.
 * Two stores: 1 (the fixture: spots 200-205) and 101 (ids shifted by 100,000: spots 100200-100205).
 */
import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import type { TableResponse } from "../../../domain/api";
import type { StaffSpot, StaffSpots } from "../../../domain/staff-spots-api";
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
const spotsUrl = `/api/staff/stores/${FIXTURE.storeId}/spots`;

let waiter: Record<string, string>;
let admin: Record<string, string>;
let otherAdmin: Record<string, string>;

function send(
  method: "POST" | "PATCH",
  session: Record<string, string>,
  url: string,
  payload: object,
  key: string = randomUUID(),
): Promise<LightMyRequestResponse> {
  return server.app.inject({ method, url, headers: { ...session, "idempotency-key": key }, payload });
}

async function spotsOfStore(): Promise<StaffSpots> {
  const response = await server.app.inject({ method: "GET", url: spotsUrl, headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StaffSpots>();
}

async function catalogueVersion(): Promise<number> {
  const row = await database.db
    .selectFrom("stores")
    .select("catalogue_version")
    .where("id", "=", FIXTURE.storeId)
    .executeTakeFirstOrThrow();
  return row.catalogue_version;
}

async function spotCount(): Promise<number> {
  const rows = await database.db.selectFrom("spots").select("id").execute();
  return rows.length;
}

beforeAll(async () => {
  await importFixture(database.db);
  await importFixture(database.db, sampleVenue({ storeId: OTHER_STORE, idOffset: 100_000 }));
  waiter = authHeaders(await signInStaff(server.app, FIXTURE.storeId, "1357"));
  admin = authHeaders(await signInStaff(server.app, FIXTURE.storeId, "4821"));
  otherAdmin = authHeaders(await signInStaff(server.app, OTHER_STORE, "4821"));
});

describe("the store's spots, as an admin changes them", () => {
  it("lists the spots in floor order with the address each QR code opens, and the floor's sections", async () => {
    const { spots, sections } = await spotsOfStore();
    expect(spots.map((spot) => spot.spotId)).toEqual([200, 201, 202, 203, 204, 205]);
    expect(spots[0]).toMatchObject({ name: "Table 1", type: "TABLE", capacity: 4, section: "Terrace", version: 1 });
    expect(spots[0]?.url).toMatch(/\/menu\/200$/);
    expect(sections).toEqual(expect.arrayContaining(["Terrace", "Front row"]));
  });

  it("an admin adds an umbrella in a new section: the next free id, the section added to the floor, and its link opens the beach bar at once", async () => {
    const response = await send("POST", admin, spotsUrl, {
      name: "Umbrella 40",
      type: "UMBRELLA_AT_HOTEL",
      capacity: 2,
      section: "Pool",
    });
    expect(response.statusCode, response.body).toBe(201);
    const spot = response.json<StaffSpot>();
    // The other store's spots end at 100205: ids are global, since a QR code names only the spot.
    expect(spot).toMatchObject({ spotId: 100_206, name: "Umbrella 40", section: "Pool", capacity: 2, version: 1 });
    expect((await spotsOfStore()).sections).toContain("Pool");
    const table = await server.app.inject({ method: "GET", url: `/api/tables/${spot.spotId}` });
    expect(table.statusCode, table.body).toBe(200);
    const opened = table.json<TableResponse>();
    expect(opened.spot.name).toBe("Umbrella 40");
    expect(opened.services.map((service) => service.slug)).toContain("beach-bar");
  });

  it("back office bad input, refused with nothing added and the catalogue version unchanged: a taken id (409 SPOT_ID_TAKEN, even another store's), a type no service serves, a capacity past the file's limit, a waiter calling this admin route", async () => {
    const before = await spotCount();
    const versionBefore = await catalogueVersion();
    const taken = await send("POST", admin, spotsUrl, { id: 100_200, name: "Copy", type: "TABLE" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: "SPOT_ID_TAKEN", message: "id: 100200 is already a spot's" });
    const unserved = await send("POST", admin, spotsUrl, { name: "Lobby", type: "TABLE_AT_HOTEL" });
    expect(unserved.statusCode).toBe(400);
    expect(unserved.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "type: no service is available at TABLE_AT_HOTEL spots",
    });
    const crowded = await send("POST", admin, spotsUrl, { name: "Hall", type: "TABLE", capacity: 1001 });
    expect(crowded.statusCode).toBe(400);
    expect(crowded.json()).toMatchObject({ code: "VALIDATION_FAILED", message: "body.capacity: must be <= 1000" });
    const byWaiter = await send("POST", waiter, spotsUrl, { name: "T9", type: "TABLE" });
    expect(byWaiter.statusCode).toBe(403);
    expect(byWaiter.json()).toMatchObject({ code: "FORBIDDEN", message: "Only an admin of the store can do this" });
    expect(await spotCount()).toBe(before);
    expect(await catalogueVersion()).toBe(versionBefore);
  });

  it("admins of two stores adding spots at the same moment each get a spot of their own: distinct ids, no error", async () => {
    const adds = await Promise.all([
      send("POST", admin, spotsUrl, { name: "Sunbed A", type: "UMBRELLA_AT_HOTEL" }),
      send("POST", otherAdmin, `/api/staff/stores/${OTHER_STORE}/spots`, {
        name: "Sunbed B",
        type: "UMBRELLA_AT_HOTEL",
      }),
      send("POST", admin, spotsUrl, { name: "Sunbed C", type: "UMBRELLA_AT_HOTEL" }),
    ]);
    expect(adds.map((add) => add.statusCode)).toEqual([201, 201, 201]);
    const ids = adds.map((add) => add.json<StaffSpot>().spotId);
    expect(new Set(ids).size).toBe(3);
    // One given id asked twice at once: one spot, and one clear conflict.
    const twice = await Promise.all([
      send("POST", admin, spotsUrl, { id: 300_000, name: "Cabana 1", type: "UMBRELLA_AT_HOTEL" }),
      send("POST", admin, spotsUrl, { id: 300_000, name: "Cabana 2", type: "UMBRELLA_AT_HOTEL" }),
    ]);
    expect(twice.map((add) => add.statusCode).sort()).toEqual([201, 409]);
    expect(twice.find((add) => add.statusCode === 409)?.json()).toMatchObject({ code: "SPOT_ID_TAKEN" });
  });

  it("an admin edits a table's capacity; a second admin on the old version gets 409 SPOT_CHANGED with the current one", async () => {
    const url = `${spotsUrl}/200`;
    const first = await send("PATCH", admin, url, { version: 1, capacity: 6 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<StaffSpot>()).toMatchObject({ spotId: 200, capacity: 6, version: 2 });
    const stale = await send("PATCH", admin, url, { version: 1, capacity: 8 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: "SPOT_CHANGED", details: { version: 2 } });
    const table = await server.app.inject({ method: "GET", url: "/api/tables/200" });
    expect(table.json<TableResponse>().spot.capacity).toBe(6);
  });

  it("back office bad input: an id of another store: its admin gets 403 here, 404 for this store's spot under their own store; the spot and the catalogue version unchanged", async () => {
    const versionBefore = await catalogueVersion();
    const foreign = await send("PATCH", otherAdmin, `${spotsUrl}/201`, { capacity: 9 });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: "FORBIDDEN", message: "Only the staff of this store can do this" });
    const smuggled = await send("PATCH", otherAdmin, `/api/staff/stores/${OTHER_STORE}/spots/201`, { capacity: 9 });
    expect(smuggled.statusCode).toBe(404);
    expect(smuggled.json()).toMatchObject({ code: "NOT_FOUND", message: "There is no spot 201 in this store" });
    expect((await spotsOfStore()).spots.find((spot) => spot.spotId === 201)?.capacity).toBe(2);
    expect(await catalogueVersion()).toBe(versionBefore);
  });
});

describe("GET /api/staff/stores/:storeId/qr-sheet", () => {
  it("downloads the printable sheet of every spot, or of one, as venue:qr writes it", async () => {
    const all = await server.app.inject({
      method: "GET",
      url: `/api/staff/stores/${FIXTURE.storeId}/qr-sheet`,
      headers: admin,
    });
    expect(all.statusCode).toBe(200);
    expect(all.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(all.headers["content-disposition"]).toBe(`attachment; filename="qr-store-${FIXTURE.storeId}.html"`);
    const spots = (await spotsOfStore()).spots;
    expect(all.body.match(/<figure class="card"/g)).toHaveLength(spots.length);
    const one = await server.app.inject({
      method: "GET",
      url: `/api/staff/stores/${FIXTURE.storeId}/qr-sheet?spotId=201`,
      headers: admin,
    });
    expect(one.statusCode).toBe(200);
    expect(one.body.match(/<figure class="card" data-spot-id="(\d+)"/g)).toEqual([
      '<figure class="card" data-spot-id="201"',
    ]);
    expect(one.body).toContain("data:image/png;base64,");
  });

  it("another store's spot 404; a waiter 403", async () => {
    const foreign = await server.app.inject({
      method: "GET",
      url: `/api/staff/stores/${FIXTURE.storeId}/qr-sheet?spotId=100201`,
      headers: admin,
    });
    expect(foreign.statusCode).toBe(404);
    const asWaiter = await server.app.inject({
      method: "GET",
      url: `/api/staff/stores/${FIXTURE.storeId}/qr-sheet`,
      headers: waiter,
    });
    expect(asWaiter.statusCode).toBe(403);
  });
});
