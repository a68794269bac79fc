/**
 * The waiter's PDA, server side, on SQLite and PostgreSQL: a waiter orders for any
 * table of their store from the store's PDA spot through the same POST /api/orders. The order needs
 * no acceptance (created ACCEPTED, placed_by_staff_id recorded), joins or starts the table's opening
 * in the same transaction, and publishes its status and opening events after the commit; a retry
 * with the same key is one order; staff of another store and bad tables change nothing.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { CheckoutOptions, OrderDto, OrderStatusEvent, PlaceOrderRequest } from "../../../domain/orders-api";
import type { OpeningChangedEvent, OpenOpenings } from "../../../domain/table-openings-api";
import { InProcessOrderEvents } from "../../realtime/order-events";
import { signInStaff } from "../../realtime/test-orders";
import { sampleVenue } from "../../test-fixtures/venue";
import { authHeaders, greekMobile, type SignedInGuest, signInGuest } from "../../test-support/accounts";
import { testClock } from "../../test-support/clock";
import {
  expectedTotalOf,
  FIXTURE,
  openAllDay,
  postOrder,
  setStoreOrderSettings,
  testOrderRequest,
} from "../../test-support/orders";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const ctx = setUpTestDatabase();
// 12:00 in Athens.
const clock = testClock("2026-07-01T09:00:00.000Z");
const orderEvents = new InProcessOrderEvents();
const server = setUpTestApp(() => ctx.db, { now: clock.now, orderEvents });
const statusEvents: OrderStatusEvent[] = [];
const openingEvents: OpeningChangedEvent[] = [];
orderEvents.subscribe((event) => statusEvents.push(event));
orderEvents.subscribeOpenings((event) => openingEvents.push(event));

/** Store 2 is a copy of the sample venue with every id shifted by this. */
const OTHER_OFFSET = 10_000;
/** Nikos, WAITER of store 1 (venue file staff id 301, PIN 1357). */
const NIKOS = 301;

type Session = { userId: number; authToken: string; jwt: string };
let waiter: Session;
let otherStoreWaiter: Session;
let guest: SignedInGuest;

beforeAll(async () => {
  await importFixture(ctx.db);
  await importFixture(ctx.db, sampleVenue({ storeId: 2, idOffset: OTHER_OFFSET }));
  await openAllDay(ctx.db, FIXTURE.beachBar);
  waiter = await signInStaff(server.app, FIXTURE.storeId, "1357");
  otherStoreWaiter = await signInStaff(server.app, 2, "1357");
  guest = await signInGuest(server.app, ctx.db, greekMobile(71));
});

/** The waiter's order on the PDA spot for a table, priced as the app prices it. */
async function waiterRequest(overrides: Partial<PlaceOrderRequest> = {}): Promise<PlaceOrderRequest> {
  const draft = testOrderRequest({ tableId: FIXTURE.pda, selectedTableId: FIXTURE.table, ...overrides });
  return { ...draft, expectedTotalCents: await expectedTotalOf(ctx.db, waiter, draft, clock.now()) };
}

