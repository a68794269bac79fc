/**
 * Orders bench (orders per second and p99 latency of placement, on SQLite and, given a PostgreSQL
 * URL, on both databases side by side): POST /api/orders of the real server (src/server/main.ts in
 * a child process, the demo venues, request logs at info as in production) driven by wrk with a Lua
 * script that sends every request with a fresh Idempotency-Key, so each one places a new order:
 * idempotency claim, pricing from the database, daily number, the order, its job and its stored
 * answer, durable before the 201.
 *
 * Per database (a throwaway SQLite file; and PostgreSQL when a URL is given: a fresh database
 * created in that server and dropped afterwards) and per server (this checkout; and a baseline
 * checkout with --baseline=DIR, e.g. the commit before a change, measured in the same session),
 * at 1, 16 and 64 connections: orders/s, p50/p99, and the worst event-loop delay of the server
 * during the run (perf_hooks.monitorEventLoopDelay in the server process, bench/eventloop-probe.ts).
 *
 * Several API processes on one database (`--processes=1,2`, PostgreSQL: as production runs it
 * behind a proxy): each process gets its own wrk with its share of the connections, started
 * together; orders/s is their sum, p99 the worst of theirs, CPU per order the processes' summed.
 * PostgreSQL runs also run pgbench (its built-in TPC-B-like transaction, prepared, at 16 clients,
 * scale 16) on the same server before and after the placements: what the database alone does there.
 *
 * Run: `npm run bench:orders [-- --postgres=URL] [--baseline=DIR]`; with a throwaway PostgreSQL:
 * `WITH_POSTGRES_DURABLE=1 bash scripts/with-postgres.sh npm run bench:orders` (PostgreSQL with its fsync on, like SQLite) (TEST_POSTGRES_URL is used when set).
 * Env: BENCH_SECONDS (10), BENCH_CONNECTIONS ("1,16,64"), BENCH_POSTGRES_URL.
 *
 * The orders come from `--guests=N` signed-in guests (default 200), each request from one picked at
 * random: a full beach is many guests ordering a few times each. With one guest (`--guests=1`, the
 * method before 2026-11-25) every placement's rate-limit count read that guest's whole day of
 * events (tens of thousands in a run; a real guest is held to 100 a day), which grew to a third
 * of the database's time in a run and measured the bench's guest rather than the write path.
 * Writes bench/results/<date>-orders-placement.json. Loopback only; about 1-4 minutes.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import SqliteDatabase from "better-sqlite3";
import pg from "pg";
import { type PostgresPerOrder, PostgresStats } from "./postgres-stats";
import { freePort, LOOPBACK, productionNodeFlags } from "./servers";
import { ensureWrk, parseWrk, type WrkResult } from "./wrk";

/** The demo beach hotel's beach bar, from umbrella 7201; a 6.00 item without options or stock. */
const DEMO = { storeId: 7, serviceId: 7001, spotId: 7201, itemId: 70201 };
/** 12:00 in Athens: the beach bar is open (09:00-20:00) and its happy hour (17:00-19:00) is not. */
const CLOCK = "2026-07-01T09:00:00.000Z";
const WATCHDOG_MS = 15 * 60 * 1000;

const flags = new Map(
  process.argv.slice(2).map((arg) => {
    const [name, ...value] = arg.replace(/^--/, "").split("=");
    return [name ?? "", value.join("=")] as const;
  }),
);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connectionCounts = (process.env.BENCH_CONNECTIONS ?? "1,16,64").split(",").map(Number);
const postgresUrl = flags.get("postgres") || process.env.BENCH_POSTGRES_URL || process.env.TEST_POSTGRES_URL || null;
const servers: { name: string; root: string }[] = [{ name: "this checkout", root: process.cwd() }];
if (flags.get("baseline")) servers.unshift({ name: "baseline", root: resolve(flags.get("baseline") ?? "") });
// --databases=postgres: PostgreSQL only (its runs take the cores a SQLite run would share).
const databases = (postgresUrl === null ? ["sqlite"] : ["sqlite", "postgres"]).filter(
  (kind) => !flags.get("databases") || (flags.get("databases") ?? "").split(",").includes(kind),
) as DatabaseKind[];
const probe = resolve("bench/eventloop-probe.ts");
const guestCount = Math.max(1, Number(flags.get("guests") || 200));
const processCounts = (flags.get("processes") || "1").split(",").map(Number);
const loadAverageAtStart = loadavg();

