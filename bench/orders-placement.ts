/**
 * Orders bench (issue "Orders": "orders per second and p99 latency of placement on SQLite with
 * synchronous=FULL"): POST /api/orders of the real server (src/server/main.ts in a child process,
 * a throwaway SQLite file, the demo venues, request logs at info as in production) driven by wrk
 * with a Lua script that sends every request with a fresh Idempotency-Key, so each one places a
 * new order: idempotency claim, pricing from the database, daily number, the order and its
 * stored answer, all committed with fsync.
 *
 * Run: `npx tsx bench/orders-placement.ts` (script line for package.json: "bench:orders":
 * "tsx bench/orders-placement.ts"). Env: BENCH_SECONDS (10), BENCH_CONNECTIONS ("1,16,64").
 * Writes bench/results/<date>-orders-placement.json. Loopback only; about a minute.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { freePort, LOOPBACK } from "./servers";
import { ensureWrk, parseWrk, type WrkResult } from "./wrk";

/** The demo beach hotel's beach bar, from umbrella 7201; a 6.00 item without options or stock. */
const DEMO = { storeId: 7, serviceId: 7001, spotId: 7201, itemId: 70201 };
/** 12:00 in Athens: the beach bar is open (09:00-20:00) and its happy hour (17:00-19:00) is not. */
const CLOCK = "2026-07-01T09:00:00.000Z";
const WATCHDOG_MS = 5 * 60 * 1000;

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connectionCounts = (process.env.BENCH_CONNECTIONS ?? "1,16,64").split(",").map(Number);
const loadAverageAtStart = loadavg();

interface Run {
  connections: number;
  wrk: WrkResult;
}

const watchdog = setTimeout(() => {
  console.error("The bench took too long: stopping.");
  process.exit(1);
}, WATCHDOG_MS);

ensureWrk();
const dataDir = mkdtempSync(join(tmpdir(), "venue-bench-orders-"));
const port = await freePort();
const origin = `http://${LOOPBACK}:${port}`;
const child = startServer(port, dataDir);
try {
  await waitUntilHealthy();
  await call("PUT", "/api/dev/clock", { date: CLOCK });
  const session = await signInGuest();
  const body = await orderBody();
  const script = writeLuaScript(session, body);
  // A first order checks the request before any timing.
  const first = await call("POST", "/api/orders", JSON.parse(body), {
    ...session,
    "idempotency-key": crypto.randomUUID(),
  });
  if (first.status !== 201) throw new Error(`placement failed: ${first.status} ${first.text}`);

  const runs: Run[] = [];
  await runWrk({ url: `${origin}/api/orders`, seconds: 2, connections: 4, threads: 1, script });
  for (const connections of connectionCounts) {
    const wrk = await runWrk({ url: `${origin}/api/orders`, seconds, connections, threads: 1, script });
    runs.push({ connections, wrk });
    console.log(
      `${String(connections).padStart(3)} connections: ${wrk.requestsPerSecond.toFixed(0)} orders/s, p50 ${wrk.latencyP50Ms.toFixed(1)} ms, p99 ${wrk.latencyP99Ms.toFixed(1)} ms, failures ${wrk.failures}`,
    );
  }
  await stop(child);
  const ordersInDatabase = countOrders();
  writeResult(runs, ordersInDatabase);
} finally {
  clearTimeout(watchdog);
  await stop(child);
  rmSync(dataDir, { recursive: true, force: true });
}

/** wrk with a Lua script (bench/wrk.ts's runWrk sends plain GETs). */
function runWrk(options: {
  url: string;
  seconds: number;
  connections: number;
  threads: number;
  script: string;
}): Promise<WrkResult> {
  const args = [
    `-t${options.threads}`,
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    "--latency",
    "--timeout",
    "10s",
    "-s",
    options.script,
    options.url,
  ];
  return new Promise((resolve, reject) => {
    const wrk = spawn("wrk", args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    wrk.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    wrk.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const guard = setTimeout(() => wrk.kill("SIGKILL"), (options.seconds + 15) * 1000);
    wrk.on("error", reject);
    wrk.on("exit", (code) => {
      clearTimeout(guard);
      if (code !== 0) reject(new Error(`wrk ${args.join(" ")} exited with ${code}:\n${output}`));
      else {
        const problems = output.split("\n").filter((line) => /Socket errors|Non-2xx/.test(line));
        if (problems.length > 0) console.log(`  wrk: ${problems.join("; ").trim()}`);
        resolve(parseWrk(output));
      }
    });
  });
}

function startServer(listenPort: number, dir: string): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(listenPort),
    HOST: LOOPBACK,
    DATA_DIR: dir,
    DEMO_VENUES: "on",
    // Sign-in codes and the clock through the dev API (never on in production).
    DEV_OUTBOX_API: "on",
    DEV_CLOCK_API: "on",
    LOG_LEVEL: "info",
    // One guest places every order of the run: far past a real guest's limits (issue 11 item 3).
    GUEST_ORDERS_PER_10_MINUTES: "1000000",
    GUEST_ORDERS_PER_DAY: "1000000",
  };
  delete env.DATABASE_URL;
  delete env.TEST_POSTGRES_URL;
  return spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function waitUntilHealthy(): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if ((await call("GET", "/api/health").catch(() => null))?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the server did not answer /api/health within 60 s");
}

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

