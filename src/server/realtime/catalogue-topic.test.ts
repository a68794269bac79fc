/**
 * The live catalogue topic (/topic/stores/{storeId}/catalogue): a committed catalogue write
 * reaches the STOMP subscribers of the store's catalogue, a guest without a session among them,
 * and on PostgreSQL the subscribers of another API process on the same database.
 * Real `ws` clients against the whole API on loopback ports; the demo venues (beach hotel: store 7,
 * Freddo espresso: item 70101; city café: store 132).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CatalogueChangedEvent } from "../../domain/catalogue-events";
import { orderDestination, storeCatalogueDestination, storeOrdersDestination } from "../../domain/order-topics";
import { DEMO_VENUES_DIR, PUBLIC_IMAGES_DIR } from "../paths";
import { setUpTestDatabase, testDialect } from "../test-support/test-database";
import { importDemoVenuesIfEmpty } from "../venue/demo-venues";
import { InProcessOrderEvents, type OrderEventBus } from "./order-events";
import { type OrderEventsLog, PostgresOrderEvents } from "./postgres-order-events";
import { signInStaff } from "./test-orders";
import { startApiServer } from "./test-servers";
import { connectStomp, type RawStompClient } from "./test-stomp-client";

const onPostgres = testDialect() === "postgres";
const ctx = setUpTestDatabase();
const BEACH_HOTEL = 7;
const CITY_CAFE = 132;
const FREDDO = 70101;
const quietLog: OrderEventsLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
const clients: RawStompClient[] = [];
const closers: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  await importDemoVenuesIfEmpty(ctx.db, DEMO_VENUES_DIR, { imagesDir: PUBLIC_IMAGES_DIR });
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  for (const close of closers.reverse()) await close();
});

function newBus(): OrderEventBus & { start?: () => Promise<void> } {
  if (!onPostgres) return new InProcessOrderEvents();
  const url = ctx.env.DATABASE_URL;
  if (url === undefined) throw new Error("no DATABASE_URL for the test database");
  const bus = new PostgresOrderEvents({ connectionString: url, db: ctx.db, log: quietLog, reconnectInitialMs: 50 });
  closers.push(() => bus.close());
  return bus;
}

async function server() {
  const bus = newBus();
  await bus.start?.();
  const running = await startApiServer(ctx.db, bus);
  closers.push(() => running.close());
  return running;
}

/** A connection without tokens (a guest with a menu open, not signed in), subscribed with a receipt. */
async function anonymousSubscriber(stompUrl: string, destination: string) {
  const { client, reply } = await connectStomp(stompUrl, null);
  clients.push(client);
  expect(reply.command, JSON.stringify(reply)).toBe("CONNECTED");
  client.send("SUBSCRIBE", { id: "menu", destination, receipt: "r" });
  const answer = await Promise.race([client.next("RECEIPT"), client.next("ERROR")]);
  return { client, answer };
}

async function catalogueVersion(storeId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom("stores")
    .select("catalogue_version")
    .where("id", "=", storeId)
    .executeTakeFirstOrThrow();
  return Number(row.catalogue_version);
}

async function putStock(running: Awaited<ReturnType<typeof server>>, body: object) {
  const waiter = await signInStaff(running.app, BEACH_HOTEL, "2580");
  return running.app.inject({
    method: "PUT",
    url: `/api/staff/stores/${BEACH_HOTEL}/items/${FREDDO}/stock`,
    headers: { authToken: waiter.authToken, jwt: waiter.jwt, "idempotency-key": randomUUID() },
    payload: body,
  });
}

describe("the catalogue topic (guests see catalogue changes live)", () => {
  it("a guest without a session subscribes to a store's catalogue; a waiter's PUT stock reaches it as { storeId, catalogueVersion } after the commit", async () => {
    const running = await server();
    const { client, answer } = await anonymousSubscriber(running.stompUrl, storeCatalogueDestination(BEACH_HOTEL));
    expect(answer.command).toBe("RECEIPT");
    const before = await catalogueVersion(BEACH_HOTEL);
    const put = await putStock(running, { stockEnabled: true, stockAmount: 0 });
    expect(put.statusCode, put.body).toBe(200);
    const message = await client.next("MESSAGE");
    expect(message.headers.destination).toBe(storeCatalogueDestination(BEACH_HOTEL));
    const event = JSON.parse(message.body) as CatalogueChangedEvent;
    expect(event).toEqual({ storeId: BEACH_HOTEL, catalogueVersion: before + 1 });
    // What the event announces is already committed: the menu read now is the new version.
    expect(await catalogueVersion(BEACH_HOTEL)).toBeGreaterThanOrEqual(event.catalogueVersion);
    const restore = await putStock(running, { stockEnabled: false, stockAmount: null });
    expect(restore.statusCode, restore.body).toBe(200);
  });

  it("a change of one store is not sent to the subscribers of another", async () => {
    const running = await server();
    const { client } = await anonymousSubscriber(running.stompUrl, storeCatalogueDestination(CITY_CAFE));
    const put = await putStock(running, { stockEnabled: true, stockAmount: 5 });
    expect(put.statusCode, put.body).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(client.frames.filter((frame) => frame.command === "MESSAGE")).toEqual([]);
    await putStock(running, { stockEnabled: false, stockAmount: null });
  });

  it.each([orderDestination(1), storeOrdersDestination(BEACH_HOTEL)])(
    "a connection without a session may follow the catalogue only: %s is refused",
    async (destination) => {
      const running = await server();
      const { client, answer } = await anonymousSubscriber(running.stompUrl, destination);
      expect(answer.command).toBe("ERROR");
      expect(answer.headers.message).toMatch(/^FORBIDDEN/);
      expect(await client.closed).toBe(1008);
    },
  );
});

describe.skipIf(!onPostgres)("the catalogue topic across API processes (PostgreSQL only, skipped on SQLite)", () => {
  it("a PUT stock on instance A is delivered to a catalogue subscriber on instance B", async () => {
    const [a, b] = await Promise.all([server(), server()]);
    const { client, answer } = await anonymousSubscriber(b.stompUrl, storeCatalogueDestination(BEACH_HOTEL));
    expect(answer.command).toBe("RECEIPT");
    const before = await catalogueVersion(BEACH_HOTEL);
    const put = await putStock(a, { stockEnabled: true, stockAmount: 0 });
    expect(put.statusCode, put.body).toBe(200);
    const message = await client.next("MESSAGE");
    expect(JSON.parse(message.body)).toEqual({ storeId: BEACH_HOTEL, catalogueVersion: before + 1 });
    await putStock(a, { stockEnabled: false, stockAmount: null });
  });
});
