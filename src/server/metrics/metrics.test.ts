/**
 * GET /metrics (Prometheus text): what it counts, and that only the server's own machine or a
 * scraper holding METRICS_TOKEN reads it. On SQLite, and on PostgreSQL through scripts/with-postgres.sh.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { greekMobile, type SignedInGuest, signInGuest } from "../test-support/accounts";
import { testClock } from "../test-support/clock";
import { expectedTotalOf, openAllDay, postOrder, testOrderRequest } from "../test-support/orders";
import { importFixture } from "../test-support/seed";
import { buildTestApp, setUpTestApp } from "../test-support/test-app";
import { setUpTestDatabase } from "../test-support/test-database";

const ctx = setUpTestDatabase();
const clock = testClock("2026-07-01T09:00:00.000Z"); // 12:00 in Athens: the beach bar is open
const TOKEN = "scrape-me-please-0123";
const dataDir = mkdtempSync(path.join(tmpdir(), "venue-metrics-"));
const sqliteFile = path.join(dataDir, "venue.sqlite");
const server = setUpTestApp(() => ctx.db, {
  now: clock.now,
  metricsToken: TOKEN,
  databaseMetrics: { kind: "sqlite", file: sqliteFile },
});
let guest: SignedInGuest;

beforeAll(async () => {
  await importFixture(ctx.db);
  guest = await signInGuest(server.app, ctx.db, greekMobile(1));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The value of one sample line (`name{labels} value`), or undefined when there is none. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(): Promise<string> {
  const response = await server.app.inject({ method: "GET", url: "/metrics" });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

describe("GET /metrics: Prometheus text for loopback or METRICS_TOKEN, never guests", () => {
  it("from loopback: Prometheus text with http_request_duration_seconds by route pattern, method and status class", async () => {
    await server.app.inject({ method: "GET", url: "/api/health" });
    await server.app.inject({ method: "GET", url: "/api/no-such-thing/42" });
    const response = await server.app.inject({ method: "GET", url: "/metrics" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.body).toContain("# TYPE http_request_duration_seconds histogram");
    expect(
      sample(response.body, 'http_request_duration_seconds_count{route="/api/health",method="GET",status_class="2xx"}'),
    ).toBe(1);
    // An unknown URL is not a series of its own.
    expect(
      sample(response.body, 'http_request_duration_seconds_count{route="unmatched",method="GET",status_class="4xx"}'),
    ).toBe(1);
    expect(response.body).not.toContain("no-such-thing");
    // The event loop's delay (prom-client's default metrics).
    expect(response.body).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
  });

  it("orders placed and refused by code; a replayed answer is not counted again", async () => {
    await openAllDay(ctx.db, testOrderRequest().serviceId);
    const before = await scrape();
    const placedBefore = sample(before, "orders_placed_total") ?? 0;
    const draft = testOrderRequest();
    const request = { ...draft, expectedTotalCents: await expectedTotalOf(ctx.db, guest, draft, clock.now()) };
    const key = randomUUID();
    expect((await postOrder(server.app, guest, request, key)).statusCode).toBe(201);
    expect((await postOrder(server.app, guest, request, key)).headers["idempotent-replayed"]).toBe("true");
    const tampered = { ...request, expectedTotalCents: 1 };
    expect((await postOrder(server.app, guest, tampered)).json()).toMatchObject({ code: "PRICE_CHANGED" });
    const after = await scrape();
    expect(sample(after, "orders_placed_total")).toBe(placedBefore + 1);
    expect(sample(after, 'orders_refused_total{code="PRICE_CHANGED"}')).toBe(1);
  });

  it("jobs pending and failed are counted in the jobs table on scrape; STOMP connections and the WAL file's size", async () => {
    const at = clock.now().toISOString();
    const job = {
      kind: "status-event" as const,
      order_id: null,
      payload: "{}",
      attempts: 0,
      claimed_by: null,
      lease_until: null,
      last_error: null,
      created_at: at,
      done_at: null,
    };
    // Not due for a day: the worker leaves it pending.
    const later = new Date(clock.now().getTime() + 86_400_000).toISOString();
    const ids = (
      await ctx.db
        .insertInto("jobs")
        .values([
          { ...job, state: "PENDING", run_after: later },
          { ...job, state: "DEAD", run_after: at, last_error: "gave up" },
        ])
        .returning("id")
        .execute()
    ).map((row) => row.id);
    writeFileSync(`${sqliteFile}-wal`, Buffer.alloc(4096));
    try {
      const text = await scrape();
      expect(sample(text, "jobs_pending")).toBeGreaterThanOrEqual(1);
      expect(sample(text, "jobs_failed")).toBe(1);
      expect(sample(text, "stomp_connections")).toBe(0);
      expect(sample(text, "sqlite_wal_bytes")).toBe(4096);
    } finally {
      await ctx.db.deleteFrom("jobs").where("id", "in", ids).execute();
    }
  });

  it("PostgreSQL: the pool's waiting queries instead of the WAL file", async () => {
    const app = buildTestApp(ctx.db, {
      databaseMetrics: { kind: "postgres", pool: { waitingCount: 3, totalCount: 10 } },
    });
    try {
      const text = (await app.inject({ method: "GET", url: "/metrics" })).body;
      expect(sample(text, "postgres_pool_waiting")).toBe(3);
      expect(sample(text, "postgres_pool_connections")).toBe(10);
      expect(text).not.toContain("sqlite_wal_bytes");
    } finally {
      await app.close();
    }
  });

  it("a guest from another address gets 404 NOT_FOUND, as for a path that does not exist", async () => {
    const response = await server.app.inject({ method: "GET", url: "/metrics", remoteAddress: "203.0.113.9" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: "NOT_FOUND", message: "No route for GET /metrics" });
    const spoofed = await server.app.inject({
      method: "GET",
      url: "/metrics",
      remoteAddress: "203.0.113.9",
      headers: { "x-forwarded-for": "127.0.0.1", authorization: "Bearer wrong-token-0000000" },
    });
    expect(spoofed.statusCode).toBe(404);
  });

  it("with METRICS_TOKEN as a bearer token it answers from any address", async () => {
    const response = await server.app.inject({
      method: "GET",
      url: "/metrics",
      remoteAddress: "203.0.113.9",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("http_request_duration_seconds");
  });

  it("behind a trusted proxy a forwarded request is not loopback, though the proxy connects from it", async () => {
    const app = buildTestApp(ctx.db, { trustProxy: true });
    try {
      const forwarded = await app.inject({
        method: "GET",
        url: "/metrics",
        remoteAddress: "127.0.0.1",
        headers: { "x-forwarded-for": "203.0.113.9" },
      });
      expect(forwarded.statusCode).toBe(404);
      const local = await app.inject({ method: "GET", url: "/metrics", remoteAddress: "127.0.0.1" });
      expect(local.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
