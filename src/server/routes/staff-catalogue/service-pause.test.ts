/**
 * PUT/DELETE /api/staff/stores/:storeId/services/:serviceId/pause: a waiter or admin pauses a
 * service now, with a reason guests read, and resumes it; guests' services and menus show it,
 * and a placement to a paused service is refused with SERVICE_PAUSED and nothing created.
 * Two stores: 1 (the fixture) and 101 (the fixture with its ids shifted by 100,000).
 * Clock: 2026-07-01T09:00Z = 12:00 in Athens, the beach bar open all day.
 */
import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import type { ServiceDto, TableResponse } from "../../../domain/api";
import type { ServicePauseState } from "../../../domain/service-pause-api";
import type { StaffCatalogue } from "../../../domain/staff-catalogue-api";
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
const pauseUrl = (serviceId: number = FIXTURE.beachBar, storeId: number = FIXTURE.storeId) =>
  `/api/staff/stores/${storeId}/services/${serviceId}/pause`;

let waiter: Record<string, string>;
let admin: Record<string, string>;
let otherWaiter: Record<string, string>;

function pause(
  session: Record<string, string>,
  payload: object,
  url: string = pauseUrl(),
  key: string = randomUUID(),
): Promise<LightMyRequestResponse> {
  return server.app.inject({ method: "PUT", url, headers: { ...session, "idempotency-key": key }, payload });
}

function resume(session: Record<string, string>, url: string = pauseUrl(), key: string = randomUUID()) {
  return server.app.inject({ method: "DELETE", url, headers: { ...session, "idempotency-key": key } });
}

