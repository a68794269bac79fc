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

import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { storeCatalogueDestination } from "../src/domain/order-topics";
import { signInStaff } from "../src/server/realtime/test-orders";
import {
  askClients,
  type Figures,
  figures,
  forkClients,
  formatFigures,
  medianFigures,
  round,
  type StaffTokens,
  staffRequest,
  startFanoutApi,
  timeChange,
} from "./fanout-support";

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

const watchdog = setTimeout(() => {
  console.error("The catalogue fan-out bench took longer than 20 minutes: stopping.");
  process.exit(1);
}, WATCHDOG_MS);

const api = await startFanoutApi("catalogue");
const child = forkClients();

try {
  const waiter = await signInStaff(api.app, STORE_ID, WAITER_PIN);
  const runs: RunResult[] = [];
  for (let run = 1; run <= settings.runs; run++) {
    runs.push(await measureRun(api.port, waiter));
    console.log(`run ${run}: ${formatRun(runs.at(-1) as RunResult)}`);
  }
  const median = {
    perDeliveryMs: medianFigures(runs.map((run) => run.perDeliveryMs)),
    toAllMs: medianFigures(runs.map((run) => run.toAllMs)),
    putResponseMs: medianFigures(runs.map((run) => run.putResponseMs)),
  };
  console.log(
    `median of ${runs.length} runs, per delivery: ${formatFigures(median.perDeliveryMs)} (target p99 <= ${settings.targetP99Ms} ms)`,
  );
  writeResults(runs, median);
} finally {
  clearTimeout(watchdog);
  child.kill();
  await api.close();
}

function putStock(port: number, waiter: StaffTokens, soldOut: boolean): Promise<unknown> {
  return staffRequest(
    port,
    waiter,
    "PUT",
    `/api/staff/stores/${STORE_ID}/items/${FREDDO}/stock`,
    soldOut ? { stockEnabled: true, stockAmount: 0 } : { stockEnabled: false, stockAmount: null },
  );
}

async function measureRun(port: number, waiter: StaffTokens): Promise<RunResult> {
  const opened = await askClients<{ type: "opened"; count: number; failed: number; ms: number }>(
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
    const timed = await timeChange(child, {}, () => putStock(port, waiter, change % 2 === 0));
    putResponse.push(timed.answeredMs);
    let last = 0;
    for (const latency of timed.latencies) {
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

function formatRun(run: RunResult): string {
  return [
    `${run.subscribers} subscribers (${run.failedToOpen} failed to open, opened in ${run.openSeconds} s), ${run.changes} PUTs, ${run.samples} deliveries`,
    `  per delivery (PUT start -> MESSAGE): ${formatFigures(run.perDeliveryMs)}`,
    `  to all: ${formatFigures(run.toAllMs)}; PUT answered: p50 ${run.putResponseMs.p50} ms`,
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
