/**
 * Orders fan-out bench: how long a guest with the order screen open waits to hear that a waiter
 * accepted the order, with 1,000 and 10,000 screens open on that order. Not a test: it measures
 * and writes bench/results/<date>-orders-fanout[-label].json.
 *
 * The real API (fanout-support.ts startFanoutApi: buildApp with its job worker, SQLite in a
 * throwaway directory, the demo venues, no request logs) runs in this process and listens on
 * loopback; the STOMP clients run in a child process (bench/orders-fanout-clients.ts), since 10,000
 * sockets on each side would pass one process's open-file limit. Each client is its own WebSocket
 * connection CONNECTed with a real guest session, subscribed to the same orders' topics
 * (/topic/orders/{id}): every change goes to every one of them, the worst case for one change. Per
 * scale:
 *   - open N connections (CONNECT, SUBSCRIBE with a receipt), each subscribed to the next
 *     ORDERS_PER_GROUP waiting orders of the beach hotel (store 7), one line of Freddo espresso
 *     each, at the hotel's tables; an accept is a one-way change, so each change needs an order of
 *     its own, and a connection may hold at most 32 subscriptions (DEFAULT_STOMP_LIMITS): after
 *     every group the clients move to the next group's orders (not timed);
 *   - RSS per connection: this (server) process's RSS growth after opening, divided by N (after a
 *     GC when node runs with --expose-gc), each connection holding its group's subscriptions;
 *   - for each of BENCH_FANOUT_CHANGES changes: the waiter's real `POST
 *     /api/staff/orders/:id/accept` over loopback (a fresh Idempotency-Key), which commits the
 *     status and its status-event job; the worker runs the job after the commit and the event goes
 *     out through the bus and the fan-out, as in production. "Per delivery" is every client's
 *     arrival of that order's ACCEPTED event minus the request's start; "to all" is the last
 *     arrival of a change minus its request's start; "answered" is the request's own answer.
 * What the figures claim is checked, and the bench stops with an error when it does not hold: every
 * accept answered 200 with the order ACCEPTED and the database holds it ACCEPTED after the answer
 * (committed, not just published); every connection received that order's ACCEPTED event (a
 * MESSAGE to another destination or without the status is not counted as an arrival, only as
 * stray); no arrival before the request started. A p99 is given only over at least 100 values
 * (MIN_SAMPLE_FOR_P99), otherwise the maximum alone, said so.
 * Both processes share this machine's 2 cores, so the client side's work is inside the figures.
 *
 * Run: npm run bench:fanout [-- --label=NAME]
 * Env: BENCH_FANOUT_SCALES (default "1000,10000"), BENCH_FANOUT_CHANGES (default 200).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { orderDestination } from "../src/domain/order-topics";
import type { OrderStatusEvent } from "../src/domain/orders-api";
import { DEFAULT_STOMP_LIMITS } from "../src/server/realtime/stomp-session";
import { signInStaff } from "../src/server/realtime/test-orders";
import { insertOrderLineRow, insertOrderRow } from "../src/server/test-support/order-rows";
import {
  askClients,
  type FanoutApi,
  type Figures,
  figures,
  forkClients,
  formatFigures,
  MIN_SAMPLE_FOR_P99,
  round,
  type StaffTokens,
  signInGuest,
  staffRequest,
  startFanoutApi,
  timeChange,
} from "./fanout-support";

const WATCHDOG_MS = 30 * 60 * 1000;
const STORE_ID = 7;
const FREDDO = 70101;
const WAITER_PIN = "2580";
/** Orders a connection follows at once: under the connection's subscription cap. */
const ORDERS_PER_GROUP = Math.min(30, DEFAULT_STOMP_LIMITS.maxSubscriptionsPerConnection);
const args = process.argv.slice(2);
const label = args.find((arg) => arg.startsWith("--label="))?.slice("--label=".length);
const settings = {
  scales: (process.env.BENCH_FANOUT_SCALES ?? "1000,10000").split(",").map(Number),
  changes: Number(process.env.BENCH_FANOUT_CHANGES ?? 200),
  ordersPerGroup: ORDERS_PER_GROUP,
  pauseBetweenChangesMs: 100,
  clientHeartBeat: "0,10000",
  minSampleForP99: MIN_SAMPLE_FOR_P99,
};
const loadAverageAtStart = loadavg();

