/**
 * Kitchen bench: from a waiter's accept to the ticket on the station's display (goal p99 <= 1 s)
 * and at the station's printer (goal p99 <= 2 s), at 50 orders a minute in each of 10 stores.
 *
 * The real server (src/server/main.ts as `npm start` runs it, bench/servers.ts startRealServer) on
 * a throwaway SQLite file with 10 stores, each the test fixture's beach bar (src/server/test-fixtures
 * /venue.ts, its ids shifted per store) with 40 tables and two stations: the bar (display only) and
 * the kitchen (display and a network printer). Every store has its own fake printer
 * (src/server/printing/fake-printer.ts), in this process, on a loopback port; it records a print
 * when the server's connection ends, i.e. when the printer has every byte.
 *
 * Per store, open loop (a late answer does not hold the next order back): guests place orders
 * (POST /api/orders, a Greek coffee x2 for the kitchen with a comment naming the order, beers for
 * the bar) LEAD seconds ahead, and the store's waiter accepts one every 60/RATE seconds
 * (POST /api/staff/orders/:id/accept); the 10 stores are spread evenly over each period. Every
 * station has a display: a STOMP connection with the store's staff session subscribed to
 * /topic/stores/{storeId}/tickets, which, like the app (src/app/features/kitchen/
 * use-station-tickets.ts), reads GET /api/staff/stations/:id/tickets again on every message of the
 * topic (and every 15 s besides). A station makes each ticket in 30-90 s (marks it ready, which the
 * displays read again too), so about a minute's tickets are on a display at any time.
 *
 * Measured from the moment the accept request is sent (this process's clock for every instant):
 *   - accept answered;
 *   - display, event: the ticket's first TicketChangedEvent reaches its station's client;
 *   - display, with the re-read: the first answer of that display's GET that holds the ticket;
 *   - printer: the fake printer has the kitchen ticket's last byte.
 * The first WARMUP seconds of orders are not counted. p50/p95/p99/max over the whole window, and
 * the p99 of each minute (their median is the steadier figure); the server's CPU (from /proc) over
 * the window; whether the goals were met. No assertion: a bench never fails the build.
 *
 * Run: `npm run bench:kitchen` (about 7 minutes). Env: BENCH_KITCHEN_STORES (10),
 * BENCH_KITCHEN_RATE (orders a minute per store, 50), BENCH_KITCHEN_SECONDS (300, measured),
 * BENCH_KITCHEN_WARMUP_SECONDS (20), BENCH_KITCHEN_LEAD_SECONDS (20), BENCH_KITCHEN_MAKE_SECONDS
 * ("30-90"), BENCH_KITCHEN_GUESTS (guests per store, 10). `--label=NAME` writes
 * bench/results/<date>-kitchen-NAME.json. Loopback only; SQLite only (DATABASE_URL is ignored).
 */

import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import SqliteDatabase from "better-sqlite3";
import type { TicketChangedEvent, TicketDto } from "../src/domain/kitchen-api";
import { storeTicketsDestination } from "../src/domain/order-topics";
import { databaseTarget, openDatabase, SQLITE_FILE_NAME } from "../src/server/db/database";
import { migrateToLatest } from "../src/server/db/migrate";
import { type FakePrinter, startFakePrinter } from "../src/server/printing/fake-printer";
import { connectStomp, type RawStompClient } from "../src/server/realtime/test-stomp-client";
import { names, sampleVenue } from "../src/server/test-fixtures/venue";
import { importFixture } from "../src/server/test-support/seed";
import type { VenueFile } from "../src/server/venue/venue-file";
import { call, mustCall, newKey, type Session, signInGuest, signInStaff } from "./crash-suite/client";
import { startRealServer } from "./servers";

