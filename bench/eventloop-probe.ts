/**
 * Loaded into the bench's server process with `--import` (bench/orders-placement.ts): the worst
 * event-loop delay of the server while wrk writes, from perf_hooks.monitorEventLoopDelay at 1 ms
 * resolution, and the process's CPU time. The bench asks over the IPC channel: "reset" before a
 * run, "report" after it.
 */
import { readFileSync } from "node:fs";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import pg from "pg";

const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();
let cpuAtReset = process.cpuUsage();
let ioAtReset = processIo();

/** The process's read and write syscalls and written bytes so far (/proc/self/io; zeros where there is none). */
function processIo(): { readCalls: number; writeCalls: number; writeBytes: number } {
  try {
    const text = readFileSync("/proc/self/io", "utf8");
    const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, "m").exec(text)?.[1] ?? 0);
    return { readCalls: field("syscr"), writeCalls: field("syscw"), writeBytes: field("wchar") };
  } catch {
    return { readCalls: 0, writeCalls: 0, writeBytes: 0 };
  }
}

/**
 * PostgreSQL pool waits: how long each `pool.connect()` (Kysely takes a connection per query or
 * transaction) waited for a free connection, per pool (by its size: the placements' pool and the
 * job worker's). Measured here, not in the server, so the server carries no bench code.
 */
const poolWaits = new Map<string, { acquires: number; waitedMs: number; maxMs: number }>();
const connect = pg.Pool.prototype.connect as (this: pg.Pool, ...args: unknown[]) => unknown;
pg.Pool.prototype.connect = function timedConnect(this: pg.Pool, ...args: unknown[]) {
  if (args.length > 0) return connect.apply(this, args);
  const started = performance.now();
  const label = `pool of ${this.options.max}`;
  return (connect.apply(this, args) as Promise<pg.PoolClient>).then((client) => {
    const waited = performance.now() - started;
    const stats = poolWaits.get(label) ?? { acquires: 0, waitedMs: 0, maxMs: 0 };
    stats.acquires++;
    stats.waitedMs += waited;
    stats.maxMs = Math.max(stats.maxMs, waited);
    poolWaits.set(label, stats);
    return client;
  });
} as typeof pg.Pool.prototype.connect;

/**
 * How long a placement holds its store's daily-number lock: from the counter's upsert answering
 * to its transaction's COMMIT (or ROLLBACK) answering, on the same connection, and how many
 * statements it sent meanwhile. Every placement of a store's day waits for that lock, so orders/s
 * of one store cannot exceed one over this time.
 */
const lockHolds: number[] = [];
let statementsInLock = 0;
const heldSince = new WeakMap<object, number>();
const clientQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
pg.Client.prototype.query = function timedQuery(this: pg.Client, ...args: unknown[]) {
  const [first] = args;
  const text = typeof first === "string" ? first : ((first as { text?: string } | null)?.text ?? "");
  const result = clientQuery.apply(this, args);
  if (!(result instanceof Promise)) return result;
  const since = heldSince.get(this);
  if (since !== undefined) statementsInLock++;
  return result.then((value: unknown) => {
    if (/^\s*insert into "order_daily_counters"/i.test(text)) heldSince.set(this, performance.now());
    else if (since !== undefined && /^\s*(commit|rollback)\b/i.test(text)) {
      lockHolds.push(performance.now() - since);
      heldSince.delete(this);
    }
    return value;
  });
} as typeof pg.Client.prototype.query;

function lockReport(): { holds: number; medianMs: number; meanMs: number; statementsPerHold: number } | null {
  if (lockHolds.length === 0) return null;
  const sorted = [...lockHolds].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length;
  return {
    holds: sorted.length,
    medianMs: Math.round((sorted[Math.floor(sorted.length / 2)] ?? 0) * 100) / 100,
    meanMs: Math.round(mean * 100) / 100,
    statementsPerHold: Math.round((statementsInLock / sorted.length) * 100) / 100,
  };
}

process.on("message", (message: unknown) => {
  if (message === "reset") {
    histogram.reset();
    cpuAtReset = process.cpuUsage();
    poolWaits.clear();
    lockHolds.length = 0;
    statementsInLock = 0;
    ioAtReset = processIo();
    process.send?.({ reset: true });
  } else if (message === "report") {
    const cpu = process.cpuUsage(cpuAtReset);
    const io = processIo();
    // CPU time of the server process (all its threads) since the reset: per order, a figure that
    // other load on the machine moves much less than orders per second.
    process.send?.({
      maxMs: histogram.max / 1e6,
      p99Ms: histogram.percentile(99) / 1e6,
      cpuMs: (cpu.user + cpu.system) / 1000,
      poolWaits: Object.fromEntries(poolWaits),
      dailyNumberLock: lockReport(),
      cpuSystemMs: cpu.system / 1000,
      // Every write(2)-like call and its bytes (the SQLite -wal file's frames, and the sockets').
      readCalls: io.readCalls - ioAtReset.readCalls,
      writeCalls: io.writeCalls - ioAtReset.writeCalls,
      writeBytes: io.writeBytes - ioAtReset.writeBytes,
      // The process's peak resident memory so far (KB on Linux): what a flag like the young
      // generation's size costs.
      maxRssKb: process.resourceUsage().maxRSS,
    });
  }
});
// The channel must not keep a stopping server alive.
process.channel?.unref();
