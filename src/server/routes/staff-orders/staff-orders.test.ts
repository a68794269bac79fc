import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionResponse } from "../../../domain/auth-api";
import type { OrderStatusEvent, StaffOrders } from "../../../domain/orders-api";
import { listOutboxMessagesTo } from "../../db/repositories/outbox.repository";
import { insertOrder, RecordingPayments, SAMPLE, type TestOrder } from "../../orders/status-changes.test-support";
import { InProcessOrderEvents } from "../../realtime/order-events";
import { sampleVenue } from "../../test-fixtures/venue";
import { authHeaders, greekMobile, signInGuest } from "../../test-support/accounts";
import { HOUR, MINUTE, testClock } from "../../test-support/clock";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const database = setUpTestDatabase();
// 12:00 in Athens (UTC+3 in July).
const clock = testClock("2026-07-01T09:00:00.000Z");
const bus = new InProcessOrderEvents();
const events: OrderStatusEvent[] = [];
bus.subscribe((event) => events.push(event));
const server = setUpTestApp(() => database.db, { now: clock.now, orderEvents: bus, payments: new RecordingPayments() });

const OTHER_STORE = { storeId: 2, serviceId: 10_010, spotId: 10_200 };
const GUEST_PHONE = greekMobile(41);
let waiter: Record<string, string>;
let otherStoreWaiter: Record<string, string>;
let guest: Record<string, string>;
let guestId: number;

async function pinSession(storeId: number, pin: string): Promise<Record<string, string>> {
  const response = await server.app.inject({
    method: "POST",
    url: `/api/authenticate/login/pin?pin=${pin}&storeId=${storeId}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<SessionResponse>();
  return authHeaders({ authToken: body.authToken.token, jwt: body.jwt });
}

beforeAll(async () => {
  await importFixture(database.db);
  await importFixture(database.db, sampleVenue({ storeId: 2, idOffset: 10_000 }));
  waiter = await pinSession(SAMPLE.storeId, "1357");
  otherStoreWaiter = await pinSession(OTHER_STORE.storeId, "1357");
  const signedIn = await signInGuest(server.app, database.db, GUEST_PHONE);
  guest = authHeaders(signedIn);
  guestId = signedIn.userId;
});

function order(overrides: Partial<TestOrder> = {}): Promise<number> {
  return insertOrder(database.db, { userId: guestId, createdAt: clock.now().toISOString(), ...overrides });
}

function post(orderId: number, action: "accept" | "reject", headers: Record<string, string>, payload: object = {}) {
  // Every staff write carries an Idempotency-Key; a fresh one per call here.
  const keyed = { "idempotency-key": randomUUID(), ...headers };
  return server.app.inject({ method: "POST", url: `/api/staff/orders/${orderId}/${action}`, headers: keyed, payload });
}

async function outboxBodyTo(recipient: string): Promise<string | undefined> {
  const [message] = await listOutboxMessagesTo(database.db, recipient, 1);
  return message?.body;
}

describe("POST /api/staff/orders/:orderId/accept and /reject", () => {
  it("§4 a waiter accepts: 200 with the ACCEPTED event, published to subscribers, the guest's SMS in the order's language", async () => {
    const id = await order({ language: "ENG" });
    events.length = 0;
    const response = await post(id, "accept", waiter);
    expect(response.statusCode, response.body).toBe(200);
    const event = response.json<OrderStatusEvent>();
    expect(event).toEqual({
      orderId: id,
      storeId: SAMPLE.storeId,
      status: "ACCEPTED",
      onHold: false,
      dailyNumber: expect.any(Number),
      errorMessage: null,
      updatedAt: clock.now().toISOString(),
      preparation: null,
    });
    await vi.waitFor(() => expect(events).toEqual([event]));
    await vi.waitFor(async () =>
      expect(await outboxBodyTo(GUEST_PHONE.e164)).toBe(
        `Sample Beach 1: your order #${event.dailyNumber} was accepted.`,
      ),
    );
  });

  it("§4 a waiter rejects with a reason: REJECTED with errorMessage, the guest's Greek SMS carries the reason", async () => {
    const id = await order({ language: "GRE" });
    const response = await post(id, "reject", waiter, { reason: "Η κουζίνα έκλεισε" });
    expect(response.statusCode, response.body).toBe(200);
    const event = response.json<OrderStatusEvent>();
    expect(event).toMatchObject({ status: "REJECTED", errorMessage: "Η κουζίνα έκλεισε" });
    await vi.waitFor(async () =>
      expect(await outboxBodyTo(GUEST_PHONE.e164)).toBe(
        `Sample Beach 1 (el): η παραγγελία σας #${event.dailyNumber} απορρίφθηκε. Αιτία: Η κουζίνα έκλεισε`,
      ),
    );
  });

  it("§8 status conflicts answer 409 with the spec's codes", async () => {
    const accepted = await order({ status: "ACCEPTED", acceptanceDeadline: null });
    const rejected = await order({ status: "REJECTED", acceptanceDeadline: null });
    const failed = await order({ status: "PAYMENT_FAILED", acceptanceDeadline: null });
    const cases: Array<[number, "accept" | "reject", string]> = [
      [accepted, "accept", "ORDER_NOT_PENDING_STATUS"],
      [accepted, "reject", "ORDER_CANNOT_BE_REJECTED"],
      [rejected, "accept", "INVALID_STATUS_FOR_ORDER_EXECUTION"],
      [rejected, "reject", "ORDER_NOT_PENDING_STATUS"],
      [failed, "accept", "INVALID_STATUS_FOR_ORDER"],
      [failed, "reject", "INVALID_STATUS_FOR_ORDER"],
    ];
    for (const [id, action, code] of cases) {
      const response = await post(id, action, waiter);
      expect(response.statusCode, `${action} ${id}`).toBe(409);
      expect(response.json().code).toBe(code);
    }
  });

  it("§8 accepting after the store's acceptance time ran out: 409 'cannot accept order, it has been declined or has expired', order TIMED_OUT", async () => {
    const id = await order();
    clock.advance(10 * MINUTE);
    const response = await post(id, "accept", waiter);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: "INVALID_STATUS_FOR_ORDER_EXECUTION",
      message: "cannot accept order, it has been declined or has expired",
    });
    const row = await database.db.selectFrom("orders").select("status").where("id", "=", id).executeTakeFirst();
    expect(row?.status).toBe("TIMED_OUT");
  });

  it("staff of another store: 404 ORDER_NOT_FOUND, and the order stays pending", async () => {
    const id = await order();
    for (const action of ["accept", "reject"] as const) {
      const response = await post(id, action, otherStoreWaiter);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe("ORDER_NOT_FOUND");
    }
    const row = await database.db.selectFrom("orders").select("status").where("id", "=", id).executeTakeFirst();
    expect(row?.status).toBe("WAITING_FOR_ACCEPTANCE");
  });

  it("§6 a guest cannot accept or reject, not even their own order: 403 FORBIDDEN; no session: 401", async () => {
    const id = await order();
    for (const action of ["accept", "reject"] as const) {
      const response = await post(id, action, guest);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe("FORBIDDEN");
    }
    expect((await post(id, "accept", {})).statusCode).toBe(401);
  });

  it("spec §8 E19 bad input changes nothing: a non-numeric id, a reason over 300 characters or with control characters, an unknown body field → 400 INVALID_DATA_FOR_ORDER", async () => {
    const id = await order();
    for (const answer of [
      await post(Number.NaN, "accept", waiter),
      await post(id, "reject", waiter, { reason: "x".repeat(301) }),
      await post(id, "reject", waiter, { reason: "line\nbreak" }),
      await post(id, "reject", waiter, { reason: "ok", status: "ACCEPTED" }),
    ]) {
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toMatchObject({ code: "INVALID_DATA_FOR_ORDER" });
      expect(answer.json().message).not.toBe("");
    }
    // What is not the order's data keeps the generic code: a query string the route does not take.
    const query = await server.app.inject({
      method: "POST",
      url: `/api/staff/orders/${id}/accept?status=ACCEPTED`,
      headers: { "idempotency-key": randomUUID(), ...waiter },
    });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    const row = await database.db.selectFrom("orders").select("status").where("id", "=", id).executeTakeFirst();
    expect(row?.status).toBe("WAITING_FOR_ACCEPTANCE");
  });

  it("concurrent accept and reject over HTTP: exactly one 200, the other 409", async () => {
    const id = await order();
    const answers = await Promise.all([post(id, "accept", waiter), post(id, "reject", waiter)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });
});

