/**
 * PATCH /api/staff/stores/:storeId/services/:serviceId: an admin changes a service's hours, limits,
 * happy hour and delivery discount by the venue file's rules; guests see it at once; two admins on
 * one service get one clear conflict. Two stores: 1 (the fixture) and 101 (ids shifted by 100,000).
 * Clock: 2026-07-01T09:00Z = 12:00 in Athens.
 */
import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import type { ServiceDto } from "../../../domain/api";
import type { EditableService } from "../../../domain/staff-catalogue-api";
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
const serviceUrl = (serviceId: number = FIXTURE.beachBar, storeId: number = FIXTURE.storeId) =>
  `/api/staff/stores/${storeId}/services/${serviceId}`;

let waiter: Record<string, string>;
let admin: Record<string, string>;
let otherAdmin: Record<string, string>;

function patchService(
  session: Record<string, string>,
  payload: object,
  url: string = serviceUrl(),
  key: string = randomUUID(),
): Promise<LightMyRequestResponse> {
  return server.app.inject({ method: "PATCH", url, headers: { ...session, "idempotency-key": key }, payload });
}

/** The beach bar as a guest at the fixture's table sees it. */
async function guestService(): Promise<ServiceDto | undefined> {
  const table = await server.app.inject({ method: "GET", url: `/api/tables/${FIXTURE.table}` });
  expect(table.statusCode, table.body).toBe(200);
  return table.json<{ services: ServiceDto[] }>().services.find((s) => s.serviceId === FIXTURE.beachBar);
}

async function storedService() {
  return database.db.selectFrom("services").selectAll().where("id", "=", FIXTURE.beachBar).executeTakeFirstOrThrow();
}

beforeAll(async () => {
  await importFixture(database.db);
  await importFixture(database.db, sampleVenue({ storeId: OTHER_STORE, idOffset: 100_000 }));
  await openAllDay(database.db, FIXTURE.beachBar);
  waiter = authHeaders(await signInStaff(server.app, FIXTURE.storeId, "1357"));
  admin = authHeaders(await signInStaff(server.app, FIXTURE.storeId, "4821"));
  otherAdmin = authHeaders(await signInStaff(server.app, OTHER_STORE, "4821"));
});

describe("PATCH /api/staff/stores/:storeId/services/:serviceId", () => {
  it("an admin sets hours and a happy hour within them: the guest's services show both at once", async () => {
    const response = await patchService(admin, {
      hours: { startTime: "09:00", endTime: "01:00" },
      happyHour: { discountPercentage: 20, startTime: "18:00", endTime: "20:00" },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<EditableService>()).toMatchObject({
      serviceId: FIXTURE.beachBar,
      version: 2,
      hours: { startTime: "09:00", endTime: "01:00" },
      happyHour: { discountPercentage: 20, startTime: "18:00", endTime: "20:00" },
    });
    expect(await guestService()).toMatchObject({
      hours: { startTime: "09:00", endTime: "01:00" },
      happyHour: { discountPercentage: 20, startTime: "18:00", endTime: "20:00" },
    });
  });

  it("null removes an optional setting: always open, no happy hour", async () => {
    const response = await patchService(admin, { hours: null, happyHour: null });
    expect(response.statusCode, response.body).toBe(200);
    expect(await guestService()).toMatchObject({ hours: null, happyHour: null });
  });

  it("a minimum order set by the admin refuses a guest's smaller order with MINIMUM_ORDER_NOT_REACHED", async () => {
    const guest = await signInGuest(server.app, database.db, greekMobile(71));
    const draft = testOrderRequest();
    const order = { ...draft, expectedTotalCents: await expectedTotalOf(database.db, guest, draft, clock.now()) };
    const set = await patchService(admin, { minimumOrderCents: 100_000 });
    expect(set.statusCode, set.body).toBe(200);
    const placed = await postOrder(server.app, guest, order);
    expect(placed.statusCode, placed.body).toBe(422);
    expect(placed.json()).toMatchObject({ code: "MINIMUM_ORDER_NOT_REACHED" });
    const reset = await patchService(admin, { minimumOrderCents: 0 });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it("the venue file's rules, with its messages: a happy hour outside the hours, an empty window, a negative minimum, a missing English name; nothing changed", async () => {
    const before = await storedService();
    const outside = await patchService(admin, {
      hours: { startTime: "09:00", endTime: "17:00" },
      happyHour: { discountPercentage: 10, startTime: "18:00", endTime: "19:00" },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "happyHour: 18:00-19:00 is not within the service hours 09:00-17:00",
    });
    const empty = await patchService(admin, { hours: { startTime: "10:00", endTime: "10:00" } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toMatch(/^hours: startTime and endTime are both 10:00/);
    const negative = await patchService(admin, { minimumOrderCents: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json<{ message: string }>().message).toContain("minimumOrderCents");
    const noEnglish = await patchService(admin, { names: { GRE: { name: "Μπαρ" } } });
    expect(noEnglish.statusCode).toBe(400);
    expect(noEnglish.json<{ message: string }>().message).toContain("ENG");
    expect(await storedService()).toEqual(before);
  });

  it("two admins edit one version: one wins, the other gets 409 SERVICE_CHANGED with the current version", async () => {
    const { version } = await storedService();
    const [first, second] = await Promise.all([
      patchService(admin, { version, maxItemsPerOrder: 12 }),
      patchService(admin, { version, maxItemsPerOrder: 30 }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json()).toMatchObject({ code: "SERVICE_CHANGED", details: { version: version + 1 } });
    expect((await storedService()).version).toBe(version + 1);
  });

  it("a waiter 403; an admin of another store 403 here and 404 for this service under their own store; nothing changed", async () => {
    const before = await storedService();
    const asWaiter = await patchService(waiter, { maxItemsPerOrder: 3 });
    expect(asWaiter.statusCode).toBe(403);
    const foreign = await patchService(otherAdmin, { maxItemsPerOrder: 3 });
    expect(foreign.statusCode).toBe(403);
    const smuggled = await patchService(otherAdmin, { maxItemsPerOrder: 3 }, serviceUrl(FIXTURE.beachBar, OTHER_STORE));
    expect(smuggled.statusCode).toBe(404);
    expect(await storedService()).toEqual(before);
  });

  it("a replay with the same Idempotency-Key answers the same bytes and moves no version", async () => {
    const key = randomUUID();
    const first = await patchService(admin, { delayedResponse: true }, serviceUrl(), key);
    expect(first.statusCode, first.body).toBe(200);
    const replay = await patchService(admin, { delayedResponse: true }, serviceUrl(), key);
    expect(replay.body).toBe(first.body);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect((await storedService()).version).toBe(first.json<EditableService>().version);
    const undo = await patchService(admin, { delayedResponse: false });
    expect(undo.statusCode).toBe(200);
  });
});