const flags = new Map(
  process.argv.slice(2).map((arg) => {
    const [name, ...value] = arg.replace(/^--/, "").split("=");
    return [name ?? "", value.join("=")] as const;
  }),
);
const [makeMin, makeMax] = (process.env.BENCH_KITCHEN_MAKE_SECONDS ?? "30-90").split("-").map(Number);
const settings = {
  stores: Number(process.env.BENCH_KITCHEN_STORES ?? 10),
  ordersPerMinutePerStore: Number(process.env.BENCH_KITCHEN_RATE ?? 50),
  measuredSeconds: Number(process.env.BENCH_KITCHEN_SECONDS ?? 300),
  warmUpSeconds: Number(process.env.BENCH_KITCHEN_WARMUP_SECONDS ?? 20),
  leadSeconds: Number(process.env.BENCH_KITCHEN_LEAD_SECONDS ?? 20),
  makeSeconds: { min: makeMin ?? 30, max: makeMax ?? makeMin ?? 90 },
  guestsPerStore: Number(process.env.BENCH_KITCHEN_GUESTS ?? 10),
  tablesPerStore: 40,
  displayBackupPollMs: 15_000,
  /** After the last accept, how long late events and prints are waited for. */
  drainSeconds: 15,
  logLevel: "info",
  printers: "one fake printer per store, in the bench's process",
};
const GOALS = { displayP99Ms: 1000, printerP99Ms: 2000 };
/** 12:00 in Athens: the fixture's beach bar is open (09:00-02:00), its happy hour (18:00-20:00) is not. */
const CLOCK = "2026-07-01T09:00:00.000Z";
const WAITER_PIN = "1357";
/** Fixture ids (before the per-store shift): the beach bar service, its items, the stations. */
const FIXTURE = { serviceId: 10, greekCoffee: 1001, twoBeers: 1002, bar: 60, kitchen: 61, firstTable: 400 };
const ID_STEP = 100_000;
const WATCHDOG_MS = 20 * 60_000;

const now = () => performance.timeOrigin + performance.now();
const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - now())));

interface OrderRecord {
  store: number;
  n: number;
  counted: boolean;
  placeAt: number;
  acceptAt: number;
  orderId: number | null;
  placeError: string | null;
  /** When the accept was sent and answered (epoch ms, this process's clock). */
  acceptSent: number | null;
  acceptAnswered: number | null;
  acceptStatus: number | null;
  /** Per station id: the ticket's event at its display, and the display's first answer holding it. */
  event: Map<number, number>;
  displayed: Map<number, number>;
  printed: number | null;
  prints: number;
}

interface Store {
  index: number;
  storeId: number;
  stations: number[];
  kitchen: number;
  tables: number[];
  printer: FakePrinter;
  staff: Session;
  guests: Session[];
  orders: OrderRecord[];
}

const watchdog = setTimeout(() => {
  console.error("The kitchen bench took too long: stopping.");
  process.exit(1);
}, WATCHDOG_MS);
const loadAverageAtStart = loadavg();
const stores: Store[] = [];
const byOrderId = new Map<number, OrderRecord>();
const readyScheduled = new Set<number>();
const problems = { placements: 0, accepts: 0, reads: 0, readies: 0, placementLateMs: 0, lastError: "" };
let running = true;
let serverDataDir = "";

const storesCount = settings.stores;
const printers: FakePrinter[] = [];
for (let i = 0; i < storesCount; i++)
  printers.push(await startFakePrinter({ onPrint: (print) => onPrint(i, print.text) }));