interface ScaleResult {
  subscriptions: number;
  connections: number;
  failedToOpen: number;
  openSeconds: number;
  /** The clients' moves to the next group's orders: how long each took (not in the figures). */
  resubscribeSeconds: number[];
  rssBytesPerConnection: number;
  serverRssMiB: { before: number; after: number };
  /** Accept request start -> the last connection's MESSAGE, one value per change. */
  toAllMs: Figures;
  /** Accept request start -> each connection's MESSAGE. */
  perDeliveryMs: Figures;
  /** Accept request start -> its 200. */
  answeredMs: Figures;
  changes: number;
  /** MESSAGEs the clients got during a change that were not the accepted order's event. */
  strayMessages: number;
}

const watchdog = setTimeout(() => {
  console.error("The fan-out bench took longer than 30 minutes: stopping.");
  process.exit(1);
}, WATCHDOG_MS);

const api = await startFanoutApi("fanout");
const child = forkClients();

try {
  const guest = await signInGuest(api.app, api.db, 6940009999);
  const waiter = await signInStaff(api.app, STORE_ID, WAITER_PIN);
  const tables = await tablesOf(api, STORE_ID);
  const results: ScaleResult[] = [];
  for (const scale of settings.scales) {
    results.push(await measureScale(scale, guest, waiter, tables));
    console.log(formatScale(results.at(-1) as ScaleResult));
  }
  writeResults(results);
} finally {
  clearTimeout(watchdog);
  child.kill();
  await api.close();
}

interface Tables {
  serviceId: number;
  spotIds: number[];
}

async function tablesOf({ db }: FanoutApi, storeId: number): Promise<Tables> {
  const service = await db
    .selectFrom("services")
    .select("id")
    .where("store_id", "=", storeId)
    .executeTakeFirstOrThrow();
  const spots = await db.selectFrom("spots").select("id").where("store_id", "=", storeId).execute();
  return { serviceId: service.id, spotIds: spots.map((spot) => spot.id) };
}

/** The next group of waiting cash orders of the guest, each with a line of Freddo espresso, spread over the tables. */
async function insertGroup(guestId: number, tables: Tables, count: number, first: number): Promise<number[]> {
  const ids: number[] = [];
  for (let n = 0; n < count; n++) {
    const orderId = await insertOrderRow(api.db, {
      user_id: guestId,
      store_id: STORE_ID,
      service_id: tables.serviceId,
      spot_id: tables.spotIds[(first + n) % tables.spotIds.length] as number,
    });
    await insertOrderLineRow(api.db, { order_id: orderId, item_id: FREDDO });
    ids.push(orderId);
  }
  return ids;
}

