/**
 * Bill-payment bench: from a guest's "Pay" (POST /api/tables/:tableId/bill/payments sent) to a
 * waiter's PDA showing that payment (goal p99 <= 1 s), with many tables paying at once.
 *
 * The real server (src/server/main.ts as `npm start` runs it, bench/servers.ts startRealServer) on
 * a throwaway SQLite file (or, with `--database=postgres`, on the empty database TEST_POSTGRES_URL
 * names: `bash scripts/with-postgres.sh npm run bench:bill -- --database=postgres`) with one store:
 * the test fixture's beach bar (src/server/test-fixtures/venue.ts) with TABLES bill tables and 40
 * more for the background load. Card payments on (the fixture's default), the sandbox provider.
 *
 * - PDAS waiters' PDAs: STOMP connections with staff sessions (the waiter's PIN) on
 *   /topic/stores/{storeId}/openings; on every OpeningChangedEvent each reads
 *   GET /api/staff/openings/{openingId}, as the opening screen does (OpeningScreen.tsx re-reads on
 *   every message), and notes when each payment first appears in a detail it read.
 * - Every table has 2-4 guests (GUESTS, cycled over the tables), each signed in, with a sandbox card
 *   (tokenized from an address of its own, X-Forwarded-For with TRUST_PROXY=on: the card form is
 *   limited per address), and a STOMP connection on /topic/tables/{tableId}/bill that, like the bill
 *   screen, reads GET /api/tables/{tableId}/bill on every BillChangedEvent.
 * - A round: every guest places an order at its table (POST /api/orders, cash: it is owed on the
 *   table) and the waiter accepts it; then, after a quiet second, all tables pay at once: at each
 *   table the guests pay one after another (THINK ms between; 0: the next one as soon as the previous
 *   one is answered), each first reading the bill as the phone does, then paying by card with a tip
 *   (0/5/10/15 %) in the table's way: SHARE (k=1 of n equal shares), AMOUNT (an n-th of what is owed,
 *   the last guest everything) or LINES (the guest's own lines, the last guest everything), cycled
 *   over the tables. A refusal (409) is read again and retried, as the app would (counted). Then the
 *   events are waited for and the waiter closes each table (nothing left to pay), unmeasured.
 * - Measured per payment, from the moment its POST is sent (this process's clock):
 *   answered (201); pda: the first detail read of each PDA that holds the payment (one sample per
 *   PDA), and the first PDA's; bill event: the payer's own connection gets a BillChangedEvent of the
 *   answer's bill version or later; bill re-read: the payer's re-read on it holds the payment.
 *   p50/p95/p99/max per run and payments per second (payments answered 201 / the pay phases' span);
 *   the figures are the medians of RUNS runs of ROUNDS rounds each (one warm-up round first).
 * - `--background=N` (or BENCH_BILL_BACKGROUND_RATE): N orders a minute besides, open loop, at the
 *   40 other tables by 10 other guests, each accepted at once and each table closed with cash after
 *   its 4th order: a busy floor whose opening events reach the same PDAs (which read those too).
 *
 * Run: `npm run bench:bill` (about 2 minutes). Env: BENCH_BILL_RUNS (3), BENCH_BILL_ROUNDS (6),
 * BENCH_BILL_TABLES (20), BENCH_BILL_PDAS (4), BENCH_BILL_GUESTS ("2-4"), BENCH_BILL_THINK_MS ("0", or
 * "min-max"), BENCH_BILL_BACKGROUND_RATE (0). `--label=NAME` writes
 * bench/results/<date>-bill-payment-NAME.json; `--server-root=DIR` runs another checkout's server. Loopback only. No assertion: a bench never fails the build.
 */

import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { shareAmount, sharesLeftOf, tipOfPercent } from "../src/domain/bill";
import type { Bill, BillChangedEvent, BillPaymentAnswer, BillPaymentRequest } from "../src/domain/bill-api";
import { storeOpeningsDestination, tableBillDestination } from "../src/domain/order-topics";
import type { OpeningChangedEvent, OpeningDetail } from "../src/domain/table-openings-api";
import { databaseTarget, openDatabase } from "../src/server/db/database";
import { migrateToLatest } from "../src/server/db/migrate";
import { connectStomp, type RawStompClient } from "../src/server/realtime/test-stomp-client";
import { sampleVenue } from "../src/server/test-fixtures/venue";
import { importFixture } from "../src/server/test-support/seed";
import type { VenueFile } from "../src/server/venue/venue-file";
import { call, mustCall, newKey, type Session, signInGuest, signInStaff } from "./crash-suite/client";
import { freePort, LOOPBACK, productionNodeFlags, type RunningServer, startRealServer } from "./servers";