async function guestService(): Promise<ServiceDto | undefined> {
  const response = await server.app.inject({ method: "GET", url: `/api/tables/${FIXTURE.table}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TableResponse>().services.find((service) => service.serviceId === FIXTURE.beachBar);
}

async function catalogueVersion(): Promise<number> {
  const row = await database.db
    .selectFrom("stores")
    .select("catalogue_version")
    .where("id", "=", FIXTURE.storeId)
    .executeTakeFirstOrThrow();
  return row.catalogue_version;
}

async function storedPause() {
  return database.db
    .selectFrom("services")
    .select(["paused_at", "paused_until", "pause_reason"])
    .where("id", "=", FIXTURE.beachBar)
    .executeTakeFirstOrThrow();
}

async function orderCount(): Promise<number> {
  const row = await database.db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  await importFixture(database.db);
  await importFixture(database.db, sampleVenue({ storeId: OTHER_STORE, idOffset: 100_000 }));
  await openAllDay(database.db, FIXTURE.beachBar);
  waiter = authHeaders(await signInStaff(server.app, FIXTURE.storeId, "1357"));
  admin = authHeaders(await signInStaff(server.app, FIXTURE.storeId, "4821"));
  otherWaiter = authHeaders(await signInStaff(server.app, OTHER_STORE, "1357"));
});

describe("PUT/DELETE /api/staff/stores/:storeId/services/:serviceId/pause", () => {
  it("the waiter's stock and pause: a waiter pauses the beach bar for 30 minutes with a reason; guests see it, a placement is refused with 422 SERVICE_PAUSED and nothing created", async () => {
    const guest = await signInGuest(server.app, database.db, greekMobile(51));
    const draft = testOrderRequest();
    const order = { ...draft, expectedTotalCents: await expectedTotalOf(database.db, guest, draft, clock.now()) };
    const before = await catalogueVersion();
    const response = await pause(waiter, { minutes: 30, reason: "Kitchen break" });
    expect(response.statusCode, response.body).toBe(200);
    const pausedState = {
      serviceId: FIXTURE.beachBar,
      pause: { since: "2026-07-01T09:00:00.000Z", until: "2026-07-01T09:30:00.000Z", reason: "Kitchen break" },
    };
    expect(response.json<ServicePauseState>()).toEqual(pausedState);
    expect(await catalogueVersion()).toBe(before + 1);
    expect((await guestService())?.pause).toEqual(pausedState.pause);

    const orders = await orderCount();
    const placed = await postOrder(server.app, guest, order);
    expect(placed.statusCode, placed.body).toBe(422);
    expect(placed.json()).toMatchObject({ code: "SERVICE_PAUSED" });
    expect(await orderCount()).toBe(orders);
  });

  it("the pause ends by itself when its time passes: the same order goes through then, no job needed", async () => {
    clock.set("2026-07-01T09:30:00.000Z");
    try {
      const guest = await signInGuest(server.app, database.db, greekMobile(52));
      const draft = testOrderRequest();
      const order = { ...draft, expectedTotalCents: await expectedTotalOf(database.db, guest, draft, clock.now()) };
      const placed = await postOrder(server.app, guest, order);
      expect(placed.statusCode, placed.body).toBe(201);
    } finally {
      clock.set("2026-07-01T09:00:00.000Z");
    }
  });

  it("until resumed (minutes null): it holds; an admin's DELETE resumes it and guests can order again", async () => {
    const until = await pause(admin, { minutes: null, reason: "Out of ice" });
    expect(until.statusCode, until.body).toBe(200);
    expect(until.json<ServicePauseState>().pause).toMatchObject({ until: null, reason: "Out of ice" });
    const staffView = await server.app.inject({
      method: "GET",
      url: `/api/staff/stores/${FIXTURE.storeId}/catalogue`,
      headers: waiter,
    });
    expect(
      staffView.json<StaffCatalogue>().services.find((service) => service.serviceId === FIXTURE.beachBar)?.pause,
    ).toMatchObject({ until: null, reason: "Out of ice" });
    const before = await catalogueVersion();
    const resumed = await resume(admin);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json<ServicePauseState>()).toEqual({ serviceId: FIXTURE.beachBar, pause: null });
    expect(await catalogueVersion()).toBe(before + 1);
    expect(await storedPause()).toEqual({ paused_at: null, paused_until: null, pause_reason: null });
    expect((await guestService())?.pause).toBeUndefined();
    const guest = await signInGuest(server.app, database.db, greekMobile(53));
    const draft = testOrderRequest();
    const order = { ...draft, expectedTotalCents: await expectedTotalOf(database.db, guest, draft, clock.now()) };
    const placed = await postOrder(server.app, guest, order);
    expect(placed.statusCode, placed.body).toBe(201);
  });

  it("a replay with the same Idempotency-Key answers the same bytes and changes nothing again", async () => {
    const key = randomUUID();
    const first = await pause(waiter, { minutes: 15, reason: "" }, pauseUrl(), key);
    expect(first.statusCode, first.body).toBe(200);
    const version = await catalogueVersion();
    const replay = await pause(waiter, { minutes: 15, reason: "" }, pauseUrl(), key);
    expect(replay.body).toBe(first.body);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(await catalogueVersion()).toBe(version);
    expect((await resume(waiter)).statusCode).toBe(200);
  });

  it("bad input → 400 VALIDATION_FAILED, nothing changed: minutes out of 5..720 or not whole, a reason over 140 characters or with control characters, a missing field, no key; a guest → 403", async () => {
    const before = await storedPause();
    const version = await catalogueVersion();
    for (const payload of [
      { minutes: 4, reason: "" },
      { minutes: 721, reason: "" },
      { minutes: 30.5, reason: "" },
      { minutes: 30, reason: "x".repeat(141) },
      { minutes: 30, reason: "a\u0000b" },
      { minutes: 30 },
      { reason: "no minutes" },
      { minutes: 30, reason: "", extra: true },
    ]) {
      const response = await pause(waiter, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    }
    const noKey = await server.app.inject({
      method: "PUT",
      url: pauseUrl(),
      headers: waiter,
      payload: { minutes: 30, reason: "" },
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({ code: "IDEMPOTENCY_KEY_REQUIRED" });
    const guest = authHeaders(await signInGuest(server.app, database.db, greekMobile(54)));
    expect((await pause(guest, { minutes: 30, reason: "" })).statusCode).toBe(403);
    expect((await resume(guest)).statusCode).toBe(403);
    expect(await storedPause()).toEqual(before);
    expect(await catalogueVersion()).toBe(version);
  });

  it("a waiter of another store: 403 for this store's path, 404 NOT_FOUND for this store's service under their own; nothing changed", async () => {
    const before = await storedPause();
    const foreign = await pause(otherWaiter, { minutes: 30, reason: "" });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: "FORBIDDEN" });
    const smuggled = await pause(otherWaiter, { minutes: 30, reason: "" }, pauseUrl(FIXTURE.beachBar, OTHER_STORE));
    expect(smuggled.statusCode).toBe(404);
    expect(smuggled.json()).toMatchObject({ code: "NOT_FOUND" });
    expect((await resume(otherWaiter, pauseUrl(FIXTURE.beachBar, OTHER_STORE))).statusCode).toBe(404);
    expect(await storedPause()).toEqual(before);
  });
});