const server = await startRealServer({
  logLevel: settings.logLevel,
  env: {
    DEV_CLOCK_API: "on",
    DEV_OUTBOX_API: "on",
    DEMO_VENUES: "off",
    // Ten guests a store place hundreds of orders, all from 127.0.0.1.
    GUEST_ORDERS_PER_10_MINUTES: "1000000",
    GUEST_ORDERS_PER_DAY: "1000000",
    CODE_SENDS_NEW_NUMBERS_PER_ADDRESS: "1000000",
    CODE_SENDS_PER_STORE_PER_HOUR: "1000000",
    CODE_SENDS_PER_HOUR: "1000000",
  },
  prepare: async (dataDir) => {
    serverDataDir = dataDir;
    const { db } = openDatabase(databaseTarget(null, dataDir));
    try {
      await migrateToLatest(db, "sqlite");
      for (let i = 0; i < storesCount; i++) await importFixture(db, kitchenVenue(i, printers[i]?.port ?? 0));
    } finally {
      await db.destroy();
    }
  },
});
const origin = server.origin;
const clients: RawStompClient[] = [];
try {
  await mustCall(origin, "PUT", "/api/dev/clock", { body: { date: CLOCK } });
  let phone = 6946000000;
  for (let i = 0; i < storesCount; i++) {
    const shift = (n: number) => n + (i + 1) * ID_STEP;
    const guests: Session[] = [];
    for (let g = 0; g < settings.guestsPerStore; g++) guests.push(await signInGuest(origin, phone++));
    stores.push({
      index: i,
      storeId: i + 1,
      stations: [shift(FIXTURE.bar), shift(FIXTURE.kitchen)],
      kitchen: shift(FIXTURE.kitchen),
      tables: Array.from({ length: settings.tablesPerStore }, (_, t) => shift(FIXTURE.firstTable + t)),
      printer: printers[i] as FakePrinter,
      staff: await signInStaff(origin, i + 1, WAITER_PIN),
      guests,
      orders: [],
    });
  }
  // Every store's menu is the same fixture: one price for all.
  const price = await priceOf(stores[0] as Store);
  for (const store of stores) {
    for (const stationId of store.stations) clients.push(await openDisplay(store, stationId));
  }
  console.log(
    `${storesCount} stores, ${storesCount * 2} displays, ${storesCount} printers; ${settings.ordersPerMinutePerStore} orders/min per store for ${settings.warmUpSeconds} s warm-up + ${settings.measuredSeconds} s measured`,
  );

  // The schedule: order n of store i accepted at t0 + n * period + i * period / stores.
  const period = 60_000 / settings.ordersPerMinutePerStore;
  const total = Math.round(((settings.warmUpSeconds + settings.measuredSeconds) * 1000) / period);
  const warmUp = Math.round((settings.warmUpSeconds * 1000) / period);
  const t0 = now() + settings.leadSeconds * 1000 + 2000;
  for (const store of stores) {
    for (let n = 0; n < total; n++) {
      const acceptAt = t0 + n * period + (store.index * period) / storesCount;
      store.orders.push({
        store: store.index,
        n,
        counted: n >= warmUp,
        placeAt: acceptAt - settings.leadSeconds * 1000,
        acceptAt,
        orderId: null,
        placeError: null,
        acceptSent: null,
        acceptAnswered: null,
        acceptStatus: null,
        event: new Map(),
        displayed: new Map(),
        printed: null,
        prints: 0,
      });
    }
  }
  const windowStart = t0 + warmUp * period;
  const windowEnd = t0 + total * period;
  const cpuAt: { start?: number; end?: number } = {};
  const benchCpuAt: { start?: NodeJS.CpuUsage; end?: NodeJS.CpuUsage } = {};
  const cpuProbe = (async () => {
    await sleepUntil(windowStart);
    cpuAt.start = server.cpuMicros?.();
    benchCpuAt.start = process.cpuUsage();
    await sleepUntil(windowEnd);
    cpuAt.end = server.cpuMicros?.();
    benchCpuAt.end = process.cpuUsage(benchCpuAt.start);
  })();
  const progress = setInterval(() => {
    const all = stores.flatMap((store) => store.orders);
    const accepted = all.filter((order) => order.acceptStatus === 200).length;
    const printed = all.filter((order) => order.printed !== null).length;
    console.log(`  ${Math.round((now() - t0) / 1000)} s: ${accepted} accepted, ${printed} printed`);
  }, 60_000);
  await Promise.all(stores.flatMap((store) => [placementLoop(store, price), acceptLoop(store)]));
  await sleepUntil(windowEnd + settings.drainSeconds * 1000);
  clearInterval(progress);
  await cpuProbe;
  running = false;
  const jobs = jobCounts(join(serverDataDir, SQLITE_FILE_NAME));
  const result = summarize(jobs, {
    windowMs: windowEnd - windowStart,
    serverCpuMs: cpuAt.start === undefined || cpuAt.end === undefined ? null : (cpuAt.end - cpuAt.start) / 1000,
    benchCpuMs: benchCpuAt.end === undefined ? null : (benchCpuAt.end.user + benchCpuAt.end.system) / 1000,
  });
  writeResult(result);
} finally {
  running = false;
  clearTimeout(watchdog);
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await server.stop();
  await Promise.all(printers.map((printer) => printer.stop()));
}
// Keep-alive sockets of fetch and the displays' timers hold nothing worth waiting for.
process.exit(0);