async function measureScale(
  count: number,
  guest: { userId: number; authToken: string; jwt: string },
  waiter: StaffTokens,
  tables: Tables,
): Promise<ScaleResult> {
  let placed = 0;
  const nextGroup = async () => {
    const size = Math.min(ORDERS_PER_GROUP, settings.changes - placed);
    const ids = await insertGroup(guest.userId, tables, size, placed);
    placed += size;
    return ids;
  };
  let group = await nextGroup();
  const rssBefore = settledRss();
  const opened = await askClients<{ type: "opened"; count: number; failed: number; ms: number }>(
    child,
    {
      type: "open",
      url: `ws://127.0.0.1:${api.port}/api/stomp`,
      count,
      headers: { authToken: guest.authToken, jwt: guest.jwt },
      destinations: group.map(orderDestination),
    },
    "opened",
    10 * 60_000,
  );
  if (opened.count === 0) throw new Error(`No client could subscribe (${opened.failed} failed)`);
  await sleep(500);
  const rssAfter = settledRss();
  const toAll: number[] = [];
  const perDelivery: number[] = [];
  const answered: number[] = [];
  const resubscribeSeconds: number[] = [];
  let strayMessages = 0;
  for (let change = 0; change < settings.changes; change++) {
    if (group.length === 0) {
      group = await nextGroup();
      const moved = await askClients<{ type: "resubscribed"; failed: number; ms: number }>(
        child,
        { type: "resubscribe", destinations: group.map(orderDestination) },
        "resubscribed",
        10 * 60_000,
      );
      if (moved.failed > 0) throw new Error(`${moved.failed} clients could not subscribe to the next orders`);
      resubscribeSeconds.push(round(moved.ms / 1000));
      await sleep(500);
    }
    const orderId = group.shift() as number;
    const timed = await timeChange(
      child,
      { destination: orderDestination(orderId), includes: '"status":"ACCEPTED"' },
      () => staffRequest<OrderStatusEvent>(api.port, waiter, "POST", `/api/staff/orders/${orderId}/accept`, undefined),
    );
    await checkPremise(orderId, timed.answer, timed.latencies, opened.count);
    answered.push(timed.answeredMs);
    strayMessages += timed.stray;
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
    subscriptions: opened.count * ORDERS_PER_GROUP,
    connections: opened.count,
    failedToOpen: opened.failed,
    openSeconds: round(opened.ms / 1000),
    resubscribeSeconds,
    rssBytesPerConnection: Math.round((rssAfter - rssBefore) / opened.count),
    serverRssMiB: { before: round(rssBefore / 2 ** 20), after: round(rssAfter / 2 ** 20) },
    toAllMs: figures(toAll),
    perDeliveryMs: figures(perDelivery),
    answeredMs: figures(answered),
    changes: toAll.length,
    strayMessages,
  };
}

/** Stops the bench when a change was not what the figures say: a committed accept, seen by every client after its request. */
async function checkPremise(
  orderId: number,
  answer: OrderStatusEvent,
  latencies: number[],
  connections: number,
): Promise<void> {
  if (answer.orderId !== orderId || answer.status !== "ACCEPTED")
    throw new Error(`The accept of order ${orderId} answered ${JSON.stringify(answer)}, not the order ACCEPTED`);
  const row = await api.db.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirst();
  if (row?.status !== "ACCEPTED")
    throw new Error(`Order ${orderId} is ${row?.status ?? "missing"} in the database after its accept's 200`);
  if (latencies.length !== connections)
    throw new Error(`Order ${orderId}: ${latencies.length} deliveries for ${connections} connections`);
  const early = latencies.filter((latency) => latency < 0).length;
  if (early > 0) throw new Error(`Order ${orderId}: ${early} deliveries before the accept was sent`);
}

function settledRss(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  return process.memoryUsage().rss;
}

function formatScale(result: ScaleResult): string {
  return [
    `${result.connections} connections (${result.failedToOpen} failed to open, opened in ${result.openSeconds} s), ${ORDERS_PER_GROUP} orders followed by each`,
    `  accept request -> all subscribers (${result.changes} changes): ${formatFigures(result.toAllMs)}`,
    `  per delivery (${result.perDeliveryMs.n}): ${formatFigures(result.perDeliveryMs)}`,
    `  accept answered: ${formatFigures(result.answeredMs)}; stray messages: ${result.strayMessages}`,
    `  server RSS ${result.serverRssMiB.before} -> ${result.serverRssMiB.after} MiB: ${(result.rssBytesPerConnection / 1024).toFixed(1)} KiB per connection`,
  ].join("\n");
}

function writeResults(scales: ScaleResult[]): void {
  const date = new Date().toISOString().slice(0, 10);
  const resultPath = `bench/results/${date}-orders-fanout${label ? `-${label}` : ""}.json`;
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
