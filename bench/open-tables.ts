/**
 * Open-tables bench (the goal: "the open-tables screen with 200 open
 * openings and 1,000 orders in the day stays responsive at 6x CPU slowdown"): the real server
 * (src/server/main.ts, built PWA in dist/, a throwaway SQLite file with the demo venues plus 200
 * bench tables of the city café, each with an open opening of 5 accepted orders of 3 lines), and
 * Debian's Chromium through Playwright at a 360x640 PDA viewport, signed in as a waiter.
 *
 * Measured, 5 runs each, at CPU throttling 1x (the baseline, same session) and 6x (Chromium's
 * Emulation.setCPUThrottlingRate): from navigation to the first opening card painted and to all 200
 * cards; then from a tap on a card to its opening's total on screen. Medians in the results.
 *
 * Run: `npm run bench:open-tables` (needs `npx vite build` first). Writes
 * bench/results/<date>-open-tables.json. Loopback only; about two minutes.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "@playwright/test";
import SqliteDatabase from "better-sqlite3";
import { freePort, LOOPBACK } from "./servers";

const STORE = 132;
const PDA = 13499;
const SERVICE = 13201;
const ITEM = 132204;
const OPENINGS = 200;
const ORDERS_PER_OPENING = 5;
const LINES_PER_ORDER = 3;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CLOCK = "2026-07-01T09:00:00.000Z";

if (!existsSync("dist/index.html")) throw new Error("Build the app first: npx vite build");
const loadAverageAtStart = loadavg();
const dataDir = mkdtempSync(join(tmpdir(), "venue-bench-open-tables-"));
const port = await freePort();
const origin = `http://${LOOPBACK}:${port}`;
let child = startServer();
try {
  await waitUntilHealthy();
  // The demo venues are in; stop, add the bench tables with a raw connection, start again.
  await stopServer();
  seed(join(dataDir, "venue.sqlite"));
  child = startServer();
  await waitUntilHealthy();
  await fetch(`${origin}/api/dev/clock`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ date: CLOCK }),
  });

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--no-first-run"],
  });
  const results: Record<string, { listFirstCardMs: number[]; listAllCardsMs: number[]; tapToTotalMs: number[] }> = {};
  for (const rate of [1, 6]) {
    const context = await browser.newContext({ viewport: { width: 360, height: 640 }, locale: "el-GR" });
    const page = await context.newPage();
    await signInWaiter(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate });
    const runs = { listFirstCardMs: [] as number[], listAllCardsMs: [] as number[], tapToTotalMs: [] as number[] };
    for (let run = 0; run < RUNS; run += 1) {
      const list = await measureList(page);
      runs.listFirstCardMs.push(list.firstCard);
      runs.listAllCardsMs.push(list.allCards);
      runs.tapToTotalMs.push(await measureTap(page, run));
    }
    results[`${rate}x`] = runs;
    await context.close();
  }
  await browser.close();

  const summary = Object.fromEntries(
    Object.entries(results).map(([rate, runs]) => [
      rate,
      {
        listFirstCardMedianMs: median(runs.listFirstCardMs),
        listAllCardsMedianMs: median(runs.listAllCardsMs),
        tapToTotalMedianMs: median(runs.tapToTotalMs),
        runs,
      },
    ]),
  );
  const report = {
    bench: "open-tables",
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, loadAverageAtStart, loadAverageAtEnd: loadavg() },
    setup: {
      openings: OPENINGS,
      ordersInTheDay: OPENINGS * ORDERS_PER_OPENING,
      linesPerOrder: LINES_PER_ORDER,
      viewport: "360x640",
      runsPerRate: RUNS,
    },
    results: summary,
  };
  mkdirSync("bench/results", { recursive: true });
  const file = `bench/results/${report.date.slice(0, 10)}-open-tables.json`;
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(summary, (key, value) => (key === "runs" ? undefined : value), 2));
  console.log(`wrote ${file}`);
} finally {
  await stopServer();
  rmSync(dataDir, { recursive: true, force: true });
}

function startServer(): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: LOOPBACK,
    DATA_DIR: dataDir,
    DEMO_VENUES: "on",
    DEV_CLOCK_API: "on",
    LOG_LEVEL: "warn",
  };
  delete env.DATABASE_URL;
  delete env.TEST_POSTGRES_URL;
  return spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function stopServer(): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

async function waitUntilHealthy(): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if ((await fetch(`${origin}/api/health`).catch(() => null))?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the server did not answer /api/health within 60 s");
}

/** 200 bench tables of the café, each with an open opening of 5 accepted cash orders of 3 lines. */
function seed(file: string): void {
  const db = new SqliteDatabase(file);
  const now = CLOCK;
  const names = JSON.stringify({ GRE: { name: "Καφές φίλτρου" }, ENG: { name: "Filter coffee" } });
  const sections = ["Μέσα", "Πεζόδρομος", "Μπαρ"];
  const userId = Number(
    db
      .prepare(
        "insert into users (kind, phone, country_iso2, verified, opted_in_for_newsletter, created_at, updated_at) values ('guest', '+306900000001', 'GR', 1, 0, ?, ?)",
      )
      .run(now, now).lastInsertRowid,
  );
  db.transaction(() => {
    let dailyNumber = 0;
    for (let n = 1; n <= OPENINGS; n += 1) {
      const spotId = 990_000 + n;
      db.prepare(
        "insert into spots (id, store_id, name, type, capacity, section, is_pda, position) values (?, ?, ?, 'TABLE', 4, ?, 0, ?)",
      ).run(spotId, STORE, `Bench ${n}`, sections[n % sections.length], 1000 + n);
      const openedAt = new Date(Date.parse(now) - (OPENINGS - n) * 60_000).toISOString();
      const openingId = Number(
        db
          .prepare(
            "insert into table_openings (store_id, spot_id, status, version, department_service_id, waiter_staff_id, opened_at, last_activity_at) values (?, ?, 'OPEN', 1, ?, 13901, ?, ?)",
          )
          .run(STORE, spotId, SERVICE, openedAt, openedAt).lastInsertRowid,
      );
      for (let o = 0; o < ORDERS_PER_OPENING; o += 1) {
        dailyNumber += 1;
        const orderId = Number(
          db
            .prepare(
              "insert into orders (store_id, service_id, spot_id, user_id, status, athens_day, daily_number, comment, language, payment_type, subtotal_cents, happy_hour_savings_cents, room_charge_cents, delivery_discount_cents, total_cents, decided_at, created_at, updated_at) values (?, ?, ?, ?, 'ACCEPTED', '2026-07-01', ?, '', 'GRE', 'CASH', 840, 0, 0, 0, 840, ?, ?, ?)",
            )
            .run(STORE, SERVICE, spotId, userId, dailyNumber, openedAt, openedAt, openedAt).lastInsertRowid,
        );
        for (let l = 0; l < LINES_PER_ORDER; l += 1) {
          db.prepare(
            "insert into order_lines (order_id, position, item_id, names, quantity, comment, options, unit_price_cents, options_unit_price_cents, total_cents) values (?, ?, ?, ?, 1, '', '[]', 280, 0, 280)",
          ).run(orderId, l, ITEM, names);
          db.prepare(
            "insert into table_opening_lines (opening_id, kind, order_id, names, options, comment, quantity, amount_cents, state, created_at) values (?, 'ITEM', ?, ?, '[]', '', 1, 280, 'OPEN', ?)",
          ).run(openingId, orderId, names, openedAt);
        }
      }
    }
  })();
  db.close();
}

