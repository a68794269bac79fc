/**
 * Fan-out between API processes through PostgreSQL LISTEN/NOTIFY (on
 * PostgreSQL a status change made through one server process reaches a subscriber of another).
 * PostgreSQL only; run with `bash scripts/with-postgres.sh npx vitest run --project server src/server/realtime`.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderDestination } from "../../domain/order-topics";
import type { OrderStatusEvent } from "../../domain/orders-api";
import { statusEventsSince } from "../jobs/replay";
import { accept } from "../orders/status-changes";
import { insertGuest, testOrdersContext } from "../orders/status-changes.test-support";
import { DEMO_VENUES_DIR, PUBLIC_IMAGES_DIR } from "../paths";
import { greekMobile, signInGuest } from "../test-support/accounts";
import { testClock } from "../test-support/clock";
import { setUpTestDatabase, testDialect } from "../test-support/test-database";
import { importDemoVenuesIfEmpty } from "../venue/demo-venues";
import { ORDER_EVENTS_CHANNEL, type OrderEventsLog, PostgresOrderEvents } from "./postgres-order-events";
import { insertTestOrder, signInStaff, statusEvent } from "./test-orders";
import { startApiServer, startMainProcess } from "./test-servers";
import { connectStomp } from "./test-stomp-client";

const onPostgres = testDialect() === "postgres";
const ctx = setUpTestDatabase();
const BEACH_HOTEL = 7;
const quietLog: OrderEventsLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
const buses: PostgresOrderEvents[] = [];

function newBus(log: OrderEventsLog = quietLog): PostgresOrderEvents {
  const url = ctx.env.DATABASE_URL;
  if (url === undefined) throw new Error("no DATABASE_URL for the test database");
  const bus = new PostgresOrderEvents({ connectionString: url, db: ctx.db, log, reconnectInitialMs: 50 });
  buses.push(bus);
  return bus;
}

function collect(bus: PostgresOrderEvents): OrderStatusEvent[] {
  const seen: OrderStatusEvent[] = [];
  bus.subscribe((event) => seen.push(event));
  return seen;
}

const event = (orderId: number, status: OrderStatusEvent["status"] = "ACCEPTED"): OrderStatusEvent =>
  statusEvent({ orderId, storeId: BEACH_HOTEL, dailyNumber: 1 }, status);

afterAll(async () => {
  await Promise.all(buses.map((bus) => bus.close()));
});

describe.skipIf(!onPostgres)("PostgresOrderEvents (LISTEN/NOTIFY; PostgreSQL only, skipped on SQLite)", () => {
  it("an event published by one bus reaches the listeners of another, and its own listeners exactly once", async () => {
    const [a, b] = [newBus(), newBus()];
    await Promise.all([a.start(), b.start()]);
    const [seenByA, seenByB] = [collect(a), collect(b)];
    await a.publish(event(1));
    expect(seenByA).toEqual([event(1)].map((e) => ({ ...e, updatedAt: expect.any(String) })));
    await expect.poll(() => seenByB.map((e) => e.orderId)).toEqual([1]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seenByA).toHaveLength(1);
  });

  it("a NOTIFY whose payload is not an OrderStatusEvent is ignored", async () => {
    const bus = newBus();
    await bus.start();
    const seen = collect(bus);
    await sql`select pg_notify(${ORDER_EVENTS_CHANNEL}, ${"not json"})`.execute(ctx.db);
    await sql`select pg_notify(${ORDER_EVENTS_CHANNEL}, ${JSON.stringify({ origin: "x", event: { orderId: "1" } })})`.execute(
      ctx.db,
    );
    await sql`select pg_notify(${ORDER_EVENTS_CHANNEL}, ${JSON.stringify({ origin: "x", event: event(2) })})`.execute(
      ctx.db,
    );
    await expect.poll(() => seen.map((e) => e.orderId)).toEqual([2]);
  });

  it("when the LISTEN connection is killed, the bus reconnects and hears events again", async () => {
    const logged: string[] = [];
    const listener = newBus({ ...quietLog, info: (message) => logged.push(message), warn: (_, m) => logged.push(m) });
    const publisher = newBus();
    await Promise.all([listener.start(), publisher.start()]);
    const seen = collect(listener);
    const killed = await sql<{ pid: number }>`select pg_terminate_backend(pid) as pid from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`.execute(ctx.db);
    expect(killed.rows.length).toBeGreaterThanOrEqual(2);
    await expect
      .poll(() => logged, { timeout: 5000 })
      .toEqual(["order events LISTEN connection lost: reconnecting", "order events LISTEN connection back"]);
    expect(listener.listening).toBe(true);
    // Both buses were cut (they share the database); wait until both listen again, then publish.
    await expect.poll(() => publisher.listening, { timeout: 5000 }).toBe(true);
    await expect
      .poll(
        async () => {
          await publisher.publish(event(3));
          return seen.some((e) => e.orderId === 3);
        },
        { timeout: 5000, interval: 200 },
      )
      .toBe(true);
  });
});

describe.skipIf(!onPostgres)("replay after a LISTEN gap (PostgreSQL only)", () => {
  it("a status change published while a process's LISTEN connection was down reaches its listeners once it is back, from the stored status-event jobs", async () => {
    await importDemoVenuesIfEmpty(ctx.db, DEMO_VENUES_DIR, { imagesDir: PUBLIC_IMAGES_DIR });
    const url = ctx.env.DATABASE_URL;
    if (url === undefined) throw new Error("no DATABASE_URL for the test database");
    const logged: string[] = [];
    // Slow to reconnect, so the change below surely happens while it is deaf.
    const slow = { connectionString: url, db: ctx.db, reconnectInitialMs: 1500, reconnectMaxMs: 1500 };
    const listener = new PostgresOrderEvents({
      ...slow,
      log: { ...quietLog, info: (message) => logged.push(message) },
      replay: (since) => statusEventsSince(ctx.db, since),
    });
    // The same bus without a replay: what main did (NOTIFYs sent during the gap are lost).
    const withoutReplay = new PostgresOrderEvents({ ...slow, log: quietLog });
    const publisher = newBus();
    buses.push(listener, withoutReplay);
    await Promise.all([listener.start(), withoutReplay.start(), publisher.start()]);
    const [seen, seenWithoutReplay] = [collect(listener), collect(withoutReplay)];

    await sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`.execute(ctx.db);
    await expect.poll(() => listener.listening || withoutReplay.listening, { timeout: 5000, interval: 20 }).toBe(false);
    // Another process (its own bus) accepts an order while this one is deaf.
    const guestId = await insertGuest(ctx.db, { phone: "+306940009901" });
    const order = await insertTestOrder(ctx.db, { userId: guestId, storeId: BEACH_HOTEL });
    const other = testOrdersContext(ctx.db, testClock(new Date()), { orderEvents: publisher });
    await accept(other, { userId: 1, storeId: BEACH_HOTEL }, order.orderId);
    await other.background.settled();
    expect(listener.listening).toBe(false);

    await expect.poll(() => listener.listening && withoutReplay.listening, { timeout: 5000 }).toBe(true);
    await expect
      .poll(() => seen.filter((e) => e.orderId === order.orderId).map((e) => e.status), { timeout: 5000 })
      .toEqual(["ACCEPTED"]);
    expect(logged).toContain("order events LISTEN connection back");
    expect(seenWithoutReplay.filter((e) => e.orderId === order.orderId)).toEqual([]);
  });
});

describe.skipIf(!onPostgres)(
  "a status change through one API process reaches a STOMP subscriber of another (PostgreSQL only)",
  () => {
    let stopChild: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      await importDemoVenuesIfEmpty(ctx.db, DEMO_VENUES_DIR, { imagesDir: PUBLIC_IMAGES_DIR });
    });

    afterAll(async () => {
      await stopChild?.();
    });

    it("a publish, then a waiter's accept, in this process (its own API and bus) -> NOTIFY -> the child main.ts process -> MESSAGE to its subscriber", async () => {
      const [child, here] = await Promise.all([startMainProcess(ctx.env), startApiServer(ctx.db, newBus())]);
      stopChild = child.stop;
      const port = child.port;
      try {
        const bus = buses.at(-1) as PostgresOrderEvents;
        await bus.start();
        const guest = await signInGuest(here.app, ctx.db, greekMobile(601));
        const order = await insertTestOrder(ctx.db, { userId: guest.userId, storeId: BEACH_HOTEL });
        // The guest's session, made by this process, is checked by the other one: same database.
        const { client, reply } = await connectStomp(`ws://127.0.0.1:${port}/api/stomp`, guest);
        expect(reply.command, JSON.stringify(reply)).toBe("CONNECTED");
        client.send("SUBSCRIBE", { id: "s", destination: orderDestination(order.orderId), receipt: "r" });
        await client.next("RECEIPT");
        // The bus alone: an event published here...
        const underReview = statusEvent(order, "UNDER_REVIEW");
        await bus.publish(underReview);
        const first = await client.next("MESSAGE");
        expect(JSON.parse(first.body)).toEqual(underReview);
        // ...and a real status change: a waiter accepts the order through this process's API.
        const waiter = await signInStaff(here.app, BEACH_HOTEL, "2580");
        const accepted = await here.app.inject({
          method: "POST",
          url: `/api/staff/orders/${order.orderId}/accept`,
          headers: { authToken: waiter.authToken, jwt: waiter.jwt, "idempotency-key": randomUUID() },
        });
        expect(accepted.statusCode, accepted.body).toBe(200);
        const second = await client.next("MESSAGE", { from: client.frames.indexOf(first) + 1 });
        expect(JSON.parse(second.body)).toMatchObject({ orderId: order.orderId, status: "ACCEPTED" });
        await client.close();
      } finally {
        await here.close();
      }
    }, 60_000);
  },
);
