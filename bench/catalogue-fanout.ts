/**
 * Catalogue fan-out bench: how long a guest's open menu waits to hear of a catalogue change, with
 * 1,000 menus open. Not a test: it measures and writes bench/results/<date>-catalogue-fanout.json.
 *
 * The real API (buildApp, SQLite in a throwaway directory, the demo venues, no request logs) runs
 * in this process; the STOMP clients run in a child process (bench/orders-fanout-clients.ts, the
 * same raw `ws` clients as the orders fan-out bench). Each client is its own WebSocket connection,
 * CONNECTed without tokens as a guest reading a menu before signing in, with one subscription to
 * the beach hotel's catalogue topic (/topic/stores/7/catalogue). Per run:
 *   - open N connections (CONNECT, SUBSCRIBE with a receipt);
 *   - for each of BENCH_CATALOGUE_CHANGES changes: a waiter's real HTTP PUT of Freddo espresso's
 *     stock (sold out, then back, alternately; a fresh Idempotency-Key each), over loopback, and
 *     the times every client received the change. "Per delivery" is every arrival minus the
 *     request's start (so the commit, the version read and the publish are inside it); "to all" is
 *     the last arrival of a change minus its request's start.
 * Three runs; the figures reported are each run's, and the median of the three.
 * Both processes share this machine's 2 cores, so the client side's work is inside the figures.
 *
 * Run: npm run bench:catalogue-fanout
 * Env: BENCH_CATALOGUE_SUBSCRIBERS (default 1000), BENCH_CATALOGUE_CHANGES (default 200),
 *      BENCH_CATALOGUE_RUNS (default 3).
 */

import { fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { storeCatalogueDestination } from "../src/domain/order-topics";
import { buildApp } from "../src/server/app";
import { openDatabase } from "../src/server/db/database";
import { migrateToLatest } from "../src/server/db/migrate";
import { DEMO_VENUES_DIR, PUBLIC_IMAGES_DIR } from "../src/server/paths";
import { InProcessOrderEvents } from "../src/server/realtime/order-events";
import { signInStaff } from "../src/server/realtime/test-orders";
import { importDemoVenuesIfEmpty } from "../src/server/venue/demo-venues";
import { askClients, clientsMessage } from "./fanout-support";

const WATCHDOG_MS = 20 * 60 * 1000;
const STORE_ID = 7;
const FREDDO = 70101;
const WAITER_PIN = "2580";
const settings = {
  subscribers: Number(process.env.BENCH_CATALOGUE_SUBSCRIBERS ?? 1000),
  changes: Number(process.env.BENCH_CATALOGUE_CHANGES ?? 200),
  runs: Number(process.env.BENCH_CATALOGUE_RUNS ?? 3),
  pauseBetweenChangesMs: 50,
  targetP99Ms: 2000,
};
const loadAverageAtStart = loadavg();

interface Figures {
  p50: number;
  p99: number;
  max: number;
}

interface RunResult {
  subscribers: number;
  failedToOpen: number;
  openSeconds: number;
  changes: number;
  samples: number;
  perDeliveryMs: Figures;
  toAllMs: Figures;
  putResponseMs: Figures;
}

type ChildMessage =
  | { type: "opened"; count: number; failed: number; ms: number }
  | { type: "ready" }
  | { type: "delivered"; arrivals: number[] }
  | { type: "closed" };

const watchdog = setTimeout(() => {
  console.error("The catalogue fan-out bench took longer than 20 minutes: stopping.");
  process.exit(1);
}, WATCHDOG_MS);

const dataDir = mkdtempSync(path.join(tmpdir(), "venue-catalogue-bench-"));
const { db } = openDatabase({ kind: "sqlite", file: path.join(dataDir, "venue.sqlite") });
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
    // Every bench client comes from 127.0.0.1: the per-address cap would refuse all but 50.
    stomp: { maxConnectionsPerSession: 1_000_000, maxConnectionsPerAddress: 1_000_000 },
  },
  logger: false,
  orderEvents: new InProcessOrderEvents(),
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
  const waiter = await signInStaff(app, STORE_ID, WAITER_PIN);
  const runs: RunResult[] = [];
  for (let run = 1; run <= settings.runs; run++) {
    runs.push(await measureRun(port, waiter));
    console.log(`run ${run}: ${formatRun(runs.at(-1) as RunResult)}`);
  }
  const median = {
    perDeliveryMs: medianFigures(runs.map((run) => run.perDeliveryMs)),
    toAllMs: medianFigures(runs.map((run) => run.toAllMs)),
    putResponseMs: medianFigures(runs.map((run) => run.putResponseMs)),
  };
  console.log(
    `median of ${runs.length} runs, per delivery: p50 ${median.perDeliveryMs.p50} ms, p99 ${median.perDeliveryMs.p99} ms, max ${median.perDeliveryMs.max} ms (target p99 <= ${settings.targetP99Ms} ms)`,
  );
  writeResults(runs, median);
} finally {
  clearTimeout(watchdog);
  child.kill();
  await app.close();
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}

