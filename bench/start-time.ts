/**
 * `npm run bench:start`: how long the server takes to start and how much memory it holds, run by
 * tsx from the TypeScript sources (the form before the production build) and compiled
 * (`node build/server/main.js`), each with `npm start`'s V8 flags (`--max-semi-space-size=64`).
 *
 * - start: from spawning the process until GET /api/health answers 200 (polled every 5 ms), on a
 *   database that is already migrated and holds the demo venues (a restart, the usual case; the
 *   first start of each form, which migrates and imports, is a warm-up and not counted);
 * - RSS: /proc/<pid>/status VmRSS one second after the first 200, before any other request.
 *
 * The forms alternate run by run (BENCH_RUNS each, default 5) so that the machine's other work
 * falls on both; medians are stored in bench/results/<date>-start.json. The compiled server is
 * built into .tmp/bench-start (build/ is left alone). SQLite on a throwaway directory per form
 * (DATABASE_URL is ignored); loopback only. No assertion: a bench never fails the build.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { freePort, productionNodeFlags } from "./servers";

const ROOT = path.resolve(import.meta.dirname, "..");
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BUNDLE = path.join(ROOT, ".tmp", "bench-start", "server", "main.js");
// `npm start`'s V8 flags (package.json), as the other benches start their servers.
const NODE_FLAGS = productionNodeFlags(ROOT);

const FORMS = {
  tsx: [...NODE_FLAGS, "--import", "tsx", path.join(ROOT, "src", "server", "main.ts")],
  compiled: [...NODE_FLAGS, BUNDLE],
} as const;
type Form = keyof typeof FORMS;

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line?.match(/\d+/)?.[0] ?? 0) / 1024;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** One start: ms until the first 200 of /api/health, and RSS (MB) a second later. */
async function startOnce(form: Form, dataDir: string): Promise<{ startMs: number; rssMb: number }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DEMO_VENUES: "on",
    LOG_LEVEL: "warn",
  };
  delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  const startedAt = performance.now();
  const child = spawn(process.execPath, FORMS[form], { cwd: ROOT, env, stdio: "ignore" });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${form} server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      if (performance.now() - startedAt > 60_000) throw new Error(`${form} server did not answer within 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const startMs = performance.now() - startedAt;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return { startMs, rssMb: rssMb(child.pid as number) };
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

async function main(): Promise<void> {
  const built = spawnSync(process.execPath, ["scripts/build-server.mjs", `--outfile=${BUNDLE}`], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (built.status !== 0) process.exit(built.status ?? 1);

  const dataDirs = { tsx: mkdtempSync(path.join(tmpdir(), "bench-start-tsx-")), compiled: "" };
  dataDirs.compiled = mkdtempSync(path.join(tmpdir(), "bench-start-compiled-"));
  const runs: Record<Form, Array<{ startMs: number; rssMb: number }>> = { tsx: [], compiled: [] };
  try {
    for (const form of ["tsx", "compiled"] as const) {
      const first = await startOnce(form, dataDirs[form]);
      console.log(`${form.padEnd(9)} first start (migrate + demo import, not counted): ${first.startMs.toFixed(0)} ms`);
    }
    for (let run = 1; run <= RUNS; run++) {
      for (const form of run % 2 ? (["tsx", "compiled"] as const) : (["compiled", "tsx"] as const)) {
        const result = await startOnce(form, dataDirs[form]);
        runs[form].push(result);
        console.log(
          `run ${run} ${form.padEnd(9)} start ${result.startMs.toFixed(0).padStart(5)} ms   RSS ${result.rssMb.toFixed(1)} MB`,
        );
      }
    }
  } finally {
    rmSync(dataDirs.tsx, { recursive: true, force: true });
    rmSync(dataDirs.compiled, { recursive: true, force: true });
    rmSync(path.dirname(path.dirname(BUNDLE)), { recursive: true, force: true });
  }

  const summary = (form: Form) => ({
    command: `node ${FORMS[form].map((arg) => path.relative(ROOT, arg) || arg).join(" ")}`,
    startMs: runs[form].map((r) => Math.round(r.startMs)),
    rssMb: runs[form].map((r) => Math.round(r.rssMb * 10) / 10),
    medianStartMs: Math.round(median(runs[form].map((r) => r.startMs))),
    medianRssMb: Math.round(median(runs[form].map((r) => r.rssMb)) * 10) / 10,
  });
  const tsx = summary("tsx");
  const compiled = summary("compiled");
  const result = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
    runsPerForm: RUNS,
    measure:
      "restart on a migrated SQLite database with the demo venues: spawn -> first 200 of GET /api/health; VmRSS 1 s later",
    tsx,
    compiled,
    compiledOverTsx: {
      start: Math.round((compiled.medianStartMs / tsx.medianStartMs) * 100) / 100,
      rss: Math.round((compiled.medianRssMb / tsx.medianRssMb) * 100) / 100,
    },
  };
  console.log(
    `\nmedian start: tsx ${tsx.medianStartMs} ms, compiled ${compiled.medianStartMs} ms (x${result.compiledOverTsx.start})` +
      `\nmedian RSS:   tsx ${tsx.medianRssMb} MB, compiled ${compiled.medianRssMb} MB (x${result.compiledOverTsx.rss})`,
  );
  mkdirSync(path.join(ROOT, "bench", "results"), { recursive: true });
  const file = path.join(ROOT, "bench", "results", `${result.date.slice(0, 10)}-start.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`written: ${path.relative(ROOT, file)}`);
}

await main();
