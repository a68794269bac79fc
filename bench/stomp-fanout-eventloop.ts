/**
 * STOMP fan-out and the event loop (a publish to many subscribers must never stall the
 * event loop: 4,000 connections x 32 subscriptions on one order froze the server 3.6 s; the goal:
 * "worst event-loop delay while publishing one status to 10,000 subscribers under 50 ms
 * (monitorEventLoopDelay), and publish-to-all-delivered with it"). Not a test: it measures and
 * writes bench/results/<date>-stomp-fanout-eventloop.json.
 *
 * The real API (buildApp, SQLite in a throwaway directory, the demo venues, no request logs, the
 * STOMP connection caps lifted: every client is one guest on 127.0.0.1) runs in this process with an
 * in-process order-event bus; the STOMP clients run in a child process (bench/orders-fanout-clients.ts).
 * Every subscription is to the same order's topic. Per shape (connections x subscriptions each) and
 * per mode:
 *   - sliced: the production fan-out (topic-fanout.ts DEFAULT_FANOUT_OPTIONS);
 *   - unsliced: the same code told to hand every delivery in one go, for comparison;
 * it opens the connections, then for each of BENCH_RUNS runs publishes BENCH_CHANGES status changes
 * (200 ms apart) and takes, per change:
 *   - the worst event-loop delay of this (server) process from the publish until the last client got
 *     the MESSAGE: perf_hooks.monitorEventLoopDelay at 1 ms resolution, reset right before the publish;
 *   - publish-to-all-delivered: the last arrival (client clock, same machine) minus the publish.
 * Also, per change, the longest synchronous stretch of the fan-out itself (its slices, reported on
 * topic-fanout's diagnostics channel): unlike the loop delay it does not include the time this
 * process waited for a core that other processes held, so it separates the fan-out's own blocking
 * from the machine's load; and before each run, the worst delay over a quiet second (the noise floor).
 * A run's figures: its worst delay and its worst publish-to-all (max over its changes: with 10
 * changes a run has no p99 worth the name, so none is reported), and its median. The result of
 * a shape and mode: the median over the runs of each. Both processes share this machine's 2 cores,
 * so the clients' work (reading 10,000 sockets) is inside the to-all figures, and in the delays only
 * as far as it takes CPU from the server.
 *
 * Run: node --expose-gc --import tsx bench/stomp-fanout-eventloop.ts
 * Env: BENCH_EVENTLOOP_SHAPES (default "10000x1,4000x32"), BENCH_EVENTLOOP_MODES ("sliced,unsliced"),
 *      BENCH_RUNS (5), BENCH_CHANGES (10).
 */

import { fork } from "node:child_process";
import { subscribe } from "node:diagnostics_channel";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { orderDestination } from "../src/domain/order-topics";
import { type App, buildApp } from "../src/server/app";
import { openDatabase } from "../src/server/db/database";
import { migrateToLatest } from "../src/server/db/migrate";
import { DEMO_VENUES_DIR, PUBLIC_IMAGES_DIR } from "../src/server/paths";
import { InProcessOrderEvents } from "../src/server/realtime/order-events";
import { insertTestOrder, statusEvent } from "../src/server/realtime/test-orders";
import {
  DEFAULT_FANOUT_OPTIONS,
  FANOUT_SLICE_CHANNEL,
  type FanoutOptions,
  type FanoutSliceReport,
} from "../src/server/realtime/topic-fanout";
import { importDemoVenuesIfEmpty } from "../src/server/venue/demo-venues";
import { benchAppConfig } from "./bench-app";
import { askClients, clientsMessage, signInGuest } from "./fanout-support";

const WATCHDOG_MS = 30 * 60 * 1000;
const DEMO_STORE_ID = 7;
const GOAL_WORST_DELAY_MS = 50;
type Mode = "sliced" | "unsliced";
const MODES: Record<Mode, Partial<FanoutOptions>> = {
  sliced: DEFAULT_FANOUT_OPTIONS,
  unsliced: { deliveriesPerSlice: Number.MAX_SAFE_INTEGER, sliceBudgetMs: Number.POSITIVE_INFINITY },
};
const settings = {
  shapes: (process.env.BENCH_EVENTLOOP_SHAPES ?? "10000x1,4000x32").split(",").map((shape) => {
    const [connections, subscriptions] = shape.split("x").map(Number);
    return { connections: connections ?? 0, subscriptionsPerConnection: subscriptions ?? 1 };
  }),
  modes: (process.env.BENCH_EVENTLOOP_MODES ?? "sliced,unsliced").split(",") as Mode[],
  runs: Number(process.env.BENCH_RUNS ?? 5),
  changesPerRun: Number(process.env.BENCH_CHANGES ?? 10),
  pauseBetweenChangesMs: 200,
  eventLoopResolutionMs: 1,
  fanout: DEFAULT_FANOUT_OPTIONS,
};
const loadAverageAtStart = loadavg();