async function putStock(port: number, waiter: { authToken: string; jwt: string }, soldOut: boolean): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${port}/api/staff/stores/${STORE_ID}/items/${FREDDO}/stock`, {
    method: "PUT",
    headers: {
      "content-type": "application/json",
      authToken: waiter.authToken,
      jwt: waiter.jwt,
      "idempotency-key": randomUUID(),
    },
    body: JSON.stringify(soldOut ? { stockEnabled: true, stockAmount: 0 } : { stockEnabled: false, stockAmount: null }),
  });
  if (response.status !== 200) throw new Error(`PUT stock: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}

async function measureRun(port: number, waiter: { authToken: string; jwt: string }): Promise<RunResult> {
  const opened = await askClients<Extract<ChildMessage, { type: "opened" }>>(
    child,
    {
      type: "open",
      url: `ws://127.0.0.1:${port}/api/stomp`,
      count: settings.subscribers,
      headers: {},
      destination: storeCatalogueDestination(STORE_ID),
    },
    "opened",
    10 * 60_000,
  );
  await sleep(500);
  const perDelivery: number[] = [];
  const toAll: number[] = [];
  const putResponse: number[] = [];
  for (let change = 0; change < settings.changes; change++) {
    await askClients(child, { type: "expect" }, "ready");
    const delivered = clientsMessage<Extract<ChildMessage, { type: "delivered" }>>(child, "delivered", 60_000);
    const startedAt = performance.timeOrigin + performance.now();
    await putStock(port, waiter, change % 2 === 0);
    putResponse.push(performance.timeOrigin + performance.now() - startedAt);
    const { arrivals } = await delivered;
    let last = 0;
    for (const at of arrivals) {
      const latency = at - startedAt;
      perDelivery.push(latency);
      if (latency > last) last = latency;
    }
    toAll.push(last);
    await sleep(settings.pauseBetweenChangesMs);
  }
  await askClients(child, { type: "close" }, "closed", 60_000);
  await sleep(1000);
  return {
    subscribers: opened.count,
    failedToOpen: opened.failed,
    openSeconds: round(opened.ms / 1000),
    changes: toAll.length,
    samples: perDelivery.length,
    perDeliveryMs: figures(perDelivery),
    toAllMs: figures(toAll),
    putResponseMs: figures(putResponse),
  };
}

function figures(values: number[]): Figures {
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  return {
    p50: round(at(50) ?? Number.NaN),
    p99: round(at(99) ?? Number.NaN),
    max: round(sorted.at(-1) ?? Number.NaN),
  };
}

function medianFigures(all: Figures[]): Figures {
  const middle = (pick: (f: Figures) => number) => {
    const sorted = all.map(pick).sort((a, b) => a - b);
    return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
  };
  return { p50: middle((f) => f.p50), p99: middle((f) => f.p99), max: middle((f) => f.max) };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

function formatRun(run: RunResult): string {
  return [
    `${run.subscribers} subscribers (${run.failedToOpen} failed to open, opened in ${run.openSeconds} s), ${run.changes} PUTs, ${run.samples} deliveries`,
    `  per delivery (PUT start -> MESSAGE): p50 ${run.perDeliveryMs.p50} ms, p99 ${run.perDeliveryMs.p99} ms, max ${run.perDeliveryMs.max} ms`,
    `  to all: p50 ${run.toAllMs.p50} ms, p99 ${run.toAllMs.p99} ms, max ${run.toAllMs.max} ms; PUT answered: p50 ${run.putResponseMs.p50} ms`,
  ].join("\n");
}

function writeResults(runs: RunResult[], median: Pick<RunResult, "perDeliveryMs" | "toAllMs" | "putResponseMs">): void {
  const date = new Date().toISOString().slice(0, 10);
  const resultPath = `bench/results/${date}-catalogue-fanout.json`;
  mkdirSync("bench/results", { recursive: true });
  const record = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? "unknown",
      node: process.version,
      loadAverage: { atStart: loadAverageAtStart, atEnd: loadavg() },
    },
    settings,
    median,
    runs,
  };
  writeFileSync(resultPath, `${JSON.stringify(record, null, 2)}\n`);
  console.log(`Written to ${resultPath}`);
}
