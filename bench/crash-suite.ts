/**
 * Crash suite (nothing promised is lost): the real server (src/server/main.ts, SQLite file, the
 * demo venues) under order placement (cash and card, each with its Idempotency-Key), staff
 * accepts and rejects, and guests paying parts of their table's bill by card (an amount, a share,
 * a line or everything, each with its Idempotency-Key), kill -9'd at random moments N times and
 * started again on the same data.
 * Every client retries its unanswered request with the same key until it gets an answer, as the
 * app's outbox does. At the end the orders left waiting are timed out (the dev clock moves on an
 * hour), the job worker finishes, the server stops gracefully, and bench/crash-suite/checks.ts
 * reads the file.
 *
 * Run: `npm run bench:crash -- --kills=20` (writes bench/results/<date>-crash-suite.json);
 * `--out=none` writes nothing (npm test runs `--kills=2 --out=none`). Exit code 1 on any problem.
 * Options: --kills=N (20), --clients=N guests placing in parallel (4), --out=path,
 * --server-root=DIR to run another checkout's server with the same load and checks (to compare:
 * a server that keeps the after-commit work in memory), --database=postgres to run the server
 * on the empty PostgreSQL database TEST_POSTGRES_URL names (`bash scripts/with-postgres.sh npx tsx
 * bench/crash-suite.ts --database=postgres`; only the server is killed, PostgreSQL stays up).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { shareAmount, sharesLeftOf, tipOfPercent } from "../src/domain/bill";
import {
  type Acknowledged,
  checkDatabase,
  openPostgres,
  openSqlite,
  pendingJobs,
  type SuiteDatabase,
} from "./crash-suite/checks";
import {
  type Answer,
  call,
  DEMO_ORDER,
  demoOrderBody,
  mustCall,
  newKey,
  type Session,
  sandboxCardToken,
  signInGuest,
  signInStaff,
} from "./crash-suite/client";
import { CrashableServer } from "./crash-suite/server";
import { freePort } from "./servers";

/** The demo beach hotel's beach bar, from umbrella 7201; a 6.00 item without options or stock. */
const DEMO = { ...DEMO_ORDER, storeId: 7, staffPin: "2580" };
/** 12:00 in Athens on a summer day: the beach bar is open (09:00-20:00). */
const CLOCK_START = Date.parse("2026-07-01T09:00:00.000Z");
const RETRY_PAUSE_MS = 250;
/** Guests paying the bill of the table the others order at (the first guests: a bill is its orderers'). */
const BILL_PAYERS = 2;
/** A payer's pause between two payments: the table must get lines to pay between them. */
const BILL_PAYMENT_PAUSE_MS = [100, 400] as const;
type PayWay = "AMOUNT" | "SHARE" | "LINES" | "EVERYTHING";

