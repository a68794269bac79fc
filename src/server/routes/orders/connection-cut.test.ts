/**
 * Issue "Orders" acceptance: "a proxy that cuts the connection after the server committed, then a
 * retry, gives one order and the stored answer". A real listening server behind a TCP proxy
 * (node:net) that forwards the request, swallows the answer's bytes and cuts the client off:
 * the client saw nothing, the order was committed; the app's outbox retries with the same key.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderDto } from "../../../domain/orders-api";
import { authHeaders, greekMobile, type SignedInGuest, signInGuest } from "../../test-support/accounts";
import { testClock } from "../../test-support/clock";
import { expectedTotalOf, testOrderRequest } from "../../test-support/orders";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const ctx = setUpTestDatabase();
const clock = testClock("2026-07-01T09:00:00.000Z");
const server = setUpTestApp(() => ctx.db, { now: clock.now });

let guest: SignedInGuest;
let serverPort: number;
let proxy: net.Server;
let proxyPort: number;
/** Answers swallowed by the proxy (the server had sent them: it had committed). */
let swallowed = 0;

beforeAll(async () => {
  await importFixture(ctx.db);
  guest = await signInGuest(server.app, ctx.db, greekMobile(1));
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  serverPort = (server.app.server.address() as AddressInfo).port;
  // Client → server bytes pass; the first server → client bytes are dropped and both ends cut.
  proxy = net.createServer((client) => {
    const upstream = net.connect(serverPort, "127.0.0.1");
    client.pipe(upstream);
    upstream.once("data", () => {
      swallowed++;
      upstream.destroy();
      client.destroy();
    });
    client.on("error", () => undefined);
    upstream.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  proxyPort = (proxy.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve));
});

function post(port: number, key: string, body: unknown): Promise<{ status: number; body: string; replayed: boolean }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/api/orders",
        agent: false,
        headers: {
          ...authHeaders(guest),
          "idempotency-key": key,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
            replayed: response.headers["idempotent-replayed"] === "true",
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
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

    await expect(post(proxyPort, key, body)).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(swallowed).toBe(1);
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