type DatabaseKind = "sqlite" | "postgres";

interface Run {
  server: string;
  /** API processes on the one database, each driven by its own wrk. */
  processes: number;
  serverRoot: string;
  database: DatabaseKind;
  connections: number;
  wrk: WrkResult;
  eventLoopDelayMaxMs: number;
  eventLoopDelayP99Ms: number;
  /** The server's CPU time (user + system, every thread) per order placed in the run. */
  cpuMsPerOrder: number;
  /** The system (kernel) part of it. */
  cpuSystemMsPerOrder: number;
  /** The server's read syscalls per order (/proc/self/io: database pages missing from SQLite's cache, the sockets'). */
  readCallsPerOrder: number;
  /** The server's write syscalls and bytes per order (/proc/self/io: the -wal file's frames and the sockets'). */
  writeCallsPerOrder: number;
  writeKbPerOrder: number;
  /** The server process's peak resident memory since it started, at the end of this run. */
  peakRssMb: number;
  ordersInDatabase: number | null;
  /** On the last run: jobs (status events) still PENDING when the server stopped, i.e. the worker's backlog. */
  jobsPending: number | null;
  /** PostgreSQL's own counters per order placed in the run (bench/postgres-stats.ts). */
  postgres: PostgresPerOrder | null;
  /** Waits for a pooled PostgreSQL connection in the server (bench/eventloop-probe.ts), per pool. */
  poolWaits: Record<string, { acquires: number; waitedMs: number; maxMs: number }> | null;
  /** How long each placement held its store's daily-number lock (bench/eventloop-probe.ts), PostgreSQL. */
  dailyNumberLock: { holds: number; medianMs: number; meanMs: number; statementsPerHold: number } | null;
}

const watchdog = setTimeout(() => {
  console.error("The bench took too long: stopping.");
  process.exit(1);
}, WATCHDOG_MS);

ensureWrk();
const dataDir = mkdtempSync(join(tmpdir(), "venue-bench-orders-"));
const runs: Run[] = [];
const pgbenchRuns: PgbenchResult[] = [];
try {
  const pgbench = databases.includes("postgres") ? await preparePgbench() : null;
  if (pgbench !== null) pgbenchRuns.push(await pgbench.run("before the placements"));
  for (const database of databases) {
    for (const server of servers) {
      for (const processes of database === "postgres" ? processCounts : [1]) {
        runs.push(...(await measure(server, database, processes)));
      }
    }
  }
  if (pgbench !== null) {
    pgbenchRuns.push(await pgbench.run("after the placements"));
    await pgbench.drop();
  }
  writeResult(runs, pgbenchRuns);
} finally {
  clearTimeout(watchdog);
  rmSync(dataDir, { recursive: true, force: true });
}