const flags = new Map(
  process.argv.slice(2).map((arg) => {
    const [name, ...value] = arg.replace(/^--/, "").split("=");
    return [name ?? "", value.join("=")] as const;
  }),
);
const range = (text: string) => {
  const [min, max] = text.split("-").map(Number);
  return { min: min ?? 0, max: max ?? min ?? 0 };
};
const database = flags.get("database") === "postgres" ? "postgres" : "sqlite";
const postgresUrl = database === "postgres" ? (process.env.TEST_POSTGRES_URL ?? "") : null;
if (postgresUrl === "") {
  console.error("bill bench: --database=postgres needs TEST_POSTGRES_URL (run it under scripts/with-postgres.sh)");
  process.exit(2);
}
/** Another checkout whose server to run (a before/after pair); default: this one. */
const serverRoot = flags.get("server-root") || undefined;
const settings = {
  database,
  serverRoot: serverRoot ?? null,
  runs: Number(process.env.BENCH_BILL_RUNS ?? 3),
  roundsPerRun: Number(process.env.BENCH_BILL_ROUNDS ?? 6),
  warmUpRounds: 1,
  tables: Number(process.env.BENCH_BILL_TABLES ?? 20),
  pdas: Number(process.env.BENCH_BILL_PDAS ?? 4),
  guestsPerTable: range(process.env.BENCH_BILL_GUESTS ?? "2-4"),
  thinkMs: range(process.env.BENCH_BILL_THINK_MS ?? "0"),
  backgroundOrdersPerMinute: Number(flags.get("background") || process.env.BENCH_BILL_BACKGROUND_RATE || 0),
  backgroundTables: 40,
  backgroundGuests: 10,
  backgroundOrdersPerTableBeforeClose: 4,
  /** How long after a round's last answer its events and reads are waited for. */
  drainTimeoutMs: 10_000,
  /** A quiet moment after the round's orders are accepted, before the tables pay. */
  quietMs: 1_000,
  tipPercents: [0, 5, 10, 15],
  logLevel: "info",
};
const SERVER_ENV: NodeJS.ProcessEnv = {
  DEV_CLOCK_API: "on",
  DEV_OUTBOX_API: "on",
  DEMO_VENUES: "off",
  // Each guest's card is tokenized from an address of its own (X-Forwarded-For).
  TRUST_PROXY: "on",
  STOMP_MAX_CONNECTIONS_PER_ADDRESS: "10000",
  GUEST_ORDERS_PER_10_MINUTES: "1000000",
  GUEST_ORDERS_PER_DAY: "1000000",
  CODE_SENDS_NEW_NUMBERS_PER_ADDRESS: "1000000",
  CODE_SENDS_PER_STORE_PER_HOUR: "1000000",
  CODE_SENDS_PER_HOUR: "1000000",
};
const GOAL_P99_MS = 1000;
/** 12:00 in Athens: the fixture's beach bar is open (09:00-02:00), its happy hour (18:00-20:00) is not. */
const CLOCK = "2026-07-01T09:00:00.000Z";
const WAITER_PIN = "1357";
const STORE_ID = 1;
const FIXTURE = { serviceId: 10, greekCoffee: 1001, twoBeers: 1002, firstTable: 400 };
const MODES = ["SHARE", "AMOUNT", "LINES"] as const;
type Mode = (typeof MODES)[number];
const WATCHDOG_MS = 30 * 60_000;

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const between = (r: { min: number; max: number }) => r.min + Math.random() * (r.max - r.min);

interface Guest {
  session: Session;
  cardToken: string;
  table: Table;
  index: number;
  /** BillChangedEvents at this guest's connection: opening, version and arrival. */
  billEvents: { openingId: number; version: number; at: number }[];
  /** Payment id -> the first of this guest's bill re-reads that held it. */
  billReadSeen: Map<number, number>;
}

interface Table {
  index: number;
  spotId: number;
  mode: Mode;
  guests: Guest[];
}

interface Pda {
  index: number;
  session: Session;
  /** Payment id -> the first detail read of this PDA that held it. */
  seen: Map<number, number>;
  /** Opening id -> its OpeningChangedEvents at this PDA: version and arrival. */
  events: Map<number, { version: number; at: number }[]>;
  reads: number;
}

interface PaymentRecord {
  run: number;
  round: number;
  table: number;
  guest: Guest;
  mode: Mode;
  sentAt: number;
  answeredAt: number;
  status: number;
  attempt: number;
  paymentId: number | null;
  openingId: number | null;
  billVersion: number | null;
}

const watchdog = setTimeout(() => {
  console.error("The bill bench took too long: stopping.");
  process.exit(1);
}, WATCHDOG_MS);
const loadAverageAtStart = loadavg();
const problems = { orders: 0, accepts: 0, refusals: 0, failedPayments: 0, reads: 0, closes: 0, lastError: "" };
const refusalCodes = new Map<string, number>();
const background = { placed: 0, accepted: 0, closed: 0, failed: 0 };
let running = true;
let xForwardedFor = 0;
let serverDataDir = "";

