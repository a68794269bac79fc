/**
 * Placement publishes the new order's status after the commit (design.md "Real time"): once per
 * order, never for a replayed answer or a refusal.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { OrderDto, OrderStatusEvent } from "../../../domain/orders-api";
import { InProcessOrderEvents } from "../../realtime/order-events";
import { greekMobile, type SignedInGuest, signInGuest } from "../../test-support/accounts";
import { testClock } from "../../test-support/clock";
import { expectedTotalOf, postOrder, testOrderRequest } from "../../test-support/orders";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const ctx = setUpTestDatabase();
const clock = testClock("2026-07-01T09:00:00.000Z");
const orderEvents = new InProcessOrderEvents();
const server = setUpTestApp(() => ctx.db, { now: clock.now, orderEvents });
const received: OrderStatusEvent[] = [];
orderEvents.subscribe((event) => received.push(event));

let guest: SignedInGuest;

beforeAll(async () => {
  await importFixture(ctx.db);
  guest = await signInGuest(server.app, ctx.db, greekMobile(1));
});

describe("the status event of a placed order", () => {
  it("is published once per order: not again for a replayed answer, not for a refusal", async () => {
    const draft = testOrderRequest();
    const request = { ...draft, expectedTotalCents: await expectedTotalOf(ctx.db, guest, draft, clock.now()) };
    const key = randomUUID();
    const first = await postOrder(server.app, guest, request, key);
    const order = first.json<OrderDto>();
    await postOrder(server.app, guest, request, key);
    await postOrder(server.app, guest, { ...request, expectedTotalCents: 1 });
    await server.app.ready();
    expect(received).toEqual([
      {
        orderId: order.id,
        storeId: order.storeId,
        status: "WAITING_FOR_ACCEPTANCE",
        onHold: false,
        dailyNumber: order.dailyNumber,
        errorMessage: null,
        updatedAt: order.updatedAt,
        preparation: null,
      },
    ]);
  });
});
