/**
 * The store's order history (GET /api/staff/stores/:storeId/orders), and minting an order-details
 * link (GET /api/staff/orders/:orderId/details-link). Two stores: 7 and 132 (sampleVenue with their
 * ids shifted), orders written straight to the tables except where who decided matters (then the
 * staff endpoints decide them).
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "../../../domain/auth-api";
import type { OrderDetailsLink, StoreOrdersPage } from "../../../domain/staff-history-api";
import { toJsonText } from "../../db/columns";
import { sampleVenue } from "../../test-fixtures/venue";
import { authHeaders, greekMobile, signInGuest } from "../../test-support/accounts";
import { testClock } from "../../test-support/clock";
import { insertOrderLineRow, insertOrderRow } from "../../test-support/order-rows";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const database = setUpTestDatabase();
// 12:00 in Athens (UTC+3 in July): "today" is 2026-07-01.
const clock = testClock("2026-07-01T09:00:00.000Z");
const server = setUpTestApp(() => database.db, { now: clock.now });

/** Store 7: spots 7200 (Table 1), 7201 (Umbrella 12), 7205 (Bar PDA); staff 7301 Nikos (waiter, 1357). */
const STORE_7 = { storeId: 7, serviceId: 7010, table1: 7200, umbrella12: 7201, pda: 7205, itemId: 8000 };
const STORE_132 = { storeId: 132, serviceId: 132_010, table1: 132_200, itemId: 133_000 };

let guestId: number;
let guestPhone = 71;

/** A guest signed in now (the clock jumps days; a jwt lives 30 minutes). */
async function freshGuest(): Promise<Record<string, string>> {
  guestPhone += 1;
  return authHeaders(await signInGuest(server.app, database.db, greekMobile(guestPhone)));
}