/** Store i: the fixture's beach bar, ids shifted, 40 tables, a bar (display) and a kitchen (display + printer). */
function kitchenVenue(i: number, printerPort: number): VenueFile {
  const shift = (n: number) => n + (i + 1) * ID_STEP;
  const venue = sampleVenue({ storeId: i + 1, idOffset: (i + 1) * ID_STEP });
  venue.store.names = { GRE: { name: `Παραλία ${i + 1}` }, ENG: { name: `Beach ${i + 1}` } };
  for (const item of venue.services.flatMap((service) => service.categories.flatMap((c) => c.items))) {
    if (item.id === shift(FIXTURE.greekCoffee)) {
      item.names = names("Greek coffee", "Ελληνικός καφές");
      // Hundreds are ordered: no stock to run out.
      delete item.stock;
    }
  }
  for (let t = 0; t < settings.tablesPerStore; t++) {
    venue.spots.push({
      id: shift(FIXTURE.firstTable + t),
      name: `Τραπέζι ${t + 2}`,
      type: "TABLE",
      capacity: 4,
      section: "Terrace",
    });
  }
  venue.stations = [
    {
      id: shift(FIXTURE.bar),
      names: { GRE: { name: "Μπαρ" }, ENG: { name: "Bar" } },
      services: [shift(FIXTURE.serviceId)],
    },
    {
      id: shift(FIXTURE.kitchen),
      names: { GRE: { name: "Κουζίνα" }, ENG: { name: "Kitchen" } },
      items: [shift(FIXTURE.greekCoffee)],
      printer: { host: "127.0.0.1", port: printerPort, codePage: "cp737" },
    },
  ];
  return venue;
}

/** The order's total as the menu prices it now (two Greek coffees and the beers). */
async function priceOf(store: Store): Promise<number> {
  const shift = (n: number) => n + (store.index + 1) * ID_STEP;
  const menu = await mustCall(origin, "GET", `/api/services/${shift(FIXTURE.serviceId)}/menu`);
  const items = (JSON.parse(menu.text) as { items: { id: number; priceCents: number }[] }).items;
  const priceOfItem = (id: number) => items.find((item) => item.id === shift(id))?.priceCents ?? Number.NaN;
  return 2 * priceOfItem(FIXTURE.greekCoffee) + priceOfItem(FIXTURE.twoBeers);
}

async function placementLoop(store: Store, price: number): Promise<void> {
  const shift = (n: number) => n + (store.index + 1) * ID_STEP;
  const placing: Promise<void>[] = [];
  for (const order of store.orders) {
    await sleepUntil(order.placeAt);
    const guest = store.guests[order.n % store.guests.length] as Session;
    const body = {
      serviceId: shift(FIXTURE.serviceId),
      tableId: store.tables[order.n % store.tables.length],
      lines: [
        // The comment names the order on the printed ticket.
        {
          itemId: shift(FIXTURE.greekCoffee),
          quantity: 2,
          kilos: null,
          comment: `K${store.index}-${order.n} μέτριος`,
          selection: {},
        },
        { itemId: shift(FIXTURE.twoBeers), quantity: 1, kilos: null, comment: "", selection: {} },
      ],
      comment: "",
      expectedTotalCents: price,
      scheduledFor: null,
      payment: { type: "CASH" },
      selectedTableId: null,
      deliveryInfo: null,
      location: null,
      language: "GRE",
    };
    placing.push(
      call(origin, "POST", "/api/orders", { body, session: guest, key: newKey() }).then((answer) => {
        if (answer?.status === 201) {
          order.orderId = (JSON.parse(answer.text) as { id: number }).id;
          byOrderId.set(order.orderId, order);
        } else {
          problems.placements += 1;
          order.placeError = answer === null ? "no answer" : `${answer.status} ${answer.text.slice(0, 200)}`;
          problems.lastError = order.placeError;
        }
      }),
    );
  }
  await Promise.all(placing);
}

async function acceptLoop(store: Store): Promise<void> {
  const accepting: Promise<void>[] = [];
  for (const order of store.orders) {
    await sleepUntil(order.acceptAt);
    accepting.push(accept(store, order));
  }
  await Promise.all(accepting);
}

