/**
 * Offline on the PDA: an accept or reject queued on the waiter's PDA goes out with
 * an Idempotency-Key and may be sent again after a lost answer; with the same key it is one change,
 * one event and one guest message, and the retry gets the first answer byte for byte.
 * Runs on SQLite and, through scripts/with-postgres.sh, on PostgreSQL.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionResponse } from "../../../domain/auth-api";
import type { OrderStatusEvent } from "../../../domain/orders-api";
import { listOutboxMessagesTo } from "../../db/repositories/outbox.repository";
import { insertOrder, RecordingPayments, SAMPLE } from "../../orders/status-changes.test-support";
import { InProcessOrderEvents } from "../../realtime/order-events";
import { authHeaders, greekMobile, signInGuest } from "../../test-support/accounts";
import { MINUTE, testClock } from "../../test-support/clock";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const database = setUpTestDatabase();
const clock = testClock("2026-07-01T09:00:00.000Z");
const bus = new InProcessOrderEvents();
const events: OrderStatusEvent[] = [];
bus.subscribe((event) => events.push(event));
const server = setUpTestApp(() => database.db, { now: clock.now, orderEvents: bus, payments: new RecordingPayments() });

const GUEST_PHONE = greekMobile(47);
let waiter: Record<string, string>;
let guestId: number;

beforeAll(async () => {
  await importFixture(database.db);
  const response = await server.app.inject({
    method: "POST",
    url: `/api/authenticate/login/pin?pin=1357&storeId=${SAMPLE.storeId}`,
  });
  const body = response.json<SessionResponse>();
  waiter = authHeaders({ authToken: body.authToken.token, jwt: body.jwt });
  guestId = (await signInGuest(server.app, database.db, GUEST_PHONE)).userId;
});

function order(): Promise<number> {
  return insertOrder(database.db, { userId: guestId, createdAt: clock.now().toISOString() });
}

function post(orderId: number, action: "accept" | "reject", key: string | null, payload: object = {}) {
  const headers = key === null ? waiter : { ...waiter, "idempotency-key": key };
  return server.app.inject({ method: "POST", url: `/api/staff/orders/${orderId}/${action}`, headers, payload });
}

async function statusOf(orderId: number): Promise<string> {
  const row = await database.db
    .selectFrom("orders")
    .select("status")
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  return row.status;
}

async function messagesToGuest(): Promise<number> {
  return (await listOutboxMessagesTo(database.db, GUEST_PHONE.e164, 50)).length;
}

describe("staff accept / reject with an Idempotency-Key", () => {
  it("a retried accept with the same key is one change: the replay is byte-identical, one event, one SMS", async () => {
    const id = await order();
    const before = await messagesToGuest();
    events.length = 0;
    const key = randomUUID();
    const first = await post(id, "accept", key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const retry = await post(id, "accept", key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.body).toBe(first.body);
    expect(retry.json<OrderStatusEvent>()).toMatchObject({ orderId: id, status: "ACCEPTED" });
    expect(await statusOf(id)).toBe("ACCEPTED");
    await vi.waitFor(async () => expect(await messagesToGuest()).toBe(before + 1));
    expect(events.filter((event) => event.orderId === id)).toHaveLength(1);
    // Another key is a new request, which the status rules refuse.
    const another = await post(id, "accept", randomUUID());
    expect(another.statusCode).toBe(409);
    expect(another.json().code).toBe("ORDER_NOT_PENDING_STATUS");
  });

  it("a retried reject with its reason replays the REJECTED answer; the same key with another reason 422", async () => {
    const id = await order();
    const key = randomUUID();
    const first = await post(id, "reject", key, { reason: "Out of ice" });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<OrderStatusEvent>()).toMatchObject({ status: "REJECTED", errorMessage: "Out of ice" });
    const retry = await post(id, "reject", key, { reason: "Out of ice" });
    expect(retry.body).toBe(first.body);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    const reused = await post(id, "reject", key, { reason: "Kitchen closed" });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it("a refusal is the key's answer too: a late accept of a timed-out order replays its 409, the timeout committed", async () => {
    const id = await order();
    clock.advance(10 * MINUTE);
    const key = randomUUID();
    const first = await post(id, "accept", key);
    expect(first.statusCode).toBe(409);
    expect(first.json().code).toBe("INVALID_STATUS_FOR_ORDER_EXECUTION");
    expect(await statusOf(id)).toBe("TIMED_OUT");
    const retry = await post(id, "accept", key);
    expect(retry.statusCode).toBe(409);
    expect(retry.body).toBe(first.body);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
  });

  it("the same key sent twice at once: one accept, both answered alike", async () => {
    const id = await order();
    events.length = 0;
    const key = randomUUID();
    const [a, b] = await Promise.all([post(id, "accept", key), post(id, "accept", key)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.body).toBe(b.body);
    await vi.waitFor(() => expect(events.filter((event) => event.orderId === id)).toHaveLength(1));
  });

  it("a key that is not a UUID: 400 IDEMPOTENCY_KEY_REQUIRED, the order stays pending", async () => {
    const id = await order();
    const response = await post(id, "accept", "not-a-uuid");
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    expect(await statusOf(id)).toBe("WAITING_FOR_ACCEPTANCE");
  });

  it("standards 'every staff write carries an Idempotency-Key': accept or reject without one is 400, nothing changes", async () => {
    const id = await order();
    const before = await messagesToGuest();
    for (const action of ["accept", "reject"] as const) {
      const response = await post(id, action, null);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    }
    expect(await statusOf(id)).toBe("WAITING_FOR_ACCEPTANCE");
    expect(await messagesToGuest()).toBe(before);
  });
});
