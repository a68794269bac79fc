import { beforeAll, describe, expect, it } from "vitest";
import { ORDER_HISTORY_PAGE_SIZE } from "../../../domain/order-history";
import type { OrderHistory } from "../../../domain/orders-api";
import { authHeaders, greekMobile, type SignedInGuest, signInGuest } from "../../test-support/accounts";
import { MINUTE, testClock } from "../../test-support/clock";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";
import { FIXTURE_STORE, insertTestOrder } from "./test-orders";

const ctx = setUpTestDatabase();
const clock = testClock();
const server = setUpTestApp(() => ctx.db, { now: clock.now });

let maria: SignedInGuest;
let nikos: SignedInGuest;
const mariasOrders: number[] = [];
const nikosOrders: number[] = [];

function history(guest: SignedInGuest | null, query = "") {
  return server.app.inject({
    method: "GET",
    url: `/api/orders/history${query}`,
    headers: guest === null ? {} : authHeaders(guest),
  });
}

async function placedAt(guest: SignedInGuest, status: Parameters<typeof insertTestOrder>[2]): Promise<number> {
  clock.advance(MINUTE);
  return insertTestOrder(ctx.db, guest.userId, status, clock.now().toISOString());
}

beforeAll(async () => {
  await importFixture(ctx.db);
  maria = await signInGuest(server.app, ctx.db, greekMobile(201));
  nikos = await signInGuest(server.app, ctx.db, greekMobile(202));
  // Interleaved, so "only own" is not satisfied by accident of ordering.
  for (const status of ["ACCEPTED", "REJECTED", "WAITING_FOR_ACCEPTANCE", "TIMED_OUT", "PAYMENT_FAILED"] as const) {
    mariasOrders.push(await placedAt(maria, status));
    nikosOrders.push(await placedAt(nikos, "ACCEPTED"));
  }
});

describe("GET /api/orders/history (§2 history: the signed-in guest's orders with details and statuses)", () => {
  it("§2 lists only the caller's own orders, newest first, with status, lines and totals", async () => {
    const response = await history(maria);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const { orders } = response.json<OrderHistory>();
    expect(orders.map((order) => order.id)).toEqual([...mariasOrders].reverse());
    expect(orders.map((order) => order.status)).toEqual([
      "PAYMENT_FAILED",
      "TIMED_OUT",
      "WAITING_FOR_ACCEPTANCE",
      "REJECTED",
      "ACCEPTED",
    ]);
    const [oldest] = orders.slice(-1);
    expect(oldest).toMatchObject({
      storeId: FIXTURE_STORE.storeId,
      serviceId: FIXTURE_STORE.serviceId,
      spotName: "Table 1",
      // A spot without names per language: its one name in each.
      spotNames: { GRE: { name: "Table 1" }, ENG: { name: "Table 1" } },
      reviewed: false,
      totals: { totalCents: 600 },
    });
    expect(oldest?.lines).toEqual([
      expect.objectContaining({ itemId: FIXTURE_STORE.itemId, quantity: 2, totalCents: 600 }),
    ]);
    // The other guest sees theirs, never Maria's.
    const theirs = (await history(nikos)).json<OrderHistory>().orders.map((order) => order.id);
    expect(theirs).toEqual([...nikosOrders].reverse());
    expect(theirs.some((id) => mariasOrders.includes(id))).toBe(false);
  });

  it("§2 `reviewed` tells whether the order has a review (the app's 'Leave a review' link)", async () => {
    const [accepted] = mariasOrders;
    const posted = await server.app.inject({
      method: "POST",
      url: `/api/orders/${accepted}/review`,
      headers: authHeaders(maria),
      payload: { rating: 5, comment: "" },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const { orders } = (await history(maria)).json<OrderHistory>();
    expect(orders.filter((order) => order.reviewed).map((order) => order.id)).toEqual([accepted]);
  });

  it("a guest without orders gets an empty list", async () => {
    const newcomer = await signInGuest(server.app, ctx.db, greekMobile(203));
    expect((await history(newcomer)).json<OrderHistory>()).toEqual({ orders: [] });
  });

  it(`pages of ${ORDER_HISTORY_PAGE_SIZE}: \`before\` the oldest id shown gives the next page, with no gap or repeat`, async () => {
    const busy = await signInGuest(server.app, ctx.db, greekMobile(204));
    const ids: number[] = [];
    // Placement instants a second apart, without moving the clock (30-minute jwts would expire).
    const start = clock.now().getTime();
    for (let i = 0; i < ORDER_HISTORY_PAGE_SIZE + 3; i++) {
      ids.push(await insertTestOrder(ctx.db, busy.userId, "ACCEPTED", new Date(start + i * 1000).toISOString()));
    }
    const first = (await history(busy)).json<OrderHistory>().orders.map((order) => order.id);
    expect(first).toEqual([...ids].reverse().slice(0, ORDER_HISTORY_PAGE_SIZE));
    const second = (await history(busy, `?before=${first.at(-1)}`)).json<OrderHistory>().orders.map((o) => o.id);
    expect(second).toEqual([...ids].reverse().slice(ORDER_HISTORY_PAGE_SIZE));
    // A cursor never reaches another guest's orders.
    const beyond = (await history(busy, `?before=${2_000_000_000}`)).json<OrderHistory>().orders;
    expect(beyond.every((order) => ids.includes(order.id))).toBe(true);
  });

  it("§6 login required: no session is 401 INVALID_AUTH_TOKEN", async () => {
    const response = await history(null);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("INVALID_AUTH_TOKEN");
  });

  it("the query cannot choose whose history: ?userId= is 400 VALIDATION_FAILED", async () => {
    const response = await history(nikos, `?userId=${maria.userId}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("VALIDATION_FAILED");
  });

  it("a bad cursor is 400 VALIDATION_FAILED", async () => {
    for (const query of ["?before=0", "?before=abc", "?before=-5"]) {
      const response = await history(maria, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe("VALIDATION_FAILED");
    }
  });

  it("is in the API document (/api/docs/json) with its cursor and errors", async () => {
    const doc = (await server.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const get = doc.paths["/api/orders/history"].get;
    expect(get.parameters.map((p: { name: string }) => p.name)).toContain("before");
    expect(Object.keys(get.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "403"]));
  });
});