const server = await startServer();
const origin = server.origin;
const clients: RawStompClient[] = [];
const tables: Table[] = [];
const pdas: Pda[] = [];
const payments: PaymentRecord[] = [];
let backgroundLoop: Promise<void> = Promise.resolve();
try {
  await mustCall(origin, "PUT", "/api/dev/clock", { body: { date: CLOCK } });
  const prices = await menuPrices();
  let phone = 6947000000;
  for (let t = 0; t < settings.tables; t++) {
    const span = settings.guestsPerTable.max - settings.guestsPerTable.min + 1;
    const table: Table = {
      index: t,
      spotId: FIXTURE.firstTable + t,
      mode: MODES[t % MODES.length] as Mode,
      guests: [],
    };
    const count = settings.guestsPerTable.min + (t % span);
    for (let g = 0; g < count; g++) {
      table.guests.push({
        session: await signInGuest(origin, phone++),
        cardToken: await sandboxCard(),
        table,
        index: g,
        billEvents: [],
        billReadSeen: new Map(),
      });
    }
    tables.push(table);
  }
  const waiter = await signInStaff(origin, STORE_ID, WAITER_PIN);
  for (let p = 0; p < settings.pdas; p++) {
    const pda: Pda = {
      index: p,
      session: await signInStaff(origin, STORE_ID, WAITER_PIN),
      seen: new Map(),
      events: new Map(),
      reads: 0,
    };
    pdas.push(pda);
    clients.push(await openPda(pda));
  }
  const guestCount = tables.reduce((sum, table) => sum + table.guests.length, 0);
  console.log(
    `${database}: ${settings.tables} tables, ${guestCount} guests, ${settings.pdas} PDAs; ${settings.runs} runs x ${settings.roundsPerRun} rounds (+${settings.warmUpRounds} warm-up); background ${settings.backgroundOrdersPerMinute} orders/min`,
  );

  const backgroundGuests: Session[] = [];
  if (settings.backgroundOrdersPerMinute > 0) {
    for (let g = 0; g < settings.backgroundGuests; g++) backgroundGuests.push(await signInGuest(origin, phone++));
    backgroundLoop = runBackground(backgroundGuests, waiter, prices);
  }

  // The first round places the guests' first orders; only then may they listen to their table's bill.
  const runWindows: { run: number; payMs: number; cpuMs: number | null; wallMs: number }[] = [];
  let round = 0;
  for (let run = 0; run <= settings.runs; run++) {
    // Run 0 is the warm-up.
    const rounds = run === 0 ? settings.warmUpRounds : settings.roundsPerRun;
    const cpuStart = server.cpuMicros?.();
    const wallStart = now();
    let payMs = 0;
    for (let r = 0; r < rounds; r++, round++) {
      await setUpRound(waiter, prices);
      if (round === 0)
        for (const table of tables) for (const guest of table.guests) clients.push(await openBill(guest));
      await sleep(settings.quietMs);
      payMs += await payRound(run, round);
      await drain(run, round);
      await closeTables(waiter);
      await sleep(300);
    }
    const cpuEnd = server.cpuMicros?.();
    runWindows.push({
      run,
      payMs,
      wallMs: now() - wallStart,
      cpuMs: cpuStart === undefined || cpuEnd === undefined ? null : (cpuEnd - cpuStart) / 1000,
    });
    if (run > 0) console.log(`  run ${run}: ${summarizeRun(run, payMs).line}`);
  }
  running = false;
  await backgroundLoop;
  writeResult(summarize(runWindows, await jobTimes()));
} finally {
  running = false;
  clearTimeout(watchdog);
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await server.stop();
}
process.exit(0);

/** The fixture's beach bar with the bench's tables (no stock to run out). */
function billVenue(): VenueFile {
  const venue = sampleVenue({ storeId: STORE_ID });
  for (const item of venue.services.flatMap((service) => service.categories.flatMap((c) => c.items))) {
    if (item.id === FIXTURE.greekCoffee) delete item.stock;
  }
  for (let t = 0; t < settings.tables + settings.backgroundTables; t++) {
    venue.spots.push({
      id: FIXTURE.firstTable + t,
      name: `Τραπέζι ${t + 2}`,
      type: "TABLE",
      capacity: 4,
      section: "Terrace",
    });
  }
  return venue;
}

async function prepareDatabase(dataDir: string): Promise<void> {
  serverDataDir = dataDir;
  const { db } = openDatabase(databaseTarget(postgresUrl, dataDir));
  try {
    await migrateToLatest(db, database);
    await importFixture(db, billVenue());
  } finally {
    await db.destroy();
  }
}

/**
 * SQLite: startRealServer. PostgreSQL: the same process and flags, with DATABASE_URL (which
 * startRealServer never passes on, so that no other bench runs on a database from the environment).
 */
