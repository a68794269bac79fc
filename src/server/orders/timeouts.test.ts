import Fastify from "fastify";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { OrderStatusEvent } from "../../domain/orders-api";
import { databaseTarget, openDatabase } from "../db/database";
import { InProcessOrderEvents } from "../realtime/order-events";
import { MINUTE, testClock } from "../test-support/clock";
import { importFixture } from "../test-support/seed";
import { setUpTestDatabase } from "../test-support/test-database";
import { timeOutExpired } from "./status-changes";
import { insertGuest, insertOrder, testOrdersContext } from "./status-changes.test-support";
import { orderTimeouts, SWEEP_INTERVAL_MS } from "./timeouts";

const database = setUpTestDatabase();
let guestId: number;

beforeAll(async () => {
  await importFixture(database.db);
  guestId = await insertGuest(database.db, { phone: "+306940000555" });
});

describe("orderTimeouts plugin (the sweeper)", () => {
  it("§4 sweeps every SWEEP_INTERVAL_MS once the server is ready, publishing each timeout; stops on close", async () => {
    const clock = testClock("2026-07-01T09:00:00.000Z");
    const bus = new InProcessOrderEvents();
    const events: OrderStatusEvent[] = [];
    bus.subscribe((event) => events.push(event));
    const ctx = testOrdersContext(database.db, clock, { orderEvents: bus });
    // Only the interval is faked: the database driver keeps its real timers.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const app = Fastify({ logger: false });
    try {
      await app.register(orderTimeouts, { ctx });
      await app.ready();
      const expired = await insertOrder(database.db, { userId: guestId, createdAt: clock.now().toISOString() });
      clock.advance(10 * MINUTE);

      vi.advanceTimersByTime(SWEEP_INTERVAL_MS - 1);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(events).toEqual([]);

      vi.advanceTimersByTime(1);
      await vi.waitFor(() => expect(events.map((e) => [e.orderId, e.status])).toEqual([[expired, "TIMED_OUT"]]));

      await app.close();
      const later = await insertOrder(database.db, { userId: guestId, createdAt: clock.now().toISOString() });
      clock.advance(10 * MINUTE);
      vi.advanceTimersByTime(10 * SWEEP_INTERVAL_MS);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const row = await database.db.selectFrom("orders").select("status").where("id", "=", later).executeTakeFirst();
      expect(row?.status).toBe("WAITING_FOR_ACCEPTANCE");
    } finally {
      vi.useRealTimers();
      await app.close();
      await ctx.background.settled();
    }
  });
});

describe("several API processes on one database", () => {
  it("§4 two sweepers with their own connections race over the same expired orders: each times out exactly once", async () => {
    const env = database.env;
    // A second handle on the same database, as another API process has (its own pool on PostgreSQL).
    // On SQLite (one API process by design) both use the one handle: since the timeout writes its
    // jobs in the same transaction, a second better-sqlite3 connection in the same
    // thread would block the event loop on the lock the first one's transaction holds.
    const other =
      database.dialect === "postgres"
        ? openDatabase(databaseTarget(env.DATABASE_URL ?? null, env.DATA_DIR ?? ""))
        : null;
    try {
      const clock = testClock("2026-07-02T09:00:00.000Z");
      await timeOutExpired(testOrdersContext(database.db, clock)); // what the first test left waiting
      const ids = [];
      for (let i = 0; i < 20; i++) {
        ids.push(await insertOrder(database.db, { userId: guestId, createdAt: clock.now().toISOString() }));
      }
      clock.advance(10 * MINUTE);
      const first = testOrdersContext(database.db, clock);
      const second = testOrdersContext(other?.db ?? database.db, clock);
      const rounds = await Promise.all([
        timeOutExpired(first),
        timeOutExpired(second),
        timeOutExpired(first),
        timeOutExpired(second),
      ]);
      const swept = rounds.flat().map((event) => event.orderId);
      expect(swept.sort((a, b) => a - b)).toEqual(ids);
      await Promise.all([first.background.settled(), second.background.settled()]);
    } finally {
      await other?.db.destroy();
    }
  });
});