interface RunResult {
  /** The worst delay over one second without a publish, just before the run: what the machine's load alone causes. */
  idleWorstDelayMs: number;
  /** The longest synchronous stretch of the fan-out itself (topic-fanout's slice channel). */
  longestSliceMs: number;
  /** The CPU time of that longest stretch (its work without waits for a core). */
  longestSliceCpuMs: number;
  worstDelayMs: number;
  toAllMs: { median: number; max: number };
}

interface ShapeResult {
  mode: Mode;
  connections: number;
  subscriptionsPerConnection: number;
  deliveriesPerPublish: number;
  failedToOpen: number;
  openSeconds: number;
  idleWorstDelayMs: number;
  /** Medians over the runs. */
  worstDelayMs: number;
  longestSliceMs: number;
  longestSliceCpuMs: number;
  toAllWorstMs: number;
  toAllMedianMs: number;
  goalWorstDelayMet: boolean;
  runs: RunResult[];
}

type ChildMessage =
  | { type: "opened"; count: number; failed: number; ms: number }
  | { type: "ready" }
  | { type: "delivered"; arrivals: number[] }
  | { type: "closed" };

const watchdog = setTimeout(() => {
  console.error("The event-loop bench took longer than 30 minutes: stopping.");
  process.exit(1);
}, WATCHDOG_MS);

const dataDir = mkdtempSync(path.join(tmpdir(), "venue-eventloop-bench-"));
const { db } = openDatabase({ kind: "sqlite", file: path.join(dataDir, "venue.sqlite") });
const child = fork(path.join(import.meta.dirname, "orders-fanout-clients.ts"), [], {
  execArgv: ["--import", "tsx"],
  stdio: ["ignore", "inherit", "inherit", "ipc"],
});
const histogram = monitorEventLoopDelay({ resolution: settings.eventLoopResolutionMs });
histogram.enable();
let longestSliceMs = 0;
let longestSliceCpuMs = 0;
subscribe(FANOUT_SLICE_CHANNEL, (message) => {
  const report = message as FanoutSliceReport;
  longestSliceMs = Math.max(longestSliceMs, report.durationMs);
  longestSliceCpuMs = Math.max(longestSliceCpuMs, report.cpuMs);
});

try {
  await migrateToLatest(db, "sqlite");
  await importDemoVenuesIfEmpty(db, DEMO_VENUES_DIR, { imagesDir: PUBLIC_IMAGES_DIR });
  const results: ShapeResult[] = [];
  for (const shape of settings.shapes) {
    for (const mode of settings.modes) {
      const bus = new InProcessOrderEvents();
      const app = buildBenchApp(bus, mode);
      try {
        await app.listen({ port: 0, host: "127.0.0.1" });
        const address = app.server.address();
        const port = typeof address === "object" && address ? address.port : 0;
        const session = await signInGuest(app, db, 6940009900 + results.length);
        const order = await insertTestOrder(db, { userId: session.userId, storeId: DEMO_STORE_ID });
        const result = await measure(mode, shape, `ws://127.0.0.1:${port}/api/stomp`, session, order, bus);
        results.push(result);
        console.log(formatResult(result));
      } finally {
        await app.close();
      }
    }
  }
  writeResults(results);
} finally {
  clearTimeout(watchdog);
  histogram.disable();
  child.kill();
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}

function buildBenchApp(bus: InProcessOrderEvents, mode: Mode): App {
  return buildApp({
    db,
    config: benchAppConfig({
      stomp: { maxConnectionsPerSession: 1_000_000, maxConnectionsPerAddress: 1_000_000 },
    }),
    logger: false,
    orderEvents: bus,
    stompFanout: MODES[mode],
  });
}