/** One server (in `processes` processes) on one fresh database: warm-up, then a run per connection count. */
async function measure(
  server: { name: string; root: string },
  database: DatabaseKind,
  processes: number,
): Promise<Run[]> {
  const pgDatabase = database === "postgres" ? await createPostgresDatabase() : null;
  const children: { child: ChildProcess; origin: string }[] = [];
  const measured: Run[] = [];
  const pgStats = pgDatabase === null ? null : await PostgresStats.open(pgDatabase.url);
  const dir = mkdtempSync(join(dataDir, "server-"));
  try {
    // One after another: the first migrates the fresh database and imports the venues.
    for (let index = 0; index < processes; index++) {
      const port = await freePort();
      const origin = `http://${LOOPBACK}:${port}`;
      const child = startServer(server.root, port, mkdtempSync(join(dir, "process-")), pgDatabase?.url ?? null);
      children.push({ child, origin });
      await waitUntilHealthy(child, origin);
      await call(origin, "PUT", "/api/dev/clock", { date: CLOCK });
    }
    const origin = children[0]?.origin ?? "";
    const sessions = await signInGuests(origin, guestCount);
    const session = sessions[0] as { authToken: string; jwt: string };
    const body = await orderBody(origin);
    const script = writeLuaScript(dir, sessions, body);
    // A first order checks the request before any timing.
    for (const { origin: each } of children) {
      const first = await call(each, "POST", "/api/orders", JSON.parse(body), {
        ...session,
        "idempotency-key": crypto.randomUUID(),
      });
      if (first.status !== 201) throw new Error(`placement failed: ${first.status} ${first.text}`);
    }
    await Promise.all(
      children.map((each) =>
        runWrk({ url: `${each.origin}/api/orders`, seconds: 2, connections: 4, threads: 1, script }),
      ),
    );
    for (const connections of connectionCounts) {
      if (connections < processes) continue;
      await Promise.all(children.map(({ child }) => ask(child, "reset")));
      const pgBefore = await pgStats?.snapshot();
      const shares = children.map((_, index) => Math.floor((connections + index) / processes));
      const wrk = combineWrk(
        await Promise.all(
          children.map((each, index) =>
            runWrk({ url: `${each.origin}/api/orders`, seconds, connections: shares[index] ?? 1, threads: 1, script }),
          ),
        ),
      );
      const delay = combineReports(
        (await Promise.all(children.map(({ child }) => ask(child, "report")))) as ProbeReport[],
      );
      const orders = Math.max(1, wrk.requestsPerSecond * seconds);
      const postgres =
        pgStats === null || pgBefore === undefined
          ? null
          : await pgStats.perOrder(pgBefore, await pgStats.snapshot(), wrk.requests);
      const cpuMsPerOrder = delay.cpuMs / orders;
      measured.push({
        server: server.name,
        processes,
        serverRoot: server.root,
        database,
        connections,
        wrk,
        eventLoopDelayMaxMs: Math.round(delay.maxMs * 10) / 10,
        eventLoopDelayP99Ms: Math.round(delay.p99Ms * 10) / 10,
        cpuMsPerOrder: Math.round(cpuMsPerOrder * 100) / 100,
        cpuSystemMsPerOrder: Math.round(((delay.cpuSystemMs ?? 0) / orders) * 100) / 100,
        readCallsPerOrder: Math.round(((delay.readCalls ?? 0) / orders) * 10) / 10,
        writeCallsPerOrder: Math.round(((delay.writeCalls ?? 0) / orders) * 10) / 10,
        writeKbPerOrder: Math.round((delay.writeBytes ?? 0) / 1024 / orders),
        peakRssMb: Math.round((delay.maxRssKb ?? 0) / 1024),
        ordersInDatabase: null,
        jobsPending: null,
        postgres,
        poolWaits: database === "postgres" ? delay.poolWaits : null,
        dailyNumberLock: database === "postgres" ? delay.dailyNumberLock : null,
      });
      console.log(
        `${database.padEnd(8)} ${server.name.padEnd(13)} ${processes} process(es) ${String(connections).padStart(3)} connections: ${wrk.requestsPerSecond.toFixed(0)} orders/s, p50 ${wrk.latencyP50Ms.toFixed(1)} ms, p99 ${wrk.latencyP99Ms.toFixed(1)} ms, worst loop delay ${delay.maxMs.toFixed(1)} ms, CPU ${cpuMsPerOrder.toFixed(2)} ms/order (system ${((delay.cpuSystemMs ?? 0) / orders).toFixed(2)}), reads ${((delay.readCalls ?? 0) / orders).toFixed(1)} calls, writes ${((delay.writeCalls ?? 0) / orders).toFixed(1)} calls ${((delay.writeBytes ?? 0) / 1024 / orders).toFixed(0)} KB/order, peak RSS ${Math.round((delay.maxRssKb ?? 0) / 1024)} MB, failures ${wrk.failures}`,
      );
      if (postgres !== null) {
        const waits = Object.entries(delay.poolWaits ?? {})
          .map(
            ([pool, w]) =>
              `${pool}: ${(w.acquires / Math.max(1, wrk.requests)).toFixed(1)}/order, mean wait ${(w.waitedMs / Math.max(1, w.acquires)).toFixed(2)} ms`,
          )
          .join("; ");
        const lock = delay.dailyNumberLock;
        const held =
          lock === null
            ? ""
            : `; daily-number lock held ${lock.medianMs} ms median, ${lock.meanMs} ms mean, ${lock.statementsPerHold} statements`;
        console.log(
          `  PostgreSQL per order: ${postgres.statements ?? "?"} statements (${postgres.statementMs ?? "?"} ms), ${postgres.commits} commits, ${postgres.walSyncs} WAL syncs, CPU ${postgres.cpuMs ?? "?"} ms; ${waits}${held}`,
        );
      }
    }
    await pgStats?.close();
    for (const { child } of children) await stop(child);
    const last = measured.at(-1);
    if (last !== undefined) {
      const counts =
        pgDatabase === null
          ? countSqliteOrders(
              join(dir, readdirSync(dir).find((name) => name.startsWith("process-")) ?? "", "venue.sqlite"),
            )
          : await countPostgresOrders(pgDatabase.url);
      last.ordersInDatabase = counts.orders;
      last.jobsPending = counts.jobsPending;
      console.log(`  ${counts.orders} orders in the database, ${counts.jobsPending} jobs still pending at the stop`);
    }
    return measured;
  } finally {
    for (const { child } of children) await stop(child);
    if (pgDatabase !== null) await pgDatabase.drop();
  }
}