async function startServer(): Promise<RunningServer> {
  if (postgresUrl === null) {
    return startRealServer({ logLevel: settings.logLevel, env: SERVER_ENV, prepare: prepareDatabase, cwd: serverRoot });
  }
  const dataDir = mkdtempSync(join(tmpdir(), "venue-bench-"));
  await prepareDatabase(dataDir);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: LOOPBACK,
    DATA_DIR: dataDir,
    LOG_LEVEL: settings.logLevel,
    NODE_ENV: "production",
    ...SERVER_ENV,
    DATABASE_URL: postgresUrl,
  };
  delete env.TEST_POSTGRES_URL;
  const child: ChildProcess = spawn(
    process.execPath,
    [...productionNodeFlags(serverRoot), "--import", "tsx", "src/server/main.ts"],
    { env, cwd: serverRoot, stdio: ["ignore", "ignore", "inherit"] },
  );
  const serverOrigin = `http://${LOOPBACK}:${port}`;
  const deadline = Date.now() + 60_000;
  while ((await call(serverOrigin, "GET", "/api/health"))?.status !== 200) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error("the server did not start");
    await sleep(200);
  }
  const pid = child.pid as number;
  return {
    origin: serverOrigin,
    cpuMicros: () => procCpuMicros(pid),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await Promise.race([exited, sleep(5_000)]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Linux /proc/<pid>/stat user + system time, microseconds (USER_HZ 100). */
function procCpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) / 100) * 1_000_000;
}

/** A sandbox test card that approves, tokenized from an address of its own. */
async function sandboxCard(): Promise<string> {
  xForwardedFor += 1;
  const response = await fetch(`${origin}/api/payments/sandbox/cards`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": `10.88.${Math.floor(xForwardedFor / 250)}.${xForwardedFor % 250}`,
    },
    body: JSON.stringify({ number: "4242 4242 4242 4242", expiryMonth: 12, expiryYear: 2099, cvc: "123" }),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`sandbox card: ${response.status} ${text}`);
  return (JSON.parse(text) as { cardToken: string }).cardToken;
}

async function menuPrices(): Promise<{ coffee: number; beers: number }> {
  const menu = await mustCall(origin, "GET", `/api/services/${FIXTURE.serviceId}/menu`);
  const items = (JSON.parse(menu.text) as { items: { id: number; priceCents: number }[] }).items;
  const priceOf = (id: number) => items.find((item) => item.id === id)?.priceCents ?? Number.NaN;
  return { coffee: priceOf(FIXTURE.greekCoffee), beers: priceOf(FIXTURE.twoBeers) };
}

/** A guest's cash order at a table: `coffees` Greek coffees, and the beers when asked for. */
async function placeOrder(
  guest: Session,
  spotId: number,
  coffees: number,
  beers: boolean,
  prices: { coffee: number; beers: number },
): Promise<number | null> {
  const lines = [{ itemId: FIXTURE.greekCoffee, quantity: coffees, kilos: null, comment: "", selection: {} }];
  if (beers) lines.push({ itemId: FIXTURE.twoBeers, quantity: 1, kilos: null, comment: "", selection: {} });
  const body = {
    serviceId: FIXTURE.serviceId,
    tableId: spotId,
    lines,
    comment: "",
    expectedTotalCents: coffees * prices.coffee + (beers ? prices.beers : 0),
    scheduledFor: null,
    payment: { type: "CASH" },
    selectedTableId: null,
    deliveryInfo: null,
    location: null,
    language: "GRE",
  };
  const answer = await call(origin, "POST", "/api/orders", { body, session: guest, key: newKey() });
  if (answer?.status !== 201) {
    problems.orders += 1;
    problems.lastError = `order: ${answer?.status ?? "no answer"} ${answer?.text.slice(0, 200) ?? ""}`;
    return null;
  }
  return (JSON.parse(answer.text) as { id: number }).id;
}

async function accept(waiter: Session, orderId: number): Promise<boolean> {
  const answer = await call(origin, "POST", `/api/staff/orders/${orderId}/accept`, { session: waiter, key: newKey() });
  if (answer?.status === 200) return true;
  problems.accepts += 1;
  problems.lastError = `accept: ${answer?.status ?? "no answer"} ${answer?.text.slice(0, 200) ?? ""}`;
  return false;
}

/** Every guest orders at its table and the waiter accepts: the bill each table will pay. */
async function setUpRound(waiter: Session, prices: { coffee: number; beers: number }): Promise<void> {
  await Promise.all(
    tables.map(async (table) => {
      for (const guest of table.guests) {
        const orderId = await placeOrder(
          guest.session,
          table.spotId,
          2 + ((table.index + guest.index) % 3),
          guest.index % 2 === 0,
          prices,
        );
        if (orderId !== null) await accept(waiter, orderId);
      }
    }),
  );
}