const options = Object.fromEntries(
  process.argv
    .slice(2)
    .filter((arg) => arg.startsWith("--"))
    .map((arg) => {
      const [name, value = ""] = arg.slice(2).split("=");
      return [name, value];
    }),
);
const kills = Number(options.kills ?? 20);
const clients = Number(options.clients ?? 4);
const today = new Date().toISOString().slice(0, 10);
const out = options.out === "none" ? null : (options.out ?? join("bench", "results", `${today}-crash-suite.json`));
const postgresUrl = options.database === "postgres" ? process.env.TEST_POSTGRES_URL : undefined;
if (options.database === "postgres" && !postgresUrl) {
  console.error("crash suite: --database=postgres needs TEST_POSTGRES_URL (run it under scripts/with-postgres.sh)");
  process.exit(2);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const startedAt = Date.now();
let clockJumpMs = 0;
const serverNow = () => new Date(CLOCK_START + (Date.now() - startedAt) + clockJumpMs);

const acknowledged: Acknowledged = { orders: new Map(), decisions: new Map(), billPayments: new Map() };
const stats = {
  placements: {
    requests: 0,
    unansweredSends: 0,
    /** Of the unanswered: 409 REQUEST_IN_PROGRESS, the key's claim held by a process that died. */
    inProgressAnswers: 0,
    replayedAnswers: 0,
    refused: {} as Record<string, number>,
    card: 0,
    cash: 0,
  },
  decisions: {
    requests: 0,
    unansweredSends: 0,
    replayedAnswers: 0,
    accepted: 0,
    rejected: 0,
    conflicts: {} as Record<string, number>,
  },
  billPayments: {
    requests: 0,
    unansweredSends: 0,
    inProgressAnswers: 0,
    replayedAnswers: 0,
    paid: { AMOUNT: 0, SHARE: 0, LINES: 0, EVERYTHING: 0 } as Record<PayWay, number>,
    refused: {} as Record<string, number>,
  },
  leftToTimeOut: 0,
  restartMs: [] as number[],
};
const staffQueue: number[] = [];
/**
 * Clients hold their (re)tries while the server restarts: a fresh process runs on the real clock
 * until the suite sets the dev clock again, and a session made on the dev clock looks expired to it.
 */
let serverUp: Promise<void> = Promise.resolve();
async function send(...args: Parameters<typeof call>): Promise<Answer | null> {
  await serverUp;
  return call(...args);
}
const leftWaiting: number[] = [];

const dataDir = mkdtempSync(join(tmpdir(), "venue-crash-suite-"));
const server = new CrashableServer(await freePort(), dataDir, options["server-root"] || undefined, postgresUrl);
const openDatabase = (): Promise<SuiteDatabase> | SuiteDatabase =>
  postgresUrl === undefined ? openSqlite(join(dataDir, "venue.sqlite")) : openPostgres(postgresUrl);
const origin = server.origin;
const watchdog = setTimeout(
  () => {
    console.error("crash suite: took too long, stopping");
    process.exit(1);
  },
  (120 + kills * 30) * 1000,
);

try {
  stats.restartMs.push(await server.start());
  await setClock();
  const guests: Session[] = [];
  for (let i = 0; i < clients; i++) guests.push(await signInGuest(origin, 6945000100 + i));
  const cardTokens = await Promise.all(guests.map(() => sandboxCardToken(origin)));
  const staff = await signInStaff(origin, DEMO.storeId, DEMO.staffPin);
  const price = await itemPrice();

  let running = true;
  const loops = [
    ...guests.map((guest, i) => placementLoop(guest, cardTokens[i] as string, price, () => running)),
    ...guests.slice(0, BILL_PAYERS).map((guest, i) => billPaymentLoop(guest, cardTokens[i] as string, () => running)),
    // Two waiters' devices of the store deciding in parallel.
    staffLoop(staff, () => running),
    staffLoop(staff, () => running),
  ];
  for (let kill = 1; kill <= kills; kill++) {
    await sleep(300 + Math.random() * 1700);
    let up: () => void = () => undefined;
    serverUp = new Promise((resolve) => {
      up = resolve;
    });
    await server.kill();
    stats.restartMs.push(await server.start());
    await setClock();
    up();
    console.log(
      `kill -9 #${kill}: restarted in ${stats.restartMs.at(-1)} ms; ${acknowledged.orders.size} orders acknowledged`,
    );
  }
  await sleep(500);
  running = false;
  await Promise.all(loops);
  // Whatever is still waiting times out: the clock moves past every acceptance deadline, and a
  // staff accept of each finds it expired (times it out in its transaction, then answers 409).
  clockJumpMs += 61 * 60_000;
  await setClock();
  const waiting = [...staffQueue.splice(0), ...leftWaiting];
  stats.leftToTimeOut = waiting.length;
  // A new sign-in: the waiter's jwt (30 minutes) ran out with the hour.
  const staffAfterAnHour = await signInStaff(origin, DEMO.storeId, DEMO.staffPin);
  for (const orderId of waiting) await decideUntilAnswered(staffAfterAnHour, orderId, "accept");
  const deadline = Date.now() + 60_000;
  // The in-memory work of a server without jobs gets a few seconds too.
  await sleep(3000);
  while ((await pendingJobs(await openDatabase())) > 0 && Date.now() < deadline) await sleep(200);
  await server.stop();
  const checks = await checkDatabase(await openDatabase(), acknowledged);
  const result = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? "unknown", node: process.version },
    settings: {
      server: options["server-root"] || "this checkout",
      kills,
      guestClients: clients,
      staffClients: 2,
      database:
        postgresUrl === undefined
          ? "SQLite file as src/server/db/database.ts opens it (WAL; synchronous=NORMAL with group commit since issue 13 item 5)"
          : "PostgreSQL (TEST_POSTGRES_URL), left running while the server is killed",
      jobs: "JOB_LEASE_MS=3000 JOB_POLL_INTERVAL_MS=250 JOB_RETRY_INITIAL_MS=200",
      load: `each guest places one order after another (half card, half cash, new key each, the same key on retry); the waiter accepts ~70%, rejects ~15%, leaves ~15% to time out; ${BILL_PAYERS} of the guests pay the table's bill by card every ${BILL_PAYMENT_PAUSE_MS.join("-")} ms (an amount, a share, a line or everything; new key each, the same key on retry)`,
      killAfter: "300-2000 ms of load, at random",
    },
    durationSeconds: Math.round((Date.now() - startedAt) / 1000),
    restartMs: {
      mean: Math.round(stats.restartMs.reduce((a, b) => a + b, 0) / stats.restartMs.length),
      max: Math.max(...stats.restartMs),
    },
    placements: stats.placements,
    decisions: stats.decisions,
    billPayments: stats.billPayments,
    leftToTimeOut: stats.leftToTimeOut,
    checks,
  };
  console.log(JSON.stringify(result, null, 2));
  if (out !== null) {
    mkdirSync(join(out, ".."), { recursive: true });
    writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`written to ${out}`);
  }
  if (checks.problems.length > 0) {
    console.error(`crash suite: ${checks.problems.length} problem(s):\n${checks.problems.join("\n")}`);
    process.exitCode = 1;
  } else {
    console.log(
      `crash suite: ${kills} kills, ${checks.acknowledgedOrders} orders, 0 lost, 0 duplicated, every outcome sent once, every card settled; ${checks.billPayments?.acknowledged ?? 0} bill payments, each once, every card captured with its payment or voided; integrity ${checks.integrityCheck}`,
    );
  }
} finally {
  clearTimeout(watchdog);
  await server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}