/** What the probe in a server process answers to "report" (bench/eventloop-probe.ts). */
interface ProbeReport {
  maxMs: number;
  p99Ms: number;
  cpuMs: number;
  poolWaits: Run["poolWaits"];
  dailyNumberLock: Run["dailyNumberLock"];
  cpuSystemMs?: number;
  readCalls?: number;
  writeCalls?: number;
  writeBytes?: number;
  maxRssKb?: number;
}

/** The processes' reports as one: CPU, calls and pool waits summed; delays and memory the worst. */
function combineReports(reports: ProbeReport[]): ProbeReport {
  const sum = (pick: (report: ProbeReport) => number | undefined) =>
    reports.reduce((total, report) => total + (pick(report) ?? 0), 0);
  const poolWaits: NonNullable<Run["poolWaits"]> = {};
  for (const report of reports) {
    for (const [pool, wait] of Object.entries(report.poolWaits ?? {})) {
      const seen = poolWaits[pool] ?? { acquires: 0, waitedMs: 0, maxMs: 0 };
      poolWaits[pool] = {
        acquires: seen.acquires + wait.acquires,
        waitedMs: seen.waitedMs + wait.waitedMs,
        maxMs: Math.max(seen.maxMs, wait.maxMs),
      };
    }
  }
  return {
    maxMs: Math.max(...reports.map((report) => report.maxMs)),
    p99Ms: Math.max(...reports.map((report) => report.p99Ms)),
    cpuMs: sum((report) => report.cpuMs),
    cpuSystemMs: sum((report) => report.cpuSystemMs),
    readCalls: sum((report) => report.readCalls),
    writeCalls: sum((report) => report.writeCalls),
    writeBytes: sum((report) => report.writeBytes),
    maxRssKb: Math.max(...reports.map((report) => report.maxRssKb ?? 0)),
    poolWaits: reports.some((report) => report.poolWaits) ? poolWaits : null,
    dailyNumberLock: reports[0]?.dailyNumberLock ?? null,
  };
}

/** wrk runs side by side as one: requests summed, p50 the requests' weighted mean, p99 the worst. */
function combineWrk(results: WrkResult[]): WrkResult {
  const requests = results.reduce((total, result) => total + result.requests, 0);
  return {
    requestsPerSecond: results.reduce((total, result) => total + result.requestsPerSecond, 0),
    requests,
    latencyP50Ms:
      results.reduce((total, result) => total + result.latencyP50Ms * result.requests, 0) / Math.max(1, requests),
    latencyP99Ms: Math.max(...results.map((result) => result.latencyP99Ms)),
    failures: results.reduce((total, result) => total + result.failures, 0),
  };
}

interface PgbenchResult {
  when: string;
  clients: number;
  scale: number;
  seconds: number;
  transactionsPerSecond: number;
  latencyAverageMs: number;
}

/**
 * pgbench on a database of its own on the same PostgreSQL server: its built-in TPC-B-like
 * transaction (5 statements, 3 updates), prepared, 16 clients on 2 threads, scale 16.
 */
async function preparePgbench(): Promise<{ run: (when: string) => Promise<PgbenchResult>; drop: () => Promise<void> }> {
  const target = await createPostgresDatabase();
  const scale = 16;
  const clients = 16;
  const init = spawnSync("pgbench", ["-i", "-q", "-s", String(scale), target.url], { encoding: "utf8" });
  if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
  return {
    async run(when) {
      const args = ["-M", "prepared", "-c", String(clients), "-j", "2", "-T", String(seconds), target.url];
      const result = await new Promise<string>((resolveRun, reject) => {
        const child = spawn("pgbench", args, { stdio: ["ignore", "pipe", "pipe"] });
        let output = "";
        child.stdout.on("data", (chunk: Buffer) => {
          output += chunk.toString();
        });
        child.stderr.on("data", (chunk: Buffer) => {
          output += chunk.toString();
        });
        child.on("error", reject);
        child.on("exit", (code) => (code === 0 ? resolveRun(output) : reject(new Error(`pgbench: ${output}`))));
      });
      const tps = Number(/tps = ([\d.]+)/.exec(result)?.[1]);
      const latency = Number(/latency average = ([\d.]+) ms/.exec(result)?.[1]);
      console.log(
        `pgbench (${when}): ${tps.toFixed(0)} transactions/s, latency average ${latency} ms, ${clients} clients`,
      );
      return { when, clients, scale, seconds, transactionsPerSecond: Math.round(tps), latencyAverageMs: latency };
    },
    drop: target.drop,
  };
}