async function measure(
  mode: Mode,
  shape: { connections: number; subscriptionsPerConnection: number },
  url: string,
  session: { authToken: string; jwt: string },
  order: Awaited<ReturnType<typeof insertTestOrder>>,
  bus: InProcessOrderEvents,
): Promise<ShapeResult> {
  const opened = await askClients<Extract<ChildMessage, { type: "opened" }>>(
    child,
    {
      type: "open",
      url,
      count: shape.connections,
      headers: { authToken: session.authToken, jwt: session.jwt },
      destination: orderDestination(order.orderId),
      subscriptions: shape.subscriptionsPerConnection,
    },
    "opened",
    15 * 60_000,
  );
  (globalThis as { gc?: () => void }).gc?.();
  await sleep(1000);
  histogram.reset();
  await sleep(1000);
  const idleWorstDelayMs = histogram.max / 1e6;
  const runs: RunResult[] = [];
  for (let run = 0; run < settings.runs; run++) {
    const delays: number[] = [];
    const toAll: number[] = [];
    const slices: number[] = [];
    const sliceCpus: number[] = [];
    // The machine's noise floor: the same histogram over a quiet second, no publish.
    histogram.reset();
    await sleep(1000);
    const idleDelayMs = histogram.max / 1e6;
    for (let change = 0; change < settings.changesPerRun; change++) {
      await askClients(child, { type: "expect" }, "ready");
      const delivered = clientsMessage<Extract<ChildMessage, { type: "delivered" }>>(child, "delivered", 120_000);
      histogram.reset();
      // The histogram's timer records the gap between two of its ticks; after a reset its first
      // tick only starts counting. Let it tick once, or a publish right after the reset goes unseen.
      await sleep(5 * settings.eventLoopResolutionMs);
      longestSliceMs = 0;
      longestSliceCpuMs = 0;
      const publishedAt = performance.timeOrigin + performance.now();
      await bus.publish(statusEvent(order, change % 2 === 0 ? "ACCEPTED" : "WAITING_FOR_ACCEPTANCE"));
      const { arrivals } = await delivered;
      // The histogram sees a delay only once the late timer fires: give it one more tick.
      await sleep(settings.eventLoopResolutionMs * 2);
      delays.push(histogram.max / 1e6);
      toAll.push(maxOf(arrivals) - publishedAt);
      slices.push(longestSliceMs);
      sliceCpus.push(longestSliceCpuMs);
      await sleep(settings.pauseBetweenChangesMs);
    }
    runs.push({
      idleWorstDelayMs: round(idleDelayMs),
      longestSliceMs: round(Math.max(...slices)),
      longestSliceCpuMs: round(Math.max(...sliceCpus)),
      worstDelayMs: round(Math.max(...delays)),
      toAllMs: {
        median: round(percentile(toAll, 50)),
        max: round(Math.max(...toAll)),
      },
    });
  }
  await askClients(child, { type: "close" }, "closed", 120_000);
  await sleep(1000);
  const worstDelayMs = round(
    percentile(
      runs.map((r) => r.worstDelayMs),
      50,
    ),
  );
  return {
    mode,
    connections: opened.count,
    subscriptionsPerConnection: shape.subscriptionsPerConnection,
    deliveriesPerPublish: opened.count * shape.subscriptionsPerConnection,
    failedToOpen: opened.failed,
    openSeconds: round(opened.ms / 1000),
    idleWorstDelayMs: round(idleWorstDelayMs),
    worstDelayMs,
    longestSliceMs: round(
      percentile(
        runs.map((r) => r.longestSliceMs),
        50,
      ),
    ),
    longestSliceCpuMs: round(
      percentile(
        runs.map((r) => r.longestSliceCpuMs),
        50,
      ),
    ),
    toAllWorstMs: round(
      percentile(
        runs.map((r) => r.toAllMs.max),
        50,
      ),
    ),
    toAllMedianMs: round(
      percentile(
        runs.map((r) => r.toAllMs.median),
        50,
      ),
    ),
    goalWorstDelayMet: worstDelayMs < GOAL_WORST_DELAY_MS,
    runs,
  };
}

/** Math.max(...values) overflows the stack at 128,000 values. */
function maxOf(values: number[]): number {
  let max = Number.NEGATIVE_INFINITY;
  for (const value of values) if (value > max) max = value;
  return max;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

function formatResult(result: ShapeResult): string {
  return [
    `${result.mode}: ${result.connections} connections x ${result.subscriptionsPerConnection} subscriptions = ${result.deliveriesPerPublish} deliveries per publish (${result.failedToOpen} failed to open, opened in ${result.openSeconds} s)`,
    `  worst event-loop delay during a publish (median of ${result.runs.length} runs): ${result.worstDelayMs} ms (goal < ${GOAL_WORST_DELAY_MS} ms: ${result.goalWorstDelayMet ? "ok" : "MISSED"}; idle ${result.idleWorstDelayMs} ms)`,
    `  longest synchronous fan-out slice: ${result.longestSliceMs} ms wall, ${result.longestSliceCpuMs} ms CPU (medians of the runs' longest)`,
    `  publish -> all delivered: worst ${result.toAllWorstMs} ms, median ${result.toAllMedianMs} ms (medians over runs)`,
    `  runs: ${result.runs.map((r) => `${r.worstDelayMs}/${r.idleWorstDelayMs}/${r.longestSliceMs}/${r.toAllMs.max}`).join(", ")} (worst delay / idle worst delay / longest slice / to-all worst, ms)`,
  ].join("\n");
}

function writeResults(results: ShapeResult[]): void {
  const date = new Date().toISOString().slice(0, 10);
  const resultPath = `bench/results/${date}-stomp-fanout-eventloop.json`;
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
    goal: { worstDelayMs: GOAL_WORST_DELAY_MS },
    results,
  };
  writeFileSync(resultPath, `${JSON.stringify(record, null, 2)}\n`);
  console.log(`Written to ${resultPath}`);
}