async function setClock(): Promise<void> {
  await mustCall(origin, "PUT", "/api/dev/clock", { body: { date: serverNow().toISOString() } });
}

async function itemPrice(): Promise<number> {
  const menu = await mustCall(origin, "GET", `/api/services/${DEMO.serviceId}/menu`);
  const item = (JSON.parse(menu.text) as { items: { id: number; priceCents: number }[] }).items.find(
    (candidate) => candidate.id === DEMO.itemId,
  );
  if (item === undefined) throw new Error(`item ${DEMO.itemId} is not on the demo menu any more`);
  return item.priceCents;
}

async function placementLoop(guest: Session, cardToken: string, price: number, running: () => boolean) {
  while (running()) {
    const card = Math.random() < 0.5;
    stats.placements[card ? "card" : "cash"] += 1;
    const body = demoOrderBody(price, card ? { type: "CARD", cardToken, saveCard: false } : { type: "CASH" });
    const key = newKey();
    // The app's outbox: the same request and key until a definite answer.
    for (;;) {
      stats.placements.requests += 1;
      const answer = await send(origin, "POST", "/api/orders", { body, session: guest, key });
      if (isDefinite(answer)) {
        if (answer.replayed) stats.placements.replayedAnswers += 1;
        if (answer.status === 201) {
          const orderId = (JSON.parse(answer.text) as { id: number }).id;
          acknowledged.orders.set(key, orderId);
          staffQueue.push(orderId);
        } else {
          const code = (JSON.parse(answer.text) as { code?: string }).code ?? String(answer.status);
          stats.placements.refused[code] = (stats.placements.refused[code] ?? 0) + 1;
        }
        break;
      }
      stats.placements.unansweredSends += 1;
      if (answer !== null && isInProgress(answer)) stats.placements.inProgressAnswers += 1;
      await sleep(RETRY_PAUSE_MS);
    }
  }
}

interface BillRead {
  status: string;
  owedCents: number;
  lines: { id: number; quantity: number; amountCents: number; state: string }[];
  split: { parts: number; paidParts: number } | null;
}

/**
 * A guest paying part of the table's bill by card, one payment after another, as the bill screen
 * does: read the bill, choose a way, send it with a new key, and the same request and key until
 * a definite answer. A refusal (the bill changed under it: an accept added lines, another payment
 * took the line) is an answer too.
 */
async function billPaymentLoop(guest: Session, cardToken: string, running: () => boolean) {
  const path = `/api/tables/${DEMO.spotId}/bill`;
  while (running()) {
    const [low, high] = BILL_PAYMENT_PAUSE_MS;
    await sleep(low + Math.random() * (high - low));
    // Nothing to pay yet (no order of this guest accepted at the table) or an answer lost: read again later.
    const read = await send(origin, "GET", path, { session: guest });
    if (read === null || read.status !== 200) continue;
    const bill = JSON.parse(read.text) as BillRead;
    if (bill.status !== "OPEN" || bill.owedCents <= 0) continue;
    const request = billPaymentOf(bill, cardToken);
    if (request === null) continue;
    const key = newKey();
    for (;;) {
      stats.billPayments.requests += 1;
      const answer = await send(origin, "POST", `${path}/payments`, { body: request.body, session: guest, key });
      if (isDefinite(answer)) {
        if (answer.replayed) stats.billPayments.replayedAnswers += 1;
        if (answer.status === 201) {
          acknowledged.billPayments.set(key, (JSON.parse(answer.text) as { payment: { id: number } }).payment.id);
          stats.billPayments.paid[request.way] += 1;
        } else {
          const code = (JSON.parse(answer.text) as { code?: string }).code ?? String(answer.status);
          stats.billPayments.refused[code] = (stats.billPayments.refused[code] ?? 0) + 1;
        }
        break;
      }
      stats.billPayments.unansweredSends += 1;
      if (answer !== null && isInProgress(answer)) stats.billPayments.inProgressAnswers += 1;
      await sleep(RETRY_PAUSE_MS);
    }
  }
}

