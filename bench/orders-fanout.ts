/**
 * Orders fan-out bench (time from a status change to delivery at 1,000 and 10,000 open
 * subscriptions). Not a test: it measures and writes bench/results/<date>-orders-fanout.json.
 *
 * The real API (buildApp, SQLite in a throwaway directory, the demo venues, no request logs) runs
 * in this process with an in-process order-event bus; the STOMP clients run in a child process
 * (bench/orders-fanout-clients.ts), since 10,000 sockets on each side would pass one process's
 * open-file limit. Each client is its own WebSocket connection with one subscription, all to the
 * same order's topic (/topic/orders/{id}): the worst case for one status change, which goes to
 * every one of them. Per scale:
 *   - open N connections (CONNECT with a real guest session, SUBSCRIBE with a receipt);
 *   - RSS per connection: this (server) process's RSS growth after opening, divided by N (after a
 *     GC when node runs with --expose-gc);
 *   - for each of BENCH_FANOUT_CHANGES changes: publish one OrderStatusEvent, as a status change
 *     does after its commit, and take the times every client received it. "To all" is the last
 *     arrival minus the publish; "per delivery" is every arrival minus the publish.
 * Both processes share this machine's 2 cores, so the client side's work is inside the figures.
 *
 * Run: node --expose-gc --import tsx bench/orders-fanout.ts
 * Env: BENCH_FANOUT_SCALES (default "1000,10000"), BENCH_FANOUT_CHANGES (default 30).
 */
import { fork } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { orderDestination } from "../src/domain/order-topics";
import { buildApp } from "../src/server/app";
import { openDatabase } from "../src/server/db/database";
import { migrateToLatest } from "../src/server/db/migrate";
import { DEMO_VENUES_DIR, PUBLIC_IMAGES_DIR } from "../src/server/paths";
import { InProcessOrderEvents } from "../src/server/realtime/order-events";
import { insertTestOrder, statusEvent } from "../src/server/realtime/test-orders";
import { importDemoVenuesIfEmpty } from "../src/server/venue/demo-venues";
import { askClients, clientsMessage, signInGuest } from "./fanout-support";

const WATCHDOG_MS = 15 * 60 * 1000;
const DEMO_STORE_ID = 7;
const settings = {
  scales: (process.env.BENCH_FANOUT_SCALES ?? "1000,10000").split(",").map(Number),
  changes: Number(process.env.BENCH_FANOUT_CHANGES ?? 30),
  pauseBetweenChangesMs: 200,
  clientHeartBeat: "0,10000",
};
const loadAverageAtStart = loadavg();

interface ScaleResult {
  subscriptions: number;
  connections: number;
  failedToOpen: number;
  openSeconds: number;
  rssBytesPerConnection: number;
  serverRssMiB: { before: number; after: number };
  toAllMs: { median: number; p99: number; min: number; max: number };
  perDeliveryMs: { median: number; p99: number };
  changes: number;
}

type ChildMessage =
  | { type: "opened"; count: number; failed: number; ms: number }
  | { type: "ready" }
  | { type: "delivered"; arrivals: number[] }
  | { type: "closed" };

const watchdog = setTimeout(() => {
  console.error("The fan-out bench took longer than 15 minutes: stopping.");
  process.exit(1);
}, WATCHDOG_MS);

const dataDir = mkdtempSync(path.join(tmpdir(), "venue-fanout-bench-"));
const { db } = openDatabase({ kind: "sqlite", file: path.join(dataDir, "venue.sqlite") });
const bus = new InProcessOrderEvents();
const app = buildApp({
  db,
  config: {
    staticDir: "/nonexistent",
    contactEmail: "bench@example.com",
    logLevel: "silent",
    trustProxy: false,
    demoVenues: true,
    jwtSecret: null,
    messaging: { sms: { provider: "outbox" }, email: { provider: "outbox" } },
    devOutboxApi: false,
    devClockApi: false,
    // Every bench client is the same guest from 127.0.0.1: the per-session and per-address caps
    // would refuse all but a few.
    stomp: { maxConnectionsPerSession: 1_000_000, maxConnectionsPerAddress: 1_000_000 },
  },
  logger: false,
  orderEvents: bus,
});
const child = fork(path.join(import.meta.dirname, "orders-fanout-clients.ts"), [], {
  execArgv: ["--import", "tsx"],
  stdio: ["ignore", "inherit", "inherit", "ipc"],
});

