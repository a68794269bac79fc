/**
 * The lifecycle on orders placed the real way (POST /api/orders, the sandbox card provider): what
 * the staff endpoints do to the order, its card payment and the guest's messages.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionResponse } from "../../../domain/auth-api";
import type { OrderStatusEvent } from "../../../domain/orders-api";
import { listOutboxMessagesTo } from "../../db/repositories/outbox.repository";
import { timeOutExpired } from "../../orders/status-changes";
import { testOrdersContext } from "../../orders/status-changes.test-support";
import { SandboxPaymentProvider } from "../../payments/sandbox-provider";
import { authHeaders, greekMobile, type SignedInGuest, signInGuest } from "../../test-support/accounts";
import { MINUTE, testClock } from "../../test-support/clock";
import {
  FIXTURE,
  placeTestOrder,
  sandboxCardToken,
  setStoreOrderSettings,
  useDelayedResponse,
} from "../../test-support/orders";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const database = setUpTestDatabase();
// 12:00 in Athens: outside the happy hour, inside every fixture window.
const clock = testClock("2026-07-01T09:00:00.000Z");
const server = setUpTestApp(() => database.db, { now: clock.now });
const PHONE = greekMobile(61);
let guest: SignedInGuest;
let waiter: Record<string, string>;

beforeAll(async () => {
  await importFixture(database.db);
  await setStoreOrderSettings(database.db, FIXTURE.storeId, { orderAcceptanceMinutes: 5, cardPayments: true });
  guest = await signInGuest(server.app, database.db, PHONE);
  const pin = await server.app.inject({
    method: "POST",
    url: `/api/authenticate/login/pin?pin=4821&storeId=${FIXTURE.storeId}`,
  });
  const session = pin.json<SessionResponse>();
  waiter = authHeaders({ authToken: session.authToken.token, jwt: session.jwt });
});

async function cardOrder(): Promise<number> {
  const cardToken = await sandboxCardToken(server.app);
  const order = await placeTestOrder(
    server.app,
    database.db,
    guest,
    { payment: { type: "CARD", cardToken, saveCard: false } },
    { now: clock.now() },
  );
  expect(order.status).toBe("WAITING_FOR_ACCEPTANCE");
  return order.id;
}

async function paymentState(orderId: number): Promise<string | undefined> {
  const row = await database.db
    .selectFrom("payments")
    .select("state")
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  return row?.state;
}

function decide(orderId: number, action: "accept" | "reject", payload: object = {}) {
  const headers = { ...waiter, "idempotency-key": randomUUID() };
  return server.app.inject({ method: "POST", url: `/api/staff/orders/${orderId}/${action}`, headers, payload });
}

describe("staff decisions on placed orders", () => {
  it("§4 accepting a card order captures its authorized payment; the guest reads ACCEPTED by the polling GET", async () => {
    const id = await cardOrder();
    expect(await paymentState(id)).toBe("AUTHORIZED");
    const response = await decide(id, "accept");
    expect(response.statusCode, response.body).toBe(200);
    await vi.waitFor(async () => expect(await paymentState(id)).toBe("CAPTURED"));
    const polled = await server.app.inject({
      method: "GET",
      url: `/api/orders/${id}/status`,
      headers: authHeaders(guest),
    });
    expect(polled.json<OrderStatusEvent>().status).toBe("ACCEPTED");
    await vi.waitFor(async () =>
      expect((await listOutboxMessagesTo(database.db, PHONE.e164, 1))[0]?.body).toMatch(/was accepted\.$/),
    );
  });

  it("§4 rejecting a card order voids its payment", async () => {
    const id = await cardOrder();
    expect((await decide(id, "reject", { reason: "Closed early" })).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await paymentState(id)).toBe("VOIDED"));
  });

  it("§4 the store's acceptance time (5 minutes here) runs out: TIMED_OUT, payment voided, the guest told", async () => {
    const id = await cardOrder();
    // The sweeper's own context, as another process would have it, with the real sandbox provider.
    const ctx = testOrdersContext(database.db, clock, { payments: new SandboxPaymentProvider(database.db, clock.now) });
    clock.advance(5 * MINUTE);
    const swept = await timeOutExpired(ctx);
    expect(swept.map((e) => [e.orderId, e.status])).toContainEqual([id, "TIMED_OUT"]);
    // The void and the message are jobs: this context's worker or the server's own (polling the same
    // database, as a second process would) may be the one that claims them, so wait for either.
    await ctx.background.settled();
    await vi.waitFor(async () => expect(await paymentState(id)).toBe("VOIDED"));
    await vi.waitFor(async () =>
      expect((await listOutboxMessagesTo(database.db, PHONE.e164, 1))[0]?.body).toMatch(
        /ran out of time before being accepted\.$/,
      ),
    );
  });

  it("§4 an order of a delayed-response service is UNDER_REVIEW: no deadline, accepted whenever the store answers", async () => {
    await useDelayedResponse(database.db, FIXTURE.beachBar, true);
    const order = await placeTestOrder(server.app, database.db, guest, {}, { now: clock.now() });
    expect(order.status).toBe("UNDER_REVIEW");
    clock.advance(20 * MINUTE);
    await timeOutExpired(testOrdersContext(database.db, clock));
    const pin = await server.app.inject({
      method: "POST",
      url: `/api/authenticate/login/pin?pin=4821&storeId=${FIXTURE.storeId}`,
    });
    const session = pin.json<SessionResponse>();
    waiter = authHeaders({ authToken: session.authToken.token, jwt: session.jwt });
    const response = await decide(order.id, "accept");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<OrderStatusEvent>().status).toBe("ACCEPTED");
    await useDelayedResponse(database.db, FIXTURE.beachBar, false);
  });
});
