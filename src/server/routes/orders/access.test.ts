/**
 * Reading orders (a guest cannot read another guest's order; the polling
 * fallback GET .../status) and the checkout's options.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "../../../domain/auth-api";
import type { CheckoutOptions, OrderDto, OrderStatusEvent } from "../../../domain/orders-api";
import { sampleVenue } from "../../test-fixtures/venue";
import { authHeaders, greekMobile, type SignedInGuest, signInGuest } from "../../test-support/accounts";
import { testClock } from "../../test-support/clock";
import { FIXTURE, placeTestOrder, setStoreOrderSettings } from "../../test-support/orders";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const ctx = setUpTestDatabase();
const clock = testClock("2026-07-01T09:00:00.000Z");
const server = setUpTestApp(() => ctx.db, { now: clock.now });

let owner: SignedInGuest;
let stranger: SignedInGuest;
let order: OrderDto;

async function staffSession(storeId: number, pin: string) {
  const login = await server.app.inject({
    method: "POST",
    url: `/api/authenticate/login/pin?pin=${pin}&storeId=${storeId}`,
  });
  expect(login.statusCode, login.body).toBe(200);
  const body = login.json<SessionResponse>();
  return { authToken: body.authToken.token, jwt: body.jwt };
}

beforeAll(async () => {
  await importFixture(ctx.db);
  await importFixture(ctx.db, sampleVenue({ storeId: 2, idOffset: 10_000 }));
  owner = await signInGuest(server.app, ctx.db, greekMobile(1));
  stranger = await signInGuest(server.app, ctx.db, greekMobile(2));
  order = await placeTestOrder(server.app, ctx.db, owner, {}, { now: clock.now() });
});

const get = (url: string, session: { authToken: string; jwt: string }) =>
  server.app.inject({ method: "GET", url, headers: authHeaders(session) });

describe("GET /api/orders/:orderId and /status (its guest, or staff of its store)", () => {
  it("the guest reads their order and its status", async () => {
    const response = await get(`/api/orders/${order.id}`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.json<OrderDto>()).toEqual(order);
    const status = await get(`/api/orders/${order.id}/status`, owner);
    expect(status.json<OrderStatusEvent>()).toEqual({
      orderId: order.id,
      storeId: FIXTURE.storeId,
      status: "WAITING_FOR_ACCEPTANCE",
      onHold: false,
      dailyNumber: order.dailyNumber,
      errorMessage: null,
      updatedAt: order.updatedAt,
      preparation: null,
    });
  });

  it("another guest gets 404 ORDER_NOT_FOUND, the same as for an order that does not exist", async () => {
    for (const url of [`/api/orders/${order.id}`, `/api/orders/${order.id}/status`]) {
      const response = await get(url, stranger);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: "ORDER_NOT_FOUND" });
    }
    const missing = await get("/api/orders/999999", stranger);
    expect(missing.json()).toEqual((await get(`/api/orders/${order.id}`, stranger)).json());
  });

  it("staff of the order's store read it; staff of another store get 404", async () => {
    expect((await get(`/api/orders/${order.id}`, await staffSession(1, "4821"))).statusCode).toBe(200);
    expect((await get(`/api/orders/${order.id}`, await staffSession(2, "4821"))).statusCode).toBe(404);
  });

  it("without a session: 401", async () => {
    expect((await server.app.inject({ method: "GET", url: `/api/orders/${order.id}` })).statusCode).toBe(401);
  });
});

describe("GET /api/checkout (CheckoutOptions)", () => {
  const options = async (serviceId: number, tableId: number) => {
    const response = await server.app.inject({
      method: "GET",
      url: `/api/checkout?serviceId=${serviceId}&tableId=${tableId}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CheckoutOptions>();
  };

  it("a table: the store's table-like spots (tables, umbrellas, chairs; not PDAs), cash and card", async () => {
    expect(await options(FIXTURE.beachBar, FIXTURE.table)).toEqual({
      availableTables: [
        { id: FIXTURE.table, name: "Table 1" },
        { id: FIXTURE.umbrella, name: "Umbrella 12" },
        { id: FIXTURE.chair, name: "Chair 7" },
      ],
      tableSelectionRequired: false,
      availableChargingRooms: [],
      paymentTypes: ["CASH", "CARD"],
      deliveryDetailsRequired: false,
      locationRequired: false,
      scheduledOrdersEnabled: false,
      acceptanceMinutes: 10,
    });
  });

  it("a PDA must pick a table; a delivery link needs the details; a hotel with charge to room lists its rooms", async () => {
    expect((await options(FIXTURE.beachBar, FIXTURE.pda)).tableSelectionRequired).toBe(true);
    expect((await options(FIXTURE.beachBar, FIXTURE.delivery)).deliveryDetailsRequired).toBe(true);
    await setStoreOrderSettings(ctx.db, FIXTURE.storeId, {
      chargeToRoom: true,
      location: { latitude: 40, longitude: 23, radiusMeters: 300 },
    });
    const room = await options(FIXTURE.roomService, FIXTURE.room);
    expect(room).toMatchObject({
      availableChargingRooms: [{ id: FIXTURE.room, name: "Room 104" }],
      paymentTypes: ["CASH", "CARD", "CHARGE_TO_ROOM"],
      scheduledOrdersEnabled: true,
      locationRequired: true,
    });
  });

  it("a service the spot cannot order from → 404 SERVICE_NOT_FOUND; an unknown spot → 404 TABLE_NOT_FOUND", async () => {
    const wrong = await server.app.inject({
      method: "GET",
      url: `/api/checkout?serviceId=${FIXTURE.roomService}&tableId=${FIXTURE.table}`,
    });
    expect(wrong.json()).toMatchObject({ code: "SERVICE_NOT_FOUND" });
    const unknown = await server.app.inject({
      method: "GET",
      url: `/api/checkout?serviceId=${FIXTURE.beachBar}&tableId=99999`,
    });
    expect(unknown.json()).toMatchObject({ code: "TABLE_NOT_FOUND" });
  });
});