describe("GET /api/staff/orders", () => {
  it("lists the store's pending orders and today's decided ones, newest first; not other stores', not yesterday's decisions", async () => {
    // Sessions are signed in at each moment the test jumps to (a jwt lives 30 minutes).
    clock.set("2026-07-01T18:01:00.000Z"); // 21:01 Athens
    const decidedYesterday = await order({ createdAt: "2026-07-01T18:00:00.000Z" });
    expect((await post(decidedYesterday, "accept", await pinSession(SAMPLE.storeId, "1357"))).statusCode).toBe(200);
    const underReviewYesterday = await order({
      status: "UNDER_REVIEW",
      acceptanceDeadline: null,
      createdAt: "2026-07-01T19:00:00.000Z",
    });
    clock.set("2026-07-02T06:00:00.000Z"); // 09:00 Athens, the next day
    const waiting = await order();
    clock.advance(HOUR);
    const today = await pinSession(SAMPLE.storeId, "1357");
    const rejectedToday = await order();
    expect((await post(rejectedToday, "reject", today)).statusCode).toBe(200);
    await order(OTHER_STORE);

    const response = await server.app.inject({ method: "GET", url: "/api/staff/orders", headers: today });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const { orders } = response.json<StaffOrders>();
    const listed = orders.map((o) => o.id);
    expect(listed).toContain(waiting);
    expect(listed).toContain(rejectedToday);
    expect(listed).toContain(underReviewYesterday);
    expect(listed).not.toContain(decidedYesterday);
    expect(orders.every((o) => o.storeId === SAMPLE.storeId)).toBe(true);
    expect(listed.indexOf(rejectedToday)).toBeLessThan(listed.indexOf(waiting));
    expect(orders.find((o) => o.id === waiting)).toMatchObject({ spotName: "Table 1", comment: "No ice" });
  });

  it("§6 a guest gets 403 FORBIDDEN", async () => {
    const signedIn = authHeaders(await signInGuest(server.app, database.db, greekMobile(42)));
    const response = await server.app.inject({ method: "GET", url: "/api/staff/orders", headers: signedIn });
    expect(response.statusCode).toBe(403);
  });
});

describe("OpenAPI", () => {
  it("documents the staff order calls with their errors", async () => {
    const document = (await server.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    expect(Object.keys(document.paths["/api/staff/orders/{orderId}/accept"].post.responses)).toEqual(
      expect.arrayContaining(["200", "403", "404", "409"]),
    );
    expect(document.paths["/api/staff/orders"].get).toBeDefined();
    expect(document.paths["/api/staff/orders/{orderId}/reject"].post.requestBody).toBeDefined();
  });
});