try {
  await migrateToLatest(db, "sqlite");
  await importDemoVenuesIfEmpty(db, DEMO_VENUES_DIR, { imagesDir: PUBLIC_IMAGES_DIR });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const session = await signInGuest(app, db, 6940009999);
  const order = await insertTestOrder(db, { userId: session.userId, storeId: DEMO_STORE_ID });
  const results: ScaleResult[] = [];
  for (const scale of settings.scales) {
    results.push(await measureScale(scale, `ws://127.0.0.1:${port}/api/stomp`, session, order));
    console.log(formatScale(results.at(-1) as ScaleResult));
  }
  writeResults(results);
} finally {
  clearTimeout(watchdog);
  child.kill();
  await app.close();
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}

async function measureScale(
  count: number,
  url: string,
  session: { authToken: string; jwt: string },
  order: Awaited<ReturnType<typeof insertTestOrder>>,
): Promise<ScaleResult> {
  const rssBefore = settledRss();
  const opened = await askClients<Extract<ChildMessage, { type: "opened" }>>(
    child,
    {
      type: "open",
      url,
      count,
      headers: { authToken: session.authToken, jwt: session.jwt },
      destination: orderDestination(order.orderId),
    },
    "opened",
    10 * 60_000,
  );
  await sleep(500);
  const rssAfter = settledRss();
  const toAll: number[] = [];
  const perDelivery: number[] = [];
  for (let change = 0; change < settings.changes; change++) {
    await askClients(child, { type: "expect" }, "ready");
    const delivered = clientsMessage<Extract<ChildMessage, { type: "delivered" }>>(child, "delivered", 60_000);
    const publishedAt = performance.timeOrigin + performance.now();
    await bus.publish(statusEvent(order, change % 2 === 0 ? "ACCEPTED" : "WAITING_FOR_ACCEPTANCE"));
    const { arrivals } = await delivered;
    const latencies = arrivals.map((at) => at - publishedAt);
    toAll.push(Math.max(...latencies));
    for (const latency of latencies) perDelivery.push(latency);
    await sleep(settings.pauseBetweenChangesMs);
  }
  await askClients(child, { type: "close" }, "closed", 60_000);
  await sleep(1000);
  return {
    subscriptions: opened.count,
    connections: opened.count,
    failedToOpen: opened.failed,
    openSeconds: round(opened.ms / 1000),
    rssBytesPerConnection: Math.round((rssAfter - rssBefore) / opened.count),
    serverRssMiB: { before: round(rssBefore / 2 ** 20), after: round(rssAfter / 2 ** 20) },
    toAllMs: {
      median: round(percentile(toAll, 50)),
      p99: round(percentile(toAll, 99)),
      min: round(Math.min(...toAll)),
      max: round(Math.max(...toAll)),
    },
    perDeliveryMs: { median: round(percentile(perDelivery, 50)), p99: round(percentile(perDelivery, 99)) },
    changes: toAll.length,
  };
}

/** A guest's phone sign-in, as the app does it: entrance, the code from the outbox, login. */

function settledRss(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  return process.memoryUsage().rss;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

function formatScale(result: ScaleResult): string {
  return [
    `${result.subscriptions} subscriptions (${result.connections} connections, ${result.failedToOpen} failed to open, opened in ${result.openSeconds} s)`,
    `  status change -> all subscribers: median ${result.toAllMs.median} ms, p99 ${result.toAllMs.p99} ms (min ${result.toAllMs.min}, max ${result.toAllMs.max}; ${result.changes} changes)`,
    `  per delivery: median ${result.perDeliveryMs.median} ms, p99 ${result.perDeliveryMs.p99} ms`,
    `  server RSS ${result.serverRssMiB.before} -> ${result.serverRssMiB.after} MiB: ${(result.rssBytesPerConnection / 1024).toFixed(1)} KiB per connection`,
  ].join("\n");
}

function writeResults(scales: ScaleResult[]): void {
  const date = new Date().toISOString().slice(0, 10);
  const resultPath = `bench/results/${date}-orders-fanout.json`;
  mkdirSync("bench/results", { recursive: true });
  const record = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? "unknown",
      node: process.version,
      gcExposed: typeof (globalThis as { gc?: unknown }).gc === "function",
      loadAverage: { atStart: loadAverageAtStart, atEnd: loadavg() },
    },
    settings,
    scales,
  };
  writeFileSync(resultPath, `${JSON.stringify(record, null, 2)}\n`);
  console.log(`Written to ${resultPath}`);
}
