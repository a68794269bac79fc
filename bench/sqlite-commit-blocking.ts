/**
 * How long one COMMIT holds the event loop on SQLite (the goal: the event loop
 * never blocked by a synced write), the way src/server/db opened the file before the change and after:
 * - FULL: journal_mode=WAL, synchronous=FULL, every COMMIT fsyncs the -wal file on the calling
 *   thread, and SQLite's automatic checkpoint (every 1000 pages) runs inside the COMMIT that
 *   crosses it, with its syncs;
 * - NORMAL + autocheckpoint: synchronous=NORMAL, the COMMIT only writes; the sync runs afterwards
 *   on the thread pool (durability-barrier.ts; timed apart, as it does not hold the event loop);
 *   the automatic checkpoint still runs inside a COMMIT;
 * - NORMAL + checkpoint thread (the server now): as above with wal_autocheckpoint=0 and
 *   src/server/db/wal-checkpointer.ts doing the checkpoints on a thread of their own.
 *
 * Run: `npx tsx bench/sqlite-commit-blocking.ts` (BENCH_COMMITS, default 6000 one-order-sized
 * transactions per run; BENCH_RUNS, default 3 rounds of the three modes, interleaved so the load of
 * the machine falls on all of them). Prints median / p99 / max per run and writes
 * bench/results/<date>-sqlite-commit-blocking.json; a measurement, never a failing test.
 */
import { fdatasync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { WalCheckpointer } from "../src/server/db/wal-checkpointer";

const commits = Number(process.env.BENCH_COMMITS ?? 6000);
const rounds = Number(process.env.BENCH_RUNS ?? 3);

interface Figures {
  medianMs: number;
  p99Ms: number;
  maxMs: number;
}
const results: { run: number; mode: Mode; commitOnEventLoop: Figures; syncOnThreadPool: Figures | null }[] = [];

function figures(values: number[]): Figures {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const round = (ms: number) => Math.round(ms * 1000) / 1000;
  return { medianMs: round(at(0.5)), p99Ms: round(at(0.99)), maxMs: round(sorted.at(-1) ?? 0) };
}

type Mode = "FULL" | "NORMAL + autocheckpoint" | "NORMAL + checkpoint thread";

async function measure(mode: Mode, run: number): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "venue-commit-blocking-"));
  const file = path.join(dir, "venue.sqlite");
  const db = new Database(file);
  try {
    db.pragma("journal_mode = WAL");
    db.pragma(`synchronous = ${mode === "FULL" ? "FULL" : "NORMAL"}`);
    const checkpointer = mode === "NORMAL + checkpoint thread" ? new WalCheckpointer(file) : null;
    if (checkpointer !== null) db.pragma("wal_autocheckpoint = 0");
    db.exec("create table t (id integer primary key, body text not null); create index t_body on t (body)");
    const walFd = openSync(`${file}-wal`, "r");
    const insert = db.prepare("insert into t (body) values (?)");
    const begin = db.prepare("begin");
    const commit = db.prepare("commit");
    // About an order's bytes: its row, lines, job, stored answer.
    const body = "x".repeat(1500);
    const blocked: number[] = [];
    const syncs: number[] = [];
    for (let i = 0; i < commits; i++) {
      begin.run();
      insert.run(`${body}${i}`);
      const start = performance.now();
      commit.run();
      blocked.push(performance.now() - start);
      checkpointer?.committed();
      if (mode !== "FULL") {
        const syncStart = performance.now();
        await new Promise<void>((resolve, reject) => fdatasync(walFd, (error) => (error ? reject(error) : resolve())));
        syncs.push(performance.now() - syncStart);
      }
    }
    const line = (name: string, values: number[]) => {
      const { medianMs, p99Ms, maxMs } = figures(values);
      return `${name}: median ${medianMs.toFixed(3)} ms, p99 ${p99Ms.toFixed(3)} ms, max ${maxMs.toFixed(1)} ms`;
    };
    results.push({
      run,
      mode,
      commitOnEventLoop: figures(blocked),
      syncOnThreadPool: syncs.length > 0 ? figures(syncs) : null,
    });
    console.log(line(`${mode.padEnd(27)} COMMIT on the event loop`, blocked));
    if (syncs.length > 0) console.log(line(`${"".padEnd(27)} its sync on the thread pool`, syncs));
    if (checkpointer !== null) console.log(`${"".padEnd(27)} checkpoints on their thread: ${checkpointer.checkpoints}`);
    await checkpointer?.close();
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

for (let run = 1; run <= rounds; run++) {
  console.log(`run ${run}`);
  await measure("FULL", run);
  await measure("NORMAL + autocheckpoint", run);
  await measure("NORMAL + checkpoint thread", run);
}
const date = new Date().toISOString();
mkdirSync("bench/results", { recursive: true });
const out = `bench/results/${date.slice(0, 10)}-sqlite-commit-blocking.json`;
writeFileSync(
  out,
  `${JSON.stringify(
    {
      date,
      machine: {
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model ?? "unknown",
        node: process.version,
        loadAverage: loadavg(),
      },
      settings: { commitsPerRun: commits, transaction: "one 1.5 kB row + an index entry", runs: rounds },
      results,
    },
    null,
    2,
  )}\n`,
);
console.log(`wrote ${out}`);