async function accept(store: Store, order: OrderRecord): Promise<void> {
  // Placed LEAD seconds ahead; if it is still on its way, the accept waits (and that is counted).
  while (order.orderId === null && order.placeError === null) await new Promise((resolve) => setTimeout(resolve, 10));
  if (order.orderId === null) return;
  if (now() - order.acceptAt > 50)
    problems.placementLateMs = Math.max(problems.placementLateMs, now() - order.acceptAt);
  order.acceptSent = now();
  const answer = await call(origin, "POST", `/api/staff/orders/${order.orderId}/accept`, {
    session: store.staff,
    key: newKey(),
  });
  order.acceptAnswered = now();
  order.acceptStatus = answer?.status ?? 0;
  if (answer?.status !== 200) {
    problems.accepts += 1;
    problems.lastError = `accept: ${answer?.status ?? "no answer"} ${answer?.text.slice(0, 200) ?? ""}`;
  }
}

/** A station's display: its STOMP subscription, a read on every message, a backup poll. */
async function openDisplay(store: Store, stationId: number): Promise<RawStompClient> {
  const { client, reply } = await connectStomp(`${origin.replace("http", "ws")}/api/stomp`, store.staff, {
    "heart-beat": "0,10000",
  });
  if (reply.command !== "CONNECTED") throw new Error(`STOMP: ${reply.command} ${reply.body}`);
  const receipt = `display-${stationId}`;
  client.send("SUBSCRIBE", { id: receipt, destination: storeTicketsDestination(store.storeId), receipt });
  await client.next("RECEIPT");
  let seen = client.frames.length;
  // test-stomp-client parses each message before this listener (registered after its own) runs.
  client.socket.on("message", () => {
    const at = now();
    for (; seen < client.frames.length; seen++) {
      const frame = client.frames[seen];
      if (frame?.command !== "MESSAGE") continue;
      const event = JSON.parse(frame.body) as TicketChangedEvent;
      const order = byOrderId.get(event.orderId);
      // The first event of the ticket (a slow one may already tell a later version: it is read when sent).
      if (event.stationId === stationId && order !== undefined && !order.event.has(stationId)) {
        order.event.set(stationId, at);
      }
      void read(store, stationId);
    }
    // Frames are kept by the client; drop the handled ones so a long run does not grow them.
    client.frames.splice(0, seen);
    seen = 0;
  });
  setInterval(() => void read(store, stationId), settings.displayBackupPollMs).unref();
  return client;
}

async function read(store: Store, stationId: number): Promise<void> {
  if (!running) return;
  const answer = await call(origin, "GET", `/api/staff/stations/${stationId}/tickets`, { session: store.staff });
  const at = now();
  if (answer?.status !== 200) {
    if (running) {
      problems.reads += 1;
      problems.lastError = `read: ${answer?.status ?? "no answer"} ${answer?.text.slice(0, 200) ?? ""}`;
    }
    return;
  }
  for (const ticket of JSON.parse(answer.text) as TicketDto[]) {
    const order = byOrderId.get(ticket.orderId);
    if (order !== undefined && !order.displayed.has(stationId)) order.displayed.set(stationId, at);
    if (!readyScheduled.has(ticket.id)) {
      readyScheduled.add(ticket.id);
      const makeMs =
        1000 * (settings.makeSeconds.min + Math.random() * (settings.makeSeconds.max - settings.makeSeconds.min));
      setTimeout(() => void ready(store, ticket), makeMs).unref();
    }
  }
}

async function ready(store: Store, ticket: TicketDto): Promise<void> {
  if (!running) return;
  const answer = await call(origin, "POST", `/api/staff/stations/${ticket.stationId}/tickets/${ticket.id}/ready`, {
    session: store.staff,
    key: newKey(),
  });
  if (answer?.status !== 200 && running) {
    problems.readies += 1;
    problems.lastError = `ready: ${answer?.status ?? "no answer"} ${answer?.text.slice(0, 200) ?? ""}`;
  }
}

function onPrint(storeIndex: number, text: string): void {
  const at = now();
  const match = /K(\d+)-(\d+)/.exec(text);
  if (match === null || Number(match[1]) !== storeIndex) return;
  const order = stores[storeIndex]?.orders[Number(match[2])];
  if (order === undefined) return;
  order.prints += 1;
  order.printed ??= at;
}

interface Distribution {
  count: number;
  missing: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  max: number | null;
  /** The p99 of each whole minute of the window, and their median. */
  p99PerMinute: (number | null)[];
  medianOfMinuteP99: number | null;
}

