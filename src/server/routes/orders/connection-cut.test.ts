/**
 * A proxy that cuts the connection after the server committed, then a retry, gives one order
 * and the stored answer. A real listening server behind a TCP proxy
 * (test-support/cutting-proxy.ts) that forwards the request, swallows the answer's bytes and cuts
 * the client off: the client saw nothing, the order was committed; the app's outbox retries with
 * the same key.
 */
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderDto } from "../../../domain/orders-api";
import { authHeaders, greekMobile, type SignedInGuest, signInGuest } from "../../test-support/accounts";
import { testClock } from "../../test-support/clock";
import { type CuttingProxy, postJson, startCuttingProxy } from "../../test-support/cutting-proxy";
import { expectedTotalOf, testOrderRequest } from "../../test-support/orders";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const ctx = setUpTestDatabase();
const clock = testClock("2026-07-01T09:00:00.000Z");
const server = setUpTestApp(() => ctx.db, { now: clock.now });

let guest: SignedInGuest;
let serverPort: number;
let proxy: CuttingProxy;

beforeAll(async () => {
  await importFixture(ctx.db);
  guest = await signInGuest(server.app, ctx.db, greekMobile(1));
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  serverPort = (server.app.server.address() as AddressInfo).port;
  proxy = await startCuttingProxy(serverPort);
});

afterAll(async () => {
  await proxy.close();
});

function post(port: number, key: string, body: unknown) {
  return postJson(port, "/api/orders", { ...authHeaders(guest), "idempotency-key": key }, body);
}

async function countOrders(): Promise<number> {
  const rows = await ctx.db.selectFrom("orders").select("id").execute();
  return rows.length;
}

describe("a connection cut after the commit (design.md Orders: exactly once on patchy Wi-Fi)", () => {
  it("the client sees the connection drop; its retry with the same key gets the stored answer and there is one order", async () => {
    const draft = testOrderRequest();
    const body = { ...draft, expectedTotalCents: await expectedTotalOf(ctx.db, guest, draft, clock.now()) };
    const key = randomUUID();
    const before = await countOrders();

    await expect(post(proxy.port, key, body)).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(proxy.swallowed()).toBe(1);
    expect(await countOrders()).toBe(before + 1); // committed although the client never heard

    const retry = await post(serverPort, key, body);
    expect(retry.status).toBe(201);
    expect(retry.replayed).toBe(true);
    const order = JSON.parse(retry.body) as OrderDto;
    const stored = await ctx.db
      .selectFrom("order_requests")
      .select(["response_body", "order_id"])
      .where("idempotency_key", "=", key)
      .executeTakeFirstOrThrow();
    expect(retry.body).toBe(stored.response_body);
    expect(stored.order_id).toBe(order.id);
    expect(await countOrders()).toBe(before + 1);
  });
});