/** One of the four ways to pay, for the bill as read; everything now and then, since it empties the table. */
function billPaymentOf(bill: BillRead, cardToken: string): { way: PayWay; body: Record<string, unknown> } | null {
  const roll = Math.random();
  const way: PayWay = roll < 0.35 ? "AMOUNT" : roll < 0.65 ? "SHARE" : roll < 0.9 ? "LINES" : "EVERYTHING";
  const payment = { type: "CARD", cardToken, saveCard: false };
  const withTip = (amountCents: number) => (Math.random() < 0.5 ? 0 : tipOfPercent(amountCents, 10));
  switch (way) {
    case "AMOUNT": {
      const amountCents = 1 + Math.floor(Math.random() * Math.min(bill.owedCents, 1000));
      return { way, body: { amountCents, tipCents: withTip(amountCents), payment } };
    }
    case "SHARE": {
      const parts = 2 + Math.floor(Math.random() * 3);
      const amountCents = shareAmount(bill.owedCents, sharesLeftOf(bill.split, parts), 1);
      if (amountCents === null || amountCents <= 0) return null;
      return { way, body: { amountCents, tipCents: withTip(amountCents), payment, share: { parts, count: 1 } } };
    }
    case "LINES": {
      const open = bill.lines.filter((line) => line.state === "OPEN");
      const line = open[Math.floor(Math.random() * open.length)];
      // Lines paid on account may already cover the open ones: then only an amount or a share is left.
      if (line === undefined || line.amountCents > bill.owedCents) return null;
      const pick = { lineId: line.id, seen: { quantity: line.quantity, amountCents: line.amountCents } };
      return {
        way,
        body: { amountCents: line.amountCents, tipCents: withTip(line.amountCents), payment, lines: [pick] },
      };
    }
    case "EVERYTHING":
      return {
        way,
        body: { amountCents: bill.owedCents, tipCents: withTip(bill.owedCents), payment, everything: true },
      };
  }
}

async function staffLoop(staff: Session, running: () => boolean) {
  while (running()) {
    const orderId = staffQueue.shift();
    if (orderId === undefined) {
      await sleep(30);
      continue;
    }
    const roll = Math.random();
    if (roll < 0.15) {
      leftWaiting.push(orderId);
      continue;
    }
    await decideUntilAnswered(staff, orderId, roll < 0.85 ? "accept" : "reject");
  }
}

async function decideUntilAnswered(staff: Session, orderId: number, action: "accept" | "reject"): Promise<void> {
  const key = newKey();
  const body = action === "reject" ? { reason: "Out of ice" } : undefined;
  for (;;) {
    stats.decisions.requests += 1;
    const answer = await send(origin, "POST", `/api/staff/orders/${orderId}/${action}`, { body, session: staff, key });
    if (isDefinite(answer)) {
      if (answer.replayed) stats.decisions.replayedAnswers += 1;
      if (answer.status === 200) {
        const { status } = JSON.parse(answer.text) as { status: string };
        acknowledged.decisions.set(orderId, status);
        stats.decisions[status === "ACCEPTED" ? "accepted" : "rejected"] += 1;
      } else {
        const code = (JSON.parse(answer.text) as { code?: string }).code ?? String(answer.status);
        stats.decisions.conflicts[code] = (stats.decisions.conflicts[code] ?? 0) + 1;
      }
      return;
    }
    stats.decisions.unansweredSends += 1;
    await sleep(RETRY_PAUSE_MS);
  }
}

/** An answer to act on: not a cut connection, not a 5xx, not "your first request is still in flight". */
function isDefinite(answer: Answer | null): answer is Answer {
  if (answer === null || answer.status >= 500) return false;
  return !isInProgress(answer);
}

function isInProgress(answer: Answer): boolean {
  return answer.status === 409 && answer.text.includes("REQUEST_IN_PROGRESS");
}