async function openOpenings(): Promise<OpenOpenings> {
  const response = await server.app.inject({
    method: "GET",
    url: "/api/staff/openings?kind=tables",
    headers: authHeaders(waiter),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OpenOpenings>();
}

/** Everything a placement could write, counted. */
async function writtenRows() {
  const count = async (table: "orders" | "order_lines" | "table_openings" | "table_opening_lines") =>
    Number(
      (
        await ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    orders: await count("orders"),
    orderLines: await count("order_lines"),
    openings: await count("table_openings"),
    openingLines: await count("table_opening_lines"),
  };
}

async function closeOpenOpenings(): Promise<void> {
  await ctx.db.updateTable("table_openings").set({ status: "CLOSED" }).where("status", "=", "OPEN").execute();
}

describe("a waiter's order for a table", () => {
  it("needs no acceptance: ACCEPTED at once, placed by the waiter, and starts the table's opening with its amount", async () => {
    await closeOpenOpenings();
    statusEvents.length = 0;
    openingEvents.length = 0;
    const response = await postOrder(server.app, waiter, await waiterRequest());
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json<OrderDto>();
    expect(order).toMatchObject({
      status: "ACCEPTED",
      acceptanceDeadline: null,
      selectedTableName: "Table 1",
      payment: { type: "CASH" },
    });
    const row = await ctx.db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(row.placed_by_staff_id).toBe(NIKOS);
    expect(row.decided_at).toBe(clock.now().toISOString());

    const { openings } = await openOpenings();
    const opening = openings.find((o) => o.spot.id === FIXTURE.table);
    expect(opening).toMatchObject({ waiterName: "Nikos", amounts: { remainingCents: order.totals.totalCents } });
    expect(openings.filter((o) => o.spot.id === FIXTURE.pda)).toEqual([]);

    // After the commit, as an accept: the status event and the opening's live event.
    await server.app.ready();
    await expect
      .poll(() => openingEvents.map((e) => [e.openingId, e.remainingCents]))
      .toEqual([[opening?.id, order.totals.totalCents]]);
    expect(statusEvents.map((e) => [e.orderId, e.status])).toEqual([[order.id, "ACCEPTED"]]);
  });

  it("a second order for the same table joins the same opening", async () => {
    const before = (await openOpenings()).openings.find((o) => o.spot.id === FIXTURE.table);
    expect(before).toBeDefined();
    const second = (
      await postOrder(server.app, waiter, await waiterRequest({ comment: "second round" }))
    ).json<OrderDto>();
    expect(second.status).toBe("ACCEPTED");
    const { openings } = await openOpenings();
    const atTable = openings.filter((o) => o.spot.id === FIXTURE.table);
    expect(atTable.map((o) => o.id)).toEqual([before?.id]);
    expect(atTable[0]?.amounts.remainingCents).toBe((before?.amounts.remainingCents ?? 0) + second.totals.totalCents);
  });

  it("a retry with the same Idempotency-Key is one order, one set of opening lines, the stored answer", async () => {
    await closeOpenOpenings();
    const request = await waiterRequest();
    const key = randomUUID();
    const first = await postOrder(server.app, waiter, request, key);
    expect(first.statusCode, first.body).toBe(201);
    const written = await writtenRows();
    const retry = await postOrder(server.app, waiter, request, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.body).toBe(first.body);
    expect(await writtenRows()).toEqual(written);
    const opening = (await openOpenings()).openings.find((o) => o.spot.id === FIXTURE.table);
    expect(opening?.amounts.remainingCents).toBe(first.json<OrderDto>().totals.totalCents);
  });

  it("store 2's waiter ordering at store 1 is refused with 403, and nothing changes", async () => {
    const request = await waiterRequest();
    const before = await writtenRows();
    const openingsBefore = await openOpenings();
    for (const body of [request, { ...request, selectedTableId: FIXTURE.table + OTHER_OFFSET }]) {
      const response = await postOrder(server.app, otherStoreWaiter, body);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toMatchObject({ code: "FORBIDDEN" });
    }
    expect(await writtenRows()).toEqual(before);
    expect(await openOpenings()).toEqual(openingsBefore);
  });

  it("an invalid table (none, unknown, a room, the PDA itself, another store's) → 422 TABLE_SELECTION_REQUIRED, nothing written", async () => {
    const before = await writtenRows();
    for (const selectedTableId of [null, 99_999, FIXTURE.room, FIXTURE.pda, FIXTURE.table + OTHER_OFFSET]) {
      const draft = testOrderRequest({ tableId: FIXTURE.pda, selectedTableId });
      const request = { ...draft, expectedTotalCents: 700 };
      const response = await postOrder(server.app, waiter, request);
      expect(response.statusCode, `${selectedTableId}: ${response.body}`).toBe(422);
      expect(response.json()).toMatchObject({ code: "TABLE_SELECTION_REQUIRED" });
    }
    expect(await writtenRows()).toEqual(before);
  });

  it("a waiter pays no card online from the PDA: CARD → 422 PAYMENT_TYPE_NOT_AVAILABLE; the checkout offers none", async () => {
    await setStoreOrderSettings(ctx.db, FIXTURE.storeId, { cardPayments: true });
    try {
      const before = await writtenRows();
      const request = await waiterRequest();
      const card = await postOrder(server.app, waiter, {
        ...request,
        payment: { type: "CARD", cardToken: "tok_sandbox_visa_0000", saveCard: false },
      });
      expect(card.statusCode, card.body).toBe(422);
      expect(card.json()).toMatchObject({ code: "PAYMENT_TYPE_NOT_AVAILABLE" });
      expect(await writtenRows()).toEqual(before);
      const options = await server.app.inject({
        method: "GET",
        url: `/api/checkout?serviceId=${FIXTURE.beachBar}&tableId=${FIXTURE.pda}`,
        headers: authHeaders(waiter),
      });
      expect(options.json<CheckoutOptions>().paymentTypes).toEqual(["CASH"]);
    } finally {
      await setStoreOrderSettings(ctx.db, FIXTURE.storeId, { cardPayments: false });
    }
  });

  it("guest-only rules do not apply to the store's own staff: no location check, no per-spot daily limit", async () => {
    await setStoreOrderSettings(ctx.db, FIXTURE.storeId, {
      maxOrdersPerSpotPerDay: 1,
      location: { latitude: 40, longitude: 23, radiusMeters: 300 },
    });
    try {
      for (let round = 0; round < 2; round += 1) {
        const response = await postOrder(server.app, waiter, await waiterRequest({ location: null }));
        expect(response.statusCode, response.body).toBe(201);
      }
    } finally {
      await setStoreOrderSettings(ctx.db, FIXTURE.storeId, { maxOrdersPerSpotPerDay: null, location: null });
    }
  });

  it("a guest's order from the PDA spot for a table still waits for acceptance and opens nothing", async () => {
    await closeOpenOpenings();
    const draft = testOrderRequest({ tableId: FIXTURE.pda, selectedTableId: FIXTURE.table });
    const request = { ...draft, expectedTotalCents: await expectedTotalOf(ctx.db, guest, draft, clock.now()) };
    const response = await postOrder(server.app, guest, request);
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json<OrderDto>();
    expect(order.status).toBe("WAITING_FOR_ACCEPTANCE");
    const row = await ctx.db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(row.placed_by_staff_id).toBeNull();
    expect((await openOpenings()).openings.filter((o) => o.spot.id === FIXTURE.table)).toEqual([]);
  });

  it("a guest at their own table cannot order onto another table's bill → 422 TABLE_SELECTION_REQUIRED, nothing written", async () => {
    const before = await writtenRows();
    const draft = testOrderRequest({ tableId: FIXTURE.table, selectedTableId: FIXTURE.umbrella });
    const response = await postOrder(server.app, guest, { ...draft, expectedTotalCents: 700 });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ code: "TABLE_SELECTION_REQUIRED" });
    expect(await writtenRows()).toEqual(before);
  });

  it("the PDA's checkout lists the tables of each floor section with their seats (F3 capacity) for the table picker", async () => {
    const response = await server.app.inject({
      method: "GET",
      url: `/api/checkout?serviceId=${FIXTURE.beachBar}&tableId=${FIXTURE.pda}`,
      headers: authHeaders(waiter),
    });
    expect(response.json<CheckoutOptions>().sectionsWithTheirTables).toEqual([
      { section: "Terrace", tables: [{ id: FIXTURE.table, name: "Table 1", capacity: 4 }] },
      { section: "Front row", tables: [{ id: FIXTURE.umbrella, name: "Umbrella 12", capacity: 2 }] },
      { section: "", tables: [{ id: FIXTURE.chair, name: "Chair 7", capacity: 0 }] },
    ]);
    const anonymous = await server.app.inject({
      method: "GET",
      url: `/api/checkout?serviceId=${FIXTURE.beachBar}&tableId=${FIXTURE.pda}`,
    });
    expect(anonymous.json<CheckoutOptions>().sectionsWithTheirTables).toBeUndefined();
  });

  it("F13.2 served by: the signed-in waiter by default, or another of the checkout's waiters; stored and shown on the staff's reads", async () => {
    const options = await server.app.inject({
      method: "GET",
      url: `/api/checkout?serviceId=${FIXTURE.beachBar}&tableId=${FIXTURE.pda}`,
      headers: authHeaders(waiter),
    });
    const waiters = options.json<CheckoutOptions>().waiters ?? [];
    const maria = waiters.find((w) => w.name === "Maria");
    expect(maria).toBeDefined();
    // The one asking is marked, so the PDA offers them as the default without matching names.
    expect(waiters.filter((w) => w.signedIn).map((w) => w.name)).toEqual(["Nikos"]);

    const byDefault = (await postOrder(server.app, waiter, await waiterRequest())).json<OrderDto>();
    expect(byDefault.servedByName).toBe("Nikos");
    const named = await postOrder(
      server.app,
      waiter,
      await waiterRequest({ servedByStaffId: maria?.id, selectedTableId: FIXTURE.umbrella }),
    );
    expect(named.statusCode, named.body).toBe(201);
    const order = named.json<OrderDto>();
    expect(order.servedByName).toBe("Maria");
    const row = await ctx.db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(row.served_by_staff_id).toBe(maria?.id);
    expect(row.placed_by_staff_id).toBe(NIKOS);
    // The table it opened is Maria's too: the serving waiter's, not the PDA holder's.
    const umbrella = await ctx.db
      .selectFrom("table_openings")
      .select("waiter_staff_id")
      .where("spot_id", "=", FIXTURE.umbrella)
      .executeTakeFirstOrThrow();
    expect(umbrella.waiter_staff_id).toBe(maria?.id);

    const live = await server.app.inject({ method: "GET", url: "/api/staff/orders", headers: authHeaders(waiter) });
    const listed = live.json<{ orders: OrderDto[] }>().orders;
    expect(listed.find((o) => o.id === order.id)?.servedByName).toBe("Maria");
    expect(listed.find((o) => o.id === byDefault.id)?.servedByName).toBe("Nikos");
  });

  it("F13.2 served by someone not of the store → 422 WAITER_NOT_FOUND; a guest naming a waiter → 403; nothing written", async () => {
    const before = await writtenRows();
    const stranger = await postOrder(server.app, waiter, {
      ...(await waiterRequest()),
      servedByStaffId: NIKOS + OTHER_OFFSET,
    });
    expect(stranger.statusCode, stranger.body).toBe(422);
    expect(stranger.json()).toMatchObject({ code: "WAITER_NOT_FOUND" });
    const draft = testOrderRequest();
    const fromGuest = await postOrder(server.app, guest, {
      ...draft,
      expectedTotalCents: await expectedTotalOf(ctx.db, guest, draft, clock.now()),
      servedByStaffId: NIKOS,
    });
    expect(fromGuest.statusCode, fromGuest.body).toBe(403);
    expect(await writtenRows()).toEqual(before);
  });
});