/** A waiter's PDA: the store's openings topic; every event, the opening's detail read again. */
async function openPda(pda: Pda): Promise<RawStompClient> {
  const client = await subscribed(pda.session, storeOpeningsDestination(STORE_ID), `pda-${pda.index}`);
  onMessages(client, (body, at) => {
    const event = JSON.parse(body) as OpeningChangedEvent;
    const events = pda.events.get(event.openingId) ?? [];
    events.push({ version: event.version, at });
    pda.events.set(event.openingId, events);
    void readDetail(pda, event.openingId);
  });
  return client;
}

async function readDetail(pda: Pda, openingId: number): Promise<void> {
  if (!running) return;
  const answer = await call(origin, "GET", `/api/staff/openings/${openingId}`, { session: pda.session });
  const at = now();
  pda.reads += 1;
  if (answer?.status !== 200) {
    if (running) {
      problems.reads += 1;
      problems.lastError = `PDA read: ${answer?.status ?? "no answer"} ${answer?.text.slice(0, 200) ?? ""}`;
    }
    return;
  }
  for (const payment of (JSON.parse(answer.text) as OpeningDetail).payments) {
    if (!pda.seen.has(payment.id)) pda.seen.set(payment.id, at);
  }
}

/** A guest's bill screen: the table's bill topic; every event noted, and the bill read again. */
async function openBill(guest: Guest): Promise<RawStompClient> {
  const client = await subscribed(
    guest.session,
    tableBillDestination(guest.table.spotId),
    `bill-${guest.table.index}-${guest.index}`,
  );
  onMessages(client, (body, at) => {
    const event = JSON.parse(body) as BillChangedEvent;
    guest.billEvents.push({ openingId: event.openingId, version: event.version, at });
    void readBill(guest, true);
  });
  return client;
}

async function readBill(guest: Guest, onEvent: boolean): Promise<Bill | null> {
  if (!running) return null;
  const answer = await call(origin, "GET", `/api/tables/${guest.table.spotId}/bill`, { session: guest.session });
  const at = now();
  if (answer?.status !== 200) {
    if (running) {
      problems.reads += 1;
      problems.lastError = `bill read: ${answer?.status ?? "no answer"} ${answer?.text.slice(0, 200) ?? ""}`;
    }
    return null;
  }
  const bill = JSON.parse(answer.text) as Bill;
  if (onEvent)
    for (const payment of bill.payments)
      if (!guest.billReadSeen.has(payment.id)) guest.billReadSeen.set(payment.id, at);
  return bill;
}

async function subscribed(session: Session, destination: string, id: string): Promise<RawStompClient> {
  const { client, reply } = await connectStomp(`${origin.replace("http", "ws")}/api/stomp`, session, {
    "heart-beat": "0,10000",
  });
  if (reply.command !== "CONNECTED") throw new Error(`STOMP: ${reply.command} ${reply.body}`);
  client.send("SUBSCRIBE", { id, destination, receipt: id });
  const answer = await Promise.race([client.next("RECEIPT"), client.next("ERROR")]);
  if (answer.command !== "RECEIPT") {
    throw new Error(
      `SUBSCRIBE ${destination}: ${JSON.stringify(answer.headers)} ${answer.body}; ${JSON.stringify(problems)}`,
    );
  }
  client.frames.length = 0;
  return client;
}

/** Each MESSAGE's body and arrival (test-stomp-client parses frames before this listener runs). */
function onMessages(client: RawStompClient, handle: (body: string, at: number) => void): void {
  client.socket.on("message", () => {
    const at = now();
    for (const frame of client.frames) if (frame.command === "MESSAGE") handle(frame.body, at);
    client.frames.length = 0;
  });
}

/** All tables pay at once, their guests one after another; returns the phase's span (ms). */
async function payRound(run: number, round: number): Promise<number> {
  const started = now();
  let lastAnswer = started;
  await Promise.all(
    tables.map(async (table) => {
      await sleep(Math.random() * 200);
      for (const guest of table.guests) {
        const isLast = guest.index === table.guests.length - 1;
        for (let attempt = 1; attempt <= 4; attempt++) {
          const bill = await readBill(guest, false);
          if (bill === null || bill.status !== "OPEN" || bill.owedCents <= 0) break;
          const request = paymentOf(table, guest, bill, isLast);
          const record: PaymentRecord = {
            run,
            round,
            table: table.index,
            guest,
            mode: table.mode,
            sentAt: now(),
            answeredAt: 0,
            status: 0,
            attempt,
            paymentId: null,
            openingId: null,
            billVersion: null,
          };
          const answer = await call(origin, "POST", `/api/tables/${table.spotId}/bill/payments`, {
            body: request,
            session: guest.session,
            key: newKey(),
          });
          record.answeredAt = now();
          record.status = answer?.status ?? 0;
          lastAnswer = Math.max(lastAnswer, record.answeredAt);
          if (answer?.status === 201) {
            const paid = JSON.parse(answer.text) as BillPaymentAnswer;
            record.paymentId = paid.payment.id;
            record.billVersion = paid.bill.version;
            record.openingId = paid.bill.openingId;
            payments.push(record);
            break;
          }
          const code =
            answer === null
              ? "no answer"
              : ((JSON.parse(answer.text) as { code?: string }).code ?? String(answer.status));
          refusalCodes.set(code, (refusalCodes.get(code) ?? 0) + 1);
          if (answer?.status === 409) {
            problems.refusals += 1;
            continue;
          }
          problems.failedPayments += 1;
          problems.lastError = `payment: ${answer?.status ?? "no answer"} ${answer?.text.slice(0, 200) ?? ""}`;
          payments.push(record);
          break;
        }
        const think = between(settings.thinkMs);
        if (think > 0) await sleep(think);
      }
    }),
  );
  return lastAnswer - started;
}