async function pinSession(storeId: number, pin = "1357"): Promise<Record<string, string>> {
  const response = await server.app.inject({
    method: "POST",
    url: `/api/authenticate/login/pin?pin=${pin}&storeId=${storeId}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<SessionResponse>();
  return authHeaders({ authToken: body.authToken.token, jwt: body.jwt });
}

async function order(
  values: { store?: typeof STORE_7 | typeof STORE_132; spotId?: number; selectedTableId?: number } & Partial<{
    status: "WAITING_FOR_ACCEPTANCE" | "ACCEPTED" | "REJECTED" | "TIMED_OUT";
    createdAt: string;
    dailyNumber: number;
    errorMessage: string;
  }> = {},
): Promise<number> {
  const store = values.store ?? STORE_7;
  const id = await insertOrderRow(database.db, {
    user_id: guestId,
    store_id: store.storeId,
    service_id: store.serviceId,
    spot_id: values.spotId ?? store.table1,
    selected_table_id: values.selectedTableId ?? null,
    status: values.status ?? "WAITING_FOR_ACCEPTANCE",
    created_at: values.createdAt ?? clock.now().toISOString(),
    daily_number: values.dailyNumber,
    error_message: values.errorMessage ?? null,
    comment: "No ice",
    subtotal_cents: 700,
  });
  await insertOrderLineRow(database.db, {
    order_id: id,
    item_id: store.itemId,
    names: toJsonText({ GRE: { name: "Φρέντο εσπρέσο" }, ENG: { name: "Freddo espresso" } }),
    quantity: 2,
    comment: "Extra cold",
    options: toJsonText([
      { groupId: 1, optionId: 2, names: { GRE: { name: "Μέτριος" }, ENG: { name: "Medium" } }, priceCents: 0 },
    ]),
    unit_price_cents: 350,
  });
  return id;
}

function history(storeId: number, headers: Record<string, string>, query = "") {
  return server.app.inject({ method: "GET", url: `/api/staff/stores/${storeId}/orders${query}`, headers });
}

async function page(query = "", headers?: Record<string, string>): Promise<StoreOrdersPage> {
  const response = await history(STORE_7.storeId, headers ?? (await pinSession(STORE_7.storeId)), query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StoreOrdersPage>();
}

async function ordersSnapshot(): Promise<string> {
  return JSON.stringify(await database.db.selectFrom("orders").selectAll().orderBy("id").execute());
}

beforeAll(async () => {
  await importFixture(database.db, sampleVenue({ storeId: 7, idOffset: 7000 }));
  await importFixture(database.db, sampleVenue({ storeId: 132, idOffset: 132_000 }));
  guestId = (await signInGuest(server.app, database.db, greekMobile(guestPhone))).userId;
});

describe("GET /api/staff/stores/:storeId/orders (the store's order history)", () => {
  it("today's orders of the store newest first, each with lines, options, comments, totals, payment, spot, times, status, who decided and the reject reason", async () => {
    const yesterday = await order({ createdAt: "2026-06-30T18:00:00.000Z" });
    const accepted = await order();
    const rejected = await order();
    const waiting = await order({ spotId: STORE_7.umbrella12 });
    const ofStore132 = await order({ store: STORE_132 });
    const waiter = await pinSession(STORE_7.storeId);
    const decide = (id: number, action: string, payload: object = {}) =>
      server.app.inject({
        method: "POST",
        url: `/api/staff/orders/${id}/${action}`,
        headers: { ...waiter, "idempotency-key": randomUUID() },
        payload,
      });
    expect((await decide(accepted, "accept")).statusCode).toBe(200);
    expect((await decide(rejected, "reject", { reason: "Out of ice" })).statusCode).toBe(200);

    const response = await history(STORE_7.storeId, waiter);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = response.json<StoreOrdersPage>();
    expect(body.athensDay).toBe("2026-07-01");
    expect(body.nextCursor).toBeNull();
    const ids = body.orders.map((o) => o.id);
    expect(ids).toEqual([waiting, rejected, accepted]);
    expect(ids).not.toContain(yesterday);
    expect(ids).not.toContain(ofStore132);

    const byId = new Map(body.orders.map((o) => [o.id, o]));
    expect(byId.get(accepted)).toMatchObject({
      status: "ACCEPTED",
      decidedByName: "Nikos",
      decidedAt: clock.now().toISOString(),
      spotName: "Table 1",
      comment: "No ice",
      payment: { type: "CASH" },
      totals: { totalCents: 700 },
      lines: [
        {
          quantity: 2,
          comment: "Extra cold",
          names: { ENG: { name: "Freddo espresso" } },
          options: [{ names: { ENG: { name: "Medium" } } }],
        },
      ],
    });
    expect(byId.get(rejected)).toMatchObject({
      status: "REJECTED",
      errorMessage: "Out of ice",
      decidedByName: "Nikos",
    });
    expect(byId.get(waiting)).toMatchObject({ decidedAt: null, decidedByName: null, spotName: "Umbrella 12" });
    // The spot filter offers the store's spots, not its PDAs.
    const spotIds = body.spots.map((s) => s.id);
    expect(spotIds).toContain(STORE_7.table1);
    expect(spotIds).not.toContain(STORE_7.pda);

    // The day picker goes back: yesterday's order on its own day.
    const before = await page("?day=2026-06-30", waiter);
    expect(before.athensDay).toBe("2026-06-30");
    expect(before.orders.map((o) => o.id)).toEqual([yesterday]);
  });

  it("filters by status, by spot (a PDA order counts for the table it picked) and by daily number", async () => {
    clock.set("2026-07-02T09:00:00.000Z");
    const onTable = await order({ dailyNumber: 501 });
    const fromPda = await order({ spotId: STORE_7.pda, selectedTableId: STORE_7.umbrella12, dailyNumber: 502 });
    const timedOut = await order({ status: "TIMED_OUT", dailyNumber: 503 });
    const waiter = await pinSession(STORE_7.storeId);

    expect((await page("?status=TIMED_OUT", waiter)).orders.map((o) => o.id)).toEqual([timedOut]);
    expect((await page(`?spotId=${STORE_7.umbrella12}`, waiter)).orders.map((o) => o.id)).toEqual([fromPda]);
    expect((await page(`?spotId=${STORE_7.table1}`, waiter)).orders.map((o) => o.id)).toEqual([timedOut, onTable]);
    expect((await page("?dailyNumber=502", waiter)).orders.map((o) => o.id)).toEqual([fromPda]);
    expect((await page("?dailyNumber=502&status=ACCEPTED", waiter)).orders).toEqual([]);
  });

  it("pages with a cursor: every order once, newest first, until nextCursor is null", async () => {
    clock.set("2026-07-03T09:00:00.000Z");
    const placed: number[] = [];
    for (let i = 0; i < 5; i++) placed.push(await order());
    const waiter = await pinSession(STORE_7.storeId);
    const seen: number[] = [];
    let cursor: number | null = null;
    let pages = 0;
    do {
      const next: StoreOrdersPage = await page(`?limit=2${cursor === null ? "" : `&cursor=${cursor}`}`, waiter);
      seen.push(...next.orders.map((o) => o.id));
      cursor = next.nextCursor;
      pages += 1;
    } while (cursor !== null && pages < 10);
    expect(seen).toEqual([...placed].reverse());
    expect(pages).toBe(3);
  });

  it("store 132's waiter gets nothing of store 7: 403 on its history, 404 on a link to its order; a guest 403, no session 401", async () => {
    clock.set("2026-07-04T09:00:00.000Z");
    const ofStore7 = await order();
    const waiter132 = await pinSession(STORE_132.storeId);
    const refused = await history(STORE_7.storeId, waiter132);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: "FORBIDDEN", message: expect.any(String) });
    expect(refused.body).not.toContain(String(ofStore7));
    const link = await server.app.inject({
      method: "GET",
      url: `/api/staff/orders/${ofStore7}/details-link`,
      headers: waiter132,
    });
    expect(link.statusCode).toBe(404);
    expect(link.json().code).toBe("ORDER_NOT_FOUND");
    // Their own store's history still works and holds none of store 7's orders.
    const own = await history(STORE_132.storeId, waiter132);
    expect(own.statusCode).toBe(200);
    expect(own.json<StoreOrdersPage>().orders.every((o) => o.storeId === STORE_132.storeId)).toBe(true);

    expect((await history(STORE_7.storeId, await freshGuest())).statusCode).toBe(403);
    expect((await history(STORE_7.storeId, {})).statusCode).toBe(401);
  });

  it("bad query values are 400 and change nothing", async () => {
    const waiter = await pinSession(STORE_7.storeId);
    const before = await ordersSnapshot();
    const bad = [
      "?day=2026-02-30",
      "?day=yesterday",
      "?day=2026-7-1",
      "?status=SERVED",
      "?spotId=0",
      "?spotId=abc",
      "?dailyNumber=-3",
      "?dailyNumber=1.5",
      "?cursor=0",
      "?limit=0",
      "?limit=101",
      "?storeId=132",
      "?token=abc",
    ];
    for (const query of bad) {
      const response = await history(STORE_7.storeId, waiter, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code, query).toBe("VALIDATION_FAILED");
    }
    expect((await history(0, waiter)).statusCode).toBe(400);
    expect(await ordersSnapshot()).toBe(before);
  });
});

describe("GET /api/staff/orders/:orderId/details-link (minting a link)", () => {
  it("a waiter of the order's store gets the app's view-order-details path, valid 24 hours", async () => {
    clock.set("2026-07-05T09:00:00.000Z");
    const id = await order();
    const response = await server.app.inject({
      method: "GET",
      url: `/api/staff/orders/${id}/details-link`,
      headers: await pinSession(STORE_7.storeId),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const link = response.json<OrderDetailsLink>();
    expect(link.path).toMatch(
      new RegExp(`^/view-order-details/${id}/7/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$`),
    );
    expect(link.expiresAt).toBe("2026-07-06T09:00:00.000Z");
  });

  it("a guest cannot mint one: 403", async () => {
    const id = await order();
    const response = await server.app.inject({
      method: "GET",
      url: `/api/staff/orders/${id}/details-link`,
      headers: await freshGuest(),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe("OpenAPI", () => {
  it("documents the history and link calls", async () => {
    const document = (await server.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    expect(Object.keys(document.paths["/api/staff/stores/{storeId}/orders"].get.responses)).toEqual(
      expect.arrayContaining(["200", "400", "401", "403"]),
    );
    expect(document.paths["/api/staff/orders/{orderId}/details-link"].get).toBeDefined();
    expect(Object.keys(document.paths["/api/order-details/{storeId}/{orderId}"].get.responses)).toEqual(
      expect.arrayContaining(["200", "404"]),
    );
  });
});