/** Missing samples (never arrived) count as infinitely late. */
function distribution(samples: { at: number; ms: number | null }[], windowStart: number): Distribution {
  const stats = (values: (number | null)[]) => {
    const sorted = values.map((v) => v ?? Number.POSITIVE_INFINITY).sort((a, b) => a - b);
    const pick = (p: number) => {
      const value = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
      return value === undefined || !Number.isFinite(value) ? null : Math.round(value * 10) / 10;
    };
    return { p50: pick(50), p95: pick(95), p99: pick(99), max: pick(100) };
  };
  const minutes: (number | null)[][] = [];
  for (const sample of samples) {
    const minute = Math.floor((sample.at - windowStart) / 60_000);
    minutes[minute] = [...(minutes[minute] ?? []), sample.ms];
  }
  const perMinute = minutes.filter((minute) => minute.length >= 100).map((minute) => stats(minute).p99);
  const finite = perMinute.filter((v): v is number => v !== null).sort((a, b) => a - b);
  return {
    count: samples.length,
    missing: samples.filter((sample) => sample.ms === null).length,
    ...stats(samples.map((sample) => sample.ms)),
    p99PerMinute: perMinute,
    medianOfMinuteP99:
      finite.length === perMinute.length && finite.length > 0
        ? (finite[Math.floor((finite.length - 1) / 2)] ?? null)
        : null,
  };
}

/** The server's jobs at the end: per kind and state, and why a print needed more than one attempt. */
function jobCounts(file: string) {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    const byKind = db
      .prepare(
        "select kind, state, count(*) as jobs, sum(attempts > 1) as retried from jobs group by kind, state order by kind, state",
      )
      .all();
    const printRetries = db
      .prepare(
        "select substr(coalesce(last_error, '(none: taken over after its lease)'), 1, 120) as lastError, attempts, count(*) as jobs from jobs where kind = 'print-ticket' and attempts > 1 group by 1, 2 order by 3 desc limit 10",
      )
      .all();
    return { byKind, printRetries };
  } finally {
    db.close();
  }
}

function summarize(
  jobs: ReturnType<typeof jobCounts>,
  measured: { windowMs: number; serverCpuMs: number | null; benchCpuMs: number | null },
) {
  const all = stores.flatMap((store) => store.orders);
  const counted = all.filter((order) => order.counted);
  const windowStart = Math.min(...counted.map((order) => order.acceptAt));
  const accepted = counted.filter((order) => order.acceptStatus === 200 && order.acceptSent !== null);
  const since = (order: OrderRecord, at: number | null | undefined) =>
    at === null || at === undefined ? null : at - (order.acceptSent as number);
  const perStation = (pick: (order: OrderRecord, stationId: number) => number | undefined) =>
    accepted.flatMap((order) =>
      (stores[order.store] as Store).stations.map((stationId) => ({
        at: order.acceptAt,
        ms: since(order, pick(order, stationId)),
      })),
    );
  const printerStation = (order: OrderRecord) => (stores[order.store] as Store).kitchen;
  const displayEvent = distribution(
    perStation((order, station) => order.event.get(station)),
    windowStart,
  );
  const display = distribution(
    perStation((order, station) => order.displayed.get(station)),
    windowStart,
  );
  const printer = distribution(
    accepted.map((order) => ({ at: order.acceptAt, ms: since(order, order.printed) })),
    windowStart,
  );
  const acceptAnswer = distribution(
    accepted.map((order) => ({ at: order.acceptAt, ms: since(order, order.acceptAnswered) })),
    windowStart,
  );
  const kitchenDisplay = distribution(
    accepted.map((order) => ({ at: order.acceptAt, ms: since(order, order.displayed.get(printerStation(order))) })),
    windowStart,
  );
  const minutes = measured.windowMs / 60_000;
  const cpuPercent =
    measured.serverCpuMs === null ? null : Math.round((measured.serverCpuMs / measured.windowMs) * 1000) / 10;
  const met = (value: number | null, goal: number) => value !== null && value <= goal;
  return {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? "unknown",
      node: process.version,
      loadAverage: { atStart: loadAverageAtStart, atEnd: loadavg() },
    },
    settings: { ...settings, goals: GOALS, clock: CLOCK },
    orders: {
      scheduled: all.length,
      counted: counted.length,
      accepted: accepted.length,
      acceptedPerMinute: Math.round((accepted.length / minutes) * 10) / 10,
      acceptedPerMinutePerStore: Math.round((accepted.length / minutes / stores.length) * 10) / 10,
      placementsFailed: problems.placements,
      acceptsFailed: problems.accepts,
      readsFailed: problems.reads,
      readiesFailed: problems.readies,
      worstAcceptHeldForPlacementMs: Math.round(problems.placementLateMs),
      printedMoreThanOnce: all.filter((order) => order.prints > 1).length,
      lastError: problems.lastError || null,
    },
    latencyMs: { acceptAnswer, displayEvent, display, kitchenDisplay, printer },
    /** Read from the server's database after the drain. */
    jobs,
    server: {
      cpuMs: measured.serverCpuMs === null ? null : Math.round(measured.serverCpuMs),
      cpuPercentOfOneCore: cpuPercent,
      cpuMsPerOrder:
        measured.serverCpuMs === null
          ? null
          : Math.round((measured.serverCpuMs / Math.max(1, accepted.length)) * 100) / 100,
    },
    bench: {
      cpuPercentOfOneCore:
        measured.benchCpuMs === null ? null : Math.round((measured.benchCpuMs / measured.windowMs) * 1000) / 10,
    },
    goals: {
      displayWithReadP99: { goalMs: GOALS.displayP99Ms, met: met(display.p99, GOALS.displayP99Ms) },
      displayEventP99: { goalMs: GOALS.displayP99Ms, met: met(displayEvent.p99, GOALS.displayP99Ms) },
      printerP99: { goalMs: GOALS.printerP99Ms, met: met(printer.p99, GOALS.printerP99Ms) },
    },
  };
}