async function signInWaiter(page: Page): Promise<void> {
  const answer = await fetch(`${origin}/api/authenticate/login/pin?pin=1324&storeId=${STORE}`, { method: "POST" });
  const login = (await answer.json()) as { authToken: { token: string; user: unknown }; jwt: string };
  await page.goto(`${origin}/pin`);
  await page.evaluate(
    (stored) =>
      new Promise<void>((resolve, reject) => {
        // Runs in the page: this file is typed for Node, so the browser's globals are reached untyped.
        // biome-ignore lint/suspicious/noExplicitAny: the page's IndexedDB
        const open = (globalThis as any).indexedDB.open("kyma-session", 10);
        open.onupgradeneeded = () => {
          if (!open.result.objectStoreNames.contains("sessions"))
            open.result.createObjectStore("sessions", { keyPath: "key" });
        };
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const transaction = open.result.transaction("sessions", "readwrite");
          transaction.objectStore("sessions").put({ ...stored, key: "current" });
          transaction.oncomplete = () => {
            open.result.close();
            resolve();
          };
        };
      }),
    { authToken: login.authToken.token, jwt: login.jwt, user: login.authToken.user },
  );
}

async function measureList(page: Page): Promise<{ firstCard: number; allCards: number }> {
  const started = Date.now();
  await page.goto(`${origin}/open-tables/for-store/${STORE}/${PDA}`);
  await page.locator(".opening-card").first().waitFor();
  const firstCard = Date.now() - started;
  await page
    .locator(".opening-card")
    .nth(OPENINGS - 1)
    .waitFor();
  return { firstCard, allCards: Date.now() - started };
}

async function measureTap(page: Page, run: number): Promise<number> {
  const card = page.locator(".opening-card").nth(run * 7);
  await card.scrollIntoViewIfNeeded();
  const started = Date.now();
  await card.click();
  await page.getByTestId("remaining").waitFor();
  return Date.now() - started;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : Math.round(((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2);
}