/** A fresh database on the given PostgreSQL server, so every server starts from the same empty state. */
async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (postgresUrl === null) throw new Error("no PostgreSQL URL");
  const name = `venue_bench_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function countPostgresOrders(url: string): Promise<{ orders: number; jobsPending: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>("select count(*) as n from orders");
    const jobs = await client.query<{ n: string }>("select count(*) as n from jobs where state = 'PENDING'");
    return { orders: Number(result.rows[0]?.n ?? 0), jobsPending: Number(jobs.rows[0]?.n ?? 0) };
  } finally {
    await client.end();
  }
}

/** A question to the probe in the server process (bench/eventloop-probe.ts). */
function ask(child: ChildProcess, message: "reset" | "report"): Promise<unknown> {
  return new Promise((resolveAnswer, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not answer "${message}"`)), 10_000);
    child.once("message", (answer) => {
      clearTimeout(timer);
      resolveAnswer(answer);
    });
    child.send(message);
  });
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

function startServer(root: string, listenPort: number, dir: string, databaseUrl: string | null): ChildProcess {
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
    // Each guest places hundreds of orders in a run: past a real guest's limits,
    // and all of them sign in from 127.0.0.1.
    GUEST_ORDERS_PER_10_MINUTES: "1000000",
    GUEST_ORDERS_PER_DAY: "1000000",
    CODE_SENDS_NEW_NUMBERS_PER_ADDRESS: "1000000",
    CODE_SENDS_PER_STORE_PER_HOUR: "1000000",
    CODE_SENDS_PER_HOUR: "1000000",
  };
  delete env.DATABASE_URL;
  delete env.TEST_POSTGRES_URL;
  if (databaseUrl !== null) env.DATABASE_URL = databaseUrl;
  // BENCH_SERVER_NODE_ARGS: e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server.
  const nodeArgs = [
    ...productionNodeFlags(root),
    ...(process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter((arg) => arg !== ""),
  ];
  return spawn(process.execPath, [...nodeArgs, "--import", "tsx", "--import", probe, "src/server/main.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
}

async function waitUntilHealthy(child: ChildProcess, origin: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if ((await call(origin, "GET", "/api/health").catch(() => null))?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the server did not answer /api/health within 60 s");
}

async function call(
  origin: string,
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

async function signInGuests(origin: string, count: number): Promise<{ authToken: string; jwt: string }[]> {
  const sessions: { authToken: string; jwt: string }[] = [];
  for (let index = 0; index < count; index++) sessions.push(await signInGuest(origin, 6941234567 + index));
  return sessions;
}

async function signInGuest(origin: string, phoneNumber: number): Promise<{ authToken: string; jwt: string }> {
  const phone = { phoneNumber, countryCode: 30 };
  const entrance = await call(origin, "POST", "/api/entrance", phone);
  if (entrance.status !== 200) throw new Error(`entrance: ${entrance.status} ${entrance.text}`);
  const outbox = await call(origin, "GET", `/api/dev/outbox?to=${encodeURIComponent(`+30${phoneNumber}`)}`);
  const code = /\b(\d{6})\b/.exec(outbox.text)?.[1];
  if (code === undefined) throw new Error(`no sign-in code in the outbox: ${outbox.text}`);
  const login = await call(origin, "POST", "/api/authenticate/v2/login", { ...phone, password: code });
  const session = JSON.parse(login.text) as { authToken: { token: string }; jwt: string };
  return { authToken: session.authToken.token, jwt: session.jwt };
}

/** The order, priced from the menu the server serves (one item, no options: its price is the total). */
async function orderBody(origin: string): Promise<string> {
  const menu = JSON.parse((await call(origin, "GET", `/api/services/${DEMO.serviceId}/menu`)).text) as {
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

/**
 * wrk sends each request with a new random UUID v4 as its Idempotency-Key (every request is a new
 * order), as one of the guests picked at random.
 */
function writeLuaScript(dir: string, sessions: { authToken: string; jwt: string }[], body: string): string {
  const path = join(dir, "place-order.lua");
  const guests = sessions.map((session) => `{${JSON.stringify(session.authToken)}, ${JSON.stringify(session.jwt)}}`);
  writeFileSync(
    path,
    `
wrk.method = "POST"
wrk.body = ${JSON.stringify(body)}
wrk.headers["content-type"] = "application/json"
local guests = {${guests.join(",\n")}}
math.randomseed(os.time() + tonumber(tostring({}):match("0x(%x+)") or "0", 16) % 100000)
local hex = "0123456789abcdef"
local function rnd(n)
  local t = {}
  for i = 1, n do local r = math.random(1, 16); t[i] = hex:sub(r, r) end
  return table.concat(t)
end
request = function()
  local guest = guests[math.random(1, #guests)]
  wrk.headers["authToken"] = guest[1]
  wrk.headers["jwt"] = guest[2]
  wrk.headers["idempotency-key"] = rnd(8) .. "-" .. rnd(4) .. "-4" .. rnd(3) .. "-a" .. rnd(3) .. "-" .. rnd(12)
  return wrk.format(nil, "/api/orders")
end
`,
  );
  return path;
}

function countSqliteOrders(file: string): { orders: number; jobsPending: number } {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    const orders = (db.prepare("select count(*) as n from orders").get() as { n: number }).n;
    const jobsPending = (db.prepare("select count(*) as n from jobs where state = 'PENDING'").get() as { n: number }).n;
    return { orders, jobsPending };
  } finally {
    db.close();
  }
}

function writeResult(measured: Run[], pgbench: PgbenchResult[]): void {
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
      databases: {
        sqlite: "a throwaway file, as src/server/db/database.ts of each server opens it",
        postgres: postgresUrl === null ? null : "a fresh database per server on the given server",
        postgresServer: process.env.WITH_POSTGRES_DURABLE === "1" ? "fsync on (WITH_POSTGRES_DURABLE=1)" : "as given",
      },
      seconds,
      warmUp: "2 s at 4 connections",
      wrkThreads: 1,
      logLevel: "info",
      eventLoopDelay: "perf_hooks.monitorEventLoopDelay, 1 ms resolution, in the server, reset before each run",
      order: "1 item, cash, umbrella 7201 of demo store 7, a new Idempotency-Key per request",
      guests: `${guestCount} signed-in guests, one picked at random per request`,
    },
    pgbench,
    runs: measured.map((run) => ({
      server: run.server,
      processes: run.processes,
      serverRoot: run.serverRoot,
      database: run.database,
      connections: run.connections,
      ordersPerSecond: Math.round(run.wrk.requestsPerSecond * 10) / 10,
      latencyP50Ms: run.wrk.latencyP50Ms,
      latencyP99Ms: run.wrk.latencyP99Ms,
      eventLoopDelayMaxMs: run.eventLoopDelayMaxMs,
      eventLoopDelayP99Ms: run.eventLoopDelayP99Ms,
      cpuMsPerOrder: run.cpuMsPerOrder,
      cpuSystemMsPerOrder: run.cpuSystemMsPerOrder,
      readCallsPerOrder: run.readCallsPerOrder,
      writeCallsPerOrder: run.writeCallsPerOrder,
      writeKbPerOrder: run.writeKbPerOrder,
      peakRssMb: run.peakRssMb,
      failures: run.wrk.failures,
      /** On the last run of a server: every 201 is one order (the check order + warm-up + runs). */
      ...(run.ordersInDatabase === null ? {} : { ordersInDatabase: run.ordersInDatabase }),
      ...(run.jobsPending === null ? {} : { jobsPendingAtStop: run.jobsPending }),
      ...(run.postgres === null ? {} : { postgresPerOrder: run.postgres }),
      ...(run.poolWaits === null ? {} : { poolWaits: run.poolWaits }),
      ...(run.dailyNumberLock === null ? {} : { dailyNumberLock: run.dailyNumberLock }),
    })),
  };
  mkdirSync("bench/results", { recursive: true });
  const label = flags.get("label");
  const file = `bench/results/${date.slice(0, 10)}-orders-placement${label ? `-${label}` : ""}.json`;
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