async function signInGuest(): Promise<{ authToken: string; jwt: string }> {
  const phone = { phoneNumber: 6941234567, countryCode: 30 };
  const entrance = await call("POST", "/api/entrance", phone);
  if (entrance.status !== 200) throw new Error(`entrance: ${entrance.status} ${entrance.text}`);
  const outbox = await call("GET", `/api/dev/outbox?to=${encodeURIComponent("+306941234567")}`);
  const code = /\b(\d{6})\b/.exec(outbox.text)?.[1];
  if (code === undefined) throw new Error(`no sign-in code in the outbox: ${outbox.text}`);
  const login = await call("POST", "/api/authenticate/v2/login", { ...phone, password: code });
  const session = JSON.parse(login.text) as { authToken: { token: string }; jwt: string };
  return { authToken: session.authToken.token, jwt: session.jwt };
}

/** The order, priced from the menu the server serves (one item, no options: its price is the total). */
async function orderBody(): Promise<string> {
  const menu = JSON.parse((await call("GET", `/api/services/${DEMO.serviceId}/menu`)).text) as {
    items: { id: number; priceCents: number }[];
  };
  const item = menu.items.find((candidate) => candidate.id === DEMO.itemId);
  if (item === undefined) throw new Error(`item ${DEMO.itemId} is not on the demo menu any more`);
  return JSON.stringify({
    serviceId: DEMO.serviceId,
    tableId: DEMO.spotId,
    lines: [{ itemId: item.id, quantity: 1, kilos: null, comment: "", selection: {} }],
    comment: "",
    expectedTotalCents: item.priceCents,
    scheduledFor: null,
    payment: { type: "CASH" },
    selectedTableId: null,
    deliveryInfo: null,
    location: null,
    language: "ENG",
  });
}

/** wrk sends each request with a new random UUID v4 as its Idempotency-Key: every request is a new order. */
function writeLuaScript(session: { authToken: string; jwt: string }, body: string): string {
  const path = join(dataDir, "place-order.lua");
  writeFileSync(
    path,
    `
wrk.method = "POST"
wrk.body = ${JSON.stringify(body)}
wrk.headers["content-type"] = "application/json"
wrk.headers["authToken"] = ${JSON.stringify(session.authToken)}
wrk.headers["jwt"] = ${JSON.stringify(session.jwt)}
math.randomseed(os.time() + tonumber(tostring({}):match("0x(%x+)") or "0", 16) % 100000)
local hex = "0123456789abcdef"
local function rnd(n)
  local t = {}
  for i = 1, n do local r = math.random(1, 16); t[i] = hex:sub(r, r) end
  return table.concat(t)
end
request = function()
  wrk.headers["idempotency-key"] = rnd(8) .. "-" .. rnd(4) .. "-4" .. rnd(3) .. "-a" .. rnd(3) .. "-" .. rnd(12)
  return wrk.format(nil, "/api/orders")
end
`,
  );
  return path;
}

function countOrders(): number {
  const db = new SqliteDatabase(join(dataDir, "venue.sqlite"), { readonly: true });
  try {
    return (db.prepare("select count(*) as n from orders").get() as { n: number }).n;
  } finally {
    db.close();
  }
}

function writeResult(runs: Run[], ordersInDatabase: number): void {
  const date = new Date().toISOString();
  const result = {
    date,
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? "unknown",
      node: process.version,
      loadAverage: { atStart: loadAverageAtStart, atEnd: loadavg() },
    },
    settings: {
      database: "SQLite, WAL, synchronous=FULL (src/server/db/database.ts)",
      seconds,
      warmUp: "2 s at 4 connections",
      wrkThreads: 1,
      logLevel: "info",
      order: "1 item, cash, umbrella 7201 of demo store 7, a new Idempotency-Key per request",
    },
    runs: runs.map(({ connections, wrk }) => ({
      connections,
      ordersPerSecond: Math.round(wrk.requestsPerSecond * 10) / 10,
      latencyP50Ms: wrk.latencyP50Ms,
      latencyP99Ms: wrk.latencyP99Ms,
      failures: wrk.failures,
    })),
    /** Every 201 is one order: the first check order + warm-up + runs. */
    ordersInDatabase,
  };
  mkdirSync("bench/results", { recursive: true });
  const file = `bench/results/${date.slice(0, 10)}-orders-placement.json`;
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`wrote ${file}`);
}

function stop(process: ChildProcess): Promise<void> {
  if (process.exitCode !== null || process.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => process.kill("SIGKILL"), 5_000);
    process.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    process.kill("SIGTERM");
  });
}