function writeResult(result: ReturnType<typeof summarize>): void {
  const ms = (value: number | null) => (value === null ? "-" : `${value} ms`);
  const row = (name: string, d: Distribution, goal?: { goalMs: number; met: boolean }) =>
    `${name.padEnd(34)} ${String(d.count).padStart(5)} ${String(d.missing).padStart(4)} ${ms(d.p50).padStart(10)} ${ms(d.p95).padStart(10)} ${ms(d.p99).padStart(10)} ${ms(d.max).padStart(10)} ${ms(d.medianOfMinuteP99).padStart(10)}   ${goal === undefined ? "" : `<= ${goal.goalMs} ms ${goal.met ? "ok" : "MISSED"}`}`;
  const l = result.latencyMs;
  console.log(
    [
      "",
      `${"from the accept request to".padEnd(34)} ${"n".padStart(5)} ${"lost".padStart(4)} ${"p50".padStart(10)} ${"p95".padStart(10)} ${"p99".padStart(10)} ${"max".padStart(10)} ${"min.p99 med".padStart(10)}   goal (p99)`,
      row("accept answered", l.acceptAnswer),
      row("display: event", l.displayEvent, result.goals.displayEventP99),
      row("display: event + re-read", l.display, result.goals.displayWithReadP99),
      row("  of it, the printer station's", l.kitchenDisplay),
      row("printer: last byte at the socket", l.printer, result.goals.printerP99),
      "",
      `accepted ${result.orders.accepted} of ${result.orders.counted} counted orders: ${result.orders.acceptedPerMinute}/min overall, ${result.orders.acceptedPerMinutePerStore}/min per store; failed: ${result.orders.placementsFailed} placements, ${result.orders.acceptsFailed} accepts, ${result.orders.readsFailed} reads, ${result.orders.readiesFailed} readies; printed twice: ${result.orders.printedMoreThanOnce}`,
      `server CPU ${result.server.cpuPercentOfOneCore ?? "-"}% of one core (${result.server.cpuMsPerOrder ?? "-"} ms per order); the bench's own ${result.bench.cpuPercentOfOneCore ?? "-"}%; load average ${result.machine.loadAverage.atStart.map((v) => v.toFixed(1)).join(" ")} -> ${result.machine.loadAverage.atEnd.map((v) => v.toFixed(1)).join(" ")} on ${result.machine.cpus} cores`,
      result.orders.lastError === null ? "" : `last error: ${result.orders.lastError}`,
    ].join("\n"),
  );
  mkdirSync("bench/results", { recursive: true });
  const label = flags.get("label");
  const file = `bench/results/${result.date.slice(0, 10)}-kitchen${label ? `-${label}` : ""}.json`;
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`wrote ${file}`);
}