/** The request a guest's phone sends for the table's way of paying, from the bill it just read. */
function paymentOf(table: Table, guest: Guest, bill: Bill, isLast: boolean): BillPaymentRequest {
  const tipPercent = settings.tipPercents[(table.index + guest.index) % settings.tipPercents.length] ?? 0;
  const base = (amountCents: number) => ({
    amountCents,
    tipCents: tipOfPercent(amountCents, tipPercent),
    payment: { type: "CARD" as const, cardToken: guest.cardToken },
    language: "GRE" as const,
  });
  const everything = () => ({ ...base(bill.owedCents), everything: true });
  const n = table.guests.length;
  switch (table.mode) {
    case "SHARE": {
      const left = sharesLeftOf(bill.split, n);
      const amount = shareAmount(bill.owedCents, left, 1);
      return amount === null ? everything() : { ...base(amount), share: { parts: n, count: 1 } };
    }
    case "AMOUNT":
      return isLast ? everything() : base(Math.floor(bill.owedCents / (n - guest.index)));
    case "LINES": {
      const mine = bill.lines.filter((line) => line.mine && line.state === "OPEN");
      if (isLast || mine.length === 0) return everything();
      return {
        ...base(mine.reduce((sum, line) => sum + line.amountCents, 0)),
        lines: mine.map((line) => ({
          lineId: line.id,
          seen: { quantity: line.quantity, amountCents: line.amountCents },
        })),
      };
    }
  }
}

/** Waits until every payment of the round is on every PDA and at its payer's bill screen (or the timeout). */
async function drain(run: number, round: number): Promise<void> {
  const deadline = now() + settings.drainTimeoutMs;
  const mine = payments.filter((p) => p.run === run && p.round === round && p.paymentId !== null);
  while (now() < deadline) {
    const done = mine.every(
      (p) =>
        pdas.every((pda) => pda.seen.has(p.paymentId as number)) &&
        billEventAt(p) !== undefined &&
        p.guest.billReadSeen.has(p.paymentId as number),
    );
    if (done) return;
    await sleep(50);
  }
}

/** The waiter closes every bill table (nothing is left to pay; cash for anything that is). */
async function closeTables(waiter: Session): Promise<void> {
  await Promise.all(tables.map((table) => closeTable(waiter, table.spotId)));
}

async function closeTable(waiter: Session, spotId: number): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const answer = await call(origin, "GET", `/api/tables/${spotId}/bill`, { session: waiter });
    if (answer?.status !== 200) break;
    const bill = JSON.parse(answer.text) as Bill;
    if (bill.status !== "OPEN" || bill.openingId === null) return true;
    const closed = await call(origin, "POST", `/api/staff/openings/${bill.openingId}/close`, {
      session: waiter,
      key: newKey(),
      body: { version: bill.version, payment: bill.owedCents > 0 ? { type: "CASH" } : null },
    });
    if (closed?.status === 200) return true;
    problems.lastError = `close: ${closed?.status ?? "no answer"} ${closed?.text.slice(0, 200) ?? ""}`;
  }
  problems.closes += 1;
  return false;
}

/** Open loop: orders at the other tables, each accepted at once, a table closed with cash after its 4th. */
async function runBackground(
  guests: Session[],
  waiter: Session,
  prices: { coffee: number; beers: number },
): Promise<void> {
  const period = 60_000 / settings.backgroundOrdersPerMinute;
  const start = now();
  const inFlight = new Set<Promise<void>>();
  for (let n = 0; running; n++) {
    await sleep(start + n * period - now());
    if (!running) break;
    const spotId = FIXTURE.firstTable + settings.tables + (n % settings.backgroundTables);
    const closeAfter =
      Math.floor(n / settings.backgroundTables) % settings.backgroundOrdersPerTableBeforeClose ===
      settings.backgroundOrdersPerTableBeforeClose - 1;
    const work = (async () => {
      const orderId = await placeOrder(guests[n % guests.length] as Session, spotId, 2, true, prices);
      if (orderId === null) {
        background.failed += 1;
        return;
      }
      background.placed += 1;
      if (!(await accept(waiter, orderId))) {
        background.failed += 1;
        return;
      }
      background.accepted += 1;
      if (closeAfter) {
        if (await closeTable(waiter, spotId)) background.closed += 1;
        else background.failed += 1;
      }
    })();
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  }
  await Promise.all(inFlight);
}

