/**
 * Whose Idempotency-Key claim is abandoned (claim-owners.ts): a claim named after a process that is
 * gone is taken over at once (the route tests in routes/orders/idempotency.test.ts show the
 * takeover itself). The PostgreSQL check runs only on PostgreSQL
 * (`bash scripts/with-postgres.sh npx vitest run --project server src/server/orders/claim-owners`).
 */
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { PostgresOrderEvents } from "../realtime/postgres-order-events";
import { setUpTestDatabase, testDialect } from "../test-support/test-database";
import { postgresOwners, singleProcessOwners } from "./claim-owners";

const ctx = setUpTestDatabase();
const buses: PostgresOrderEvents[] = [];
const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

afterAll(async () => {
  await Promise.all(buses.map((bus) => bus.close()));
});

describe("singleProcessOwners (SQLite: one server process per database)", () => {
  it("a claim of this process is its own; one named after any other process is an earlier run's", async () => {
    const owners = singleProcessOwners("run-2");
    expect(owners.self).toBe("run-2");
    expect(await owners.isGone("run-2")).toBe(false);
    expect(await owners.isGone("run-1")).toBe(true);
  });

  it("names each process afresh", () => {
    expect(singleProcessOwners().self).not.toBe(singleProcessOwners().self);
  });
});

describe.skipIf(testDialect() !== "postgres")("postgresOwners (PostgreSQL only, skipped on SQLite)", () => {
  function startBus(processId: string): PostgresOrderEvents {
    const url = ctx.env.DATABASE_URL;
    if (url === undefined) throw new Error("no DATABASE_URL for the test database");
    const bus = new PostgresOrderEvents({ connectionString: url, db: ctx.db, log: quietLog, processId });
    buses.push(bus);
    return bus;
  }

  it("another process is running while its LISTEN connection is open, and gone once it closed", async () => {
    const other = `other-${randomUUID()}`;
    const owners = postgresOwners(ctx.db, `self-${randomUUID()}`);
    expect(await owners.isGone(other)).toBe(true); // never started
    const bus = startBus(other);
    await bus.start();
    expect(await owners.isGone(other)).toBe(false);
    await bus.close();
    // The server process ends the session once its client said goodbye; pg_stat_activity follows.
    await expect.poll(() => owners.isGone(other), { timeout: 5000 }).toBe(true);
  });

  it("this process is never gone to itself, even before its LISTEN connection is open", async () => {
    const self = `self-${randomUUID()}`;
    expect(await postgresOwners(ctx.db, self).isGone(self)).toBe(false);
  });
});