interface Distribution {
  count: number;
  missing: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  max: number | null;
}

/** Missing samples (never arrived) count as infinitely late. */
function distribution(values: (number | null)[]): Distribution {
  const sorted = values.map((v) => v ?? Number.POSITIVE_INFINITY).sort((a, b) => a - b);
  const pick = (p: number) => {
    const value = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
    return value === undefined || !Number.isFinite(value) ? null : Math.round(value * 10) / 10;
  };
  return {
    count: values.length,
    missing: values.filter((v) => v === null).length,
    p50: pick(50),
    p95: pick(95),
    p99: pick(99),
    max: pick(100),
  };
}

/** The first event telling the payment's opening at its version or later (the state it left, or a later one). */
function billEventAt(p: PaymentRecord): number | undefined {
  return p.guest.billEvents.find((e) => e.openingId === p.openingId && e.version >= (p.billVersion as number))?.at;
}

function pdaEventAt(pda: Pda, p: PaymentRecord): number | undefined {
  return pda.events.get(p.openingId as number)?.find((e) => e.version >= (p.billVersion as number))?.at;
}

function latencies(run: number) {
  const paid = payments.filter((p) => p.run === run && p.paymentId !== null);
  const since = (p: PaymentRecord, at: number | undefined) => (at === undefined ? null : at - p.sentAt);
  return {
    answered: distribution(paid.map((p) => p.answeredAt - p.sentAt)),
    pda: distribution(paid.flatMap((p) => pdas.map((pda) => since(p, pda.seen.get(p.paymentId as number))))),
    firstPda: distribution(
      paid.map((p) => {
        const seen = pdas.map((pda) => pda.seen.get(p.paymentId as number)).filter((at) => at !== undefined);
        return seen.length === 0 ? null : Math.min(...seen) - p.sentAt;
      }),
    ),
    pdaEvent: distribution(paid.flatMap((p) => pdas.map((pda) => since(p, pdaEventAt(pda, p))))),
    billEvent: distribution(paid.map((p) => since(p, billEventAt(p)))),
    billReRead: distribution(paid.map((p) => since(p, p.guest.billReadSeen.get(p.paymentId as number)))),
  };
}

function summarizeRun(run: number, payMs: number) {
  const l = latencies(run);
  const paid = payments.filter((p) => p.run === run && p.paymentId !== null).length;
  const perSecond = Math.round((paid / (payMs / 1000)) * 10) / 10;
  const ms = (v: number | null) => (v === null ? "-" : `${v}`);
  return {
    latencies: l,
    payments: paid,
    paymentsPerSecond: perSecond,
    line: `${paid} payments, ${perSecond}/s; PDA p50/p95/p99/max ${ms(l.pda.p50)}/${ms(l.pda.p95)}/${ms(l.pda.p99)}/${ms(l.pda.max)} ms (lost ${l.pda.missing}); answer p99 ${ms(l.answered.p99)}; bill event p99 ${ms(l.billEvent.p99)} ms; load ${loadavg()[0]?.toFixed(1)}`,
  };
}

function median(values: (number | null)[]): number | null {
  const finite = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (finite.length !== values.length || finite.length === 0) return null;
  const mid = (finite.length - 1) / 2;
  return Math.round((((finite[Math.floor(mid)] ?? 0) + (finite[Math.ceil(mid)] ?? 0)) / 2) * 10) / 10;
}

/**
 * The server's jobs at the end, per kind: how many, still pending, and from due (created, or its
 * run_after) to marked done (done_at is written for a batch of finished jobs: an upper bound).
 */
async function jobTimes() {
  const { db } = openDatabase(databaseTarget(postgresUrl, serverDataDir));
  try {
    const rows = await db.selectFrom("jobs").select(["kind", "state", "created_at", "run_after", "done_at"]).execute();
    const kinds = [...new Set(rows.map((row) => row.kind))].sort();
    return Object.fromEntries(
      kinds.map((kind) => {
        const ofKind = rows.filter((row) => row.kind === kind);
        const waits = ofKind
          .filter((row) => row.done_at !== null)
          .map(
            (row) =>
              Date.parse(row.done_at as string) - Math.max(Date.parse(row.created_at), Date.parse(row.run_after)),
          );
        const d = distribution(waits);
        return [
          kind,
          {
            jobs: ofKind.length,
            pending: ofKind.filter((row) => row.state === "PENDING").length,
            dueToDoneMs: { p50: d.p50, p99: d.p99, max: d.max },
          },
        ];
      }),
    );
  } finally {
    await db.destroy();
  }
}

function summarize(
  windows: { run: number; payMs: number; cpuMs: number | null; wallMs: number }[],
  jobs: Awaited<ReturnType<typeof jobTimes>>,
) {
  const runs = windows
    .filter((w) => w.run > 0)
    .map((w) => {
      const summary = summarizeRun(w.run, w.payMs);
      return {
        run: w.run,
        payments: summary.payments,
        paymentsPerSecond: summary.paymentsPerSecond,
        payPhaseMs: Math.round(w.payMs),
        serverCpuPercentOfOneCore: w.cpuMs === null ? null : Math.round((w.cpuMs / w.wallMs) * 1000) / 10,
        latencyMs: summary.latencies,
      };
    });
  const keys = ["answered", "pdaEvent", "pda", "firstPda", "billEvent", "billReRead"] as const;
  const stats = ["p50", "p95", "p99", "max"] as const;
  const medians = Object.fromEntries(
    keys.map((key) => [
      key,
      Object.fromEntries(stats.map((stat) => [stat, median(runs.map((run) => run.latencyMs[key][stat]))])),
    ]),
  ) as Record<(typeof keys)[number], Record<(typeof stats)[number], number | null>>;
  const all = payments.filter((p) => p.run > 0);
  return {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? "unknown",
      node: process.version,
      loadAverage: { atStart: loadAverageAtStart, atEnd: loadavg() },
    },
    settings: { ...settings, goalP99Ms: GOAL_P99_MS, clock: CLOCK },
    /** Medians over the runs of each run's figure. */
    medianOfRuns: {
      latencyMs: medians,
      paymentsPerSecond: median(runs.map((run) => run.paymentsPerSecond)),
      serverCpuPercentOfOneCore: median(runs.map((run) => run.serverCpuPercentOfOneCore)),
      lostOnPda: runs.reduce((sum, run) => sum + run.latencyMs.pda.missing, 0),
    },
    goal: { pdaP99Ms: GOAL_P99_MS, met: medians.pda.p99 !== null && medians.pda.p99 <= GOAL_P99_MS },
    runs,
    payments: {
      answered201: all.filter((p) => p.paymentId !== null).length,
      byMode: Object.fromEntries(
        MODES.map((mode) => [mode, all.filter((p) => p.mode === mode && p.paymentId !== null).length]),
      ),
      refusedAndRetried: problems.refusals,
      refusalCodes: Object.fromEntries(refusalCodes),
      failed: problems.failedPayments,
    },
    problems: { ...problems, lastError: problems.lastError || null },
    background,
    pdaReads: pdas.map((pda) => pda.reads),
    /** Read from the server's database at the end (every round, the warm-up too). */
    jobs,
  };
}

function writeResult(result: ReturnType<typeof summarize>): void {
  const ms = (value: number | null) => (value === null ? "-" : `${value} ms`);
  const m = result.medianOfRuns.latencyMs;
  const row = (name: string, d: Record<"p50" | "p95" | "p99" | "max", number | null>) =>
    `${name.padEnd(40)} ${ms(d.p50).padStart(10)} ${ms(d.p95).padStart(10)} ${ms(d.p99).padStart(10)} ${ms(d.max).padStart(10)}`;
  console.log(
    [
      "",
      `${`from the POST of the payment to (median of ${result.runs.length} runs)`.padEnd(40)} ${"p50".padStart(10)} ${"p95".padStart(10)} ${"p99".padStart(10)} ${"max".padStart(10)}`,
      row("payment answered (201)", m.answered),
      row("PDA: its OpeningChangedEvent", m.pdaEvent),
      row("PDA shows it (event + re-read)", m.pda),
      row("  the first PDA", m.firstPda),
      row("payer's BillChangedEvent", m.billEvent),
      row("payer's bill re-read holds it", m.billReRead),
      "",
      `PDA p99 <= ${GOAL_P99_MS} ms: ${result.goal.met ? "ok" : "MISSED"}; ${result.medianOfRuns.paymentsPerSecond ?? "-"} payments/s (median); lost on PDAs: ${result.medianOfRuns.lostOnPda}; refused and retried: ${result.payments.refusedAndRetried}, failed: ${result.payments.failed}; server CPU ${result.medianOfRuns.serverCpuPercentOfOneCore ?? "-"}% of a core`,
      `background: ${JSON.stringify(result.background)}; load average ${result.machine.loadAverage.atStart.map((v) => v.toFixed(1)).join(" ")} -> ${result.machine.loadAverage.atEnd.map((v) => v.toFixed(1)).join(" ")} on ${result.machine.cpus} cores`,
      result.problems.lastError === null ? "" : `last error: ${result.problems.lastError}`,
    ].join("\n"),
  );
  mkdirSync("bench/results", { recursive: true });
  const label = flags.get("label");
  const file = `bench/results/${result.date.slice(0, 10)}-bill-payment${database === "postgres" ? "-postgres" : ""}${label ? `-${label}` : ""}.json`;
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`wrote ${file}`);
}
