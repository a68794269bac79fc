/**
 * `npm run bench`: the first benchmark of the guest's menu.
 *  (a) GET /api/services/:id/menu throughput of the real server, as a ratio to a bare node:http
 *      server sending the same bytes, both measured in this run with wrk (target >= 0.8x, issue
 *      13), and the same menu as the menu page asks for it: GET /api/tables/:tableId/menus/:slug;
 *  (b) gzip size of the JavaScript the menu route loads first (budget 100 kB).
 * Prints a table and writes bench/results/<date>-menu.json. Loopback only; about 1.5 minutes.
 * `--only=lighthouse` instead runs Lighthouse and Chromium-throttled visits against the floor
 * (bench/lighthouse.ts) and writes bench/results/<date>-lighthouse.json; about 10 minutes.
 * `--only=bytes` measures the byte goals of a first visit (bench/bytes.ts) and writes
 * <date>-bytes[-NAME].json. `--only=repeat` measures the repeat visits through the worker alone
 * (online and offline, as `--only=lighthouse` does) and writes <date>-repeat-visit[-NAME].json;
 * about 2 minutes.
 * Options: --no-build (measure dist/, built with --manifest), --only=size, --only=throughput,
 * --app-dir=DIR and --label=NAME (with --only=lighthouse or bytes: serve and measure a build made
 * elsewhere, written to <date>-lighthouse-NAME.json or <date>-bytes-NAME.json); --server-dir=DIR
 * (with --only=throughput: the real server of another checkout; --label=NAME names its result file);
 * env BENCH_RUNS, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_LOG_LEVEL, BENCH_MENU_ROUTE.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { resolve } from "node:path";
import { chromium } from "@playwright/test";
import { buildForBench, type MenuJsSize, measureMenuJs } from "./bundle-size";
import { BYTE_GOALS, type BytesBench, type JsLoad, measureBytes } from "./bytes";
import { pickDemoTable } from "./demo-venue";
import {
  CHROMIUM_ARGS,
  type LighthouseBench,
  MENU_ITEM_SELECTOR,
  measureRepeatVisit,
  runLighthouseBench,
} from "./lighthouse";
import { get, type RunningServer, startBareServer, startRealServer } from "./servers";
import { ensureWrk, runWrk, type WrkResult } from "./wrk";

/** The goal: the real server at least 0.8x of a bare node:http one. */
const TARGET_RATIO = 0.8;
const BUDGET_GZIP_BYTES = 100 * 1000;
/** The demo beach hotel: the venue with the largest menu. */
const DEMO_STORE_ID = 7;
const args = process.argv.slice(2);
const only = args.find((arg) => arg.startsWith("--only="))?.slice("--only=".length);
/** A hard stop for the whole bench, whatever hangs (Lighthouse: 3 pages x BENCH_RUNS runs plus visits). */
const WATCHDOG_MS = (only === "lighthouse" ? 40 : 10) * 60 * 1000;

/**
 * The goals for the cold guest pages and the repeat visit (not timed tests: figures). The pages
 * come as server-rendered HTML: the cold first item is held to the floor's, and the JavaScript
 * before the first render is reported, no longer a goal (the first render no longer waits for it).
 */
const GOALS = {
  score: 98,
  lcpMs: 1500,
  tbtMs: 150,
  cls: 0.01,
  mainThreadMs: 2500,
  coldFirstItemOfFloor: 0.8,
  repeatFirstItemMs: 1000,
  precacheBrotli: 250_000,
};

const settings = {
  runs: positiveInt("BENCH_RUNS", 5),
  seconds: positiveInt("BENCH_SECONDS", 5),
  warmUpSeconds: 2,
  connections: positiveInt("BENCH_CONNECTIONS", 50),
  threads: 1,
  // Production's default level: the real server pays for its request logs, as it would live.
  serverLogLevel: process.env.BENCH_LOG_LEVEL ?? "info",
};
/** Other work on this small machine skews the figures: the load average is recorded with them. */
const loadAverageAtStart = loadavg();

interface Throughput {
  url: string;
  responseBytes: number;
  real: Side;
  bare: Side;
  ratio: number;
  target: number;
  /** The same menu by the guest link's table and slug, as the menu page asks for it. */
  bySlug: Side & { url: string; ratio: number };
}

interface Side {
  runs: WrkResult[];
  medianRequestsPerSecond: number;
  /** The server's CPU per request: steadier than requests/s when other processes share the cores. */
  medianCpuMicrosPerRequest: number;
}

const running: RunningServer[] = [];
const watchdog = setTimeout(() => {
  console.error(`The bench took longer than ${WATCHDOG_MS / 60_000} minutes: stopping.`);
  void stopAll().finally(() => process.exit(1));
}, WATCHDOG_MS);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void stopAll().finally(() => process.exit(130)));
}

try {
  if (only === "lighthouse") {
    reportLighthouse(await measureLighthouse());
  } else if (only === "bytes") {
    reportBytes(await measureBytesBench());
  } else if (only === "repeat") {
    await repeatVisitBench();
  } else {
    await menuBench();
  }
} finally {
  clearTimeout(watchdog);
  await stopAll();
}

/** The repeat visits of the menu page through the worker, online and offline, on their own. */
async function repeatVisitBench(): Promise<void> {
  const { table, real } = await serveBuildToMeasure();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  try {
    const url = `${real.origin}/${table.serviceSlug}/${table.spotId}`;
    const repeat = await measureRepeatVisit(
      browser,
      { name: "menu page", url, selector: MENU_ITEM_SELECTOR },
      settings.runs,
    );
    printTable([
      ["repeat visit via the worker (median)", "first item", "runs", "goal"],
      ["online", ms(repeat.online.median), repeat.online.runs.map(ms).join(", "), `<= ${ms(GOALS.repeatFirstItemMs)}`],
      [
        "offline",
        ms(repeat.offline.median),
        repeat.offline.runs.map(ms).join(", "),
        `<= ${ms(GOALS.repeatFirstItemMs)}`,
      ],
    ]);
    const label = args.find((arg) => arg.startsWith("--label="))?.slice("--label=".length);
    const resultPath = `bench/results/${new Date().toISOString().slice(0, 10)}-repeat-visit${label ? `-${label}` : ""}.json`;
    mkdirSync("bench/results", { recursive: true });
    const { online, offline, offlineCheck } = repeat;
    const record = {
      date: new Date().toISOString(),
      loadAverage: { atStart: loadAverageAtStart, atEnd: loadavg() },
      url,
      online,
      offline,
      offlineCheck,
    };
    writeFileSync(resultPath, `${JSON.stringify(record, null, 2)}\n`);
    console.log(`Written to ${resultPath}`);
  } finally {
    await browser.close();
  }
}

async function menuBench(): Promise<void> {
  const size = only === "throughput" ? null : measureSize();
  const throughput = only === "size" ? null : await measureThroughput();
  report(size, throughput);
}

async function measureLighthouse(): Promise<LighthouseBench> {
  // --app-dir=DIR measures a build made elsewhere (e.g. of an earlier commit, for a before/after).
  const { appDir: outDir, table, real } = await serveBuildToMeasure();
  return runLighthouseBench({
    appOrigin: real.origin,
    appDir: outDir,
    workDir: ".tmp",
    runs: settings.runs,
    pages: [
      { name: "services screen", url: `/menu/${table.spotId}`, selector: "a.service-card" },
      { name: "menu page", url: `/${table.serviceSlug}/${table.spotId}`, selector: "article.menu-item" },
    ],
    log: (line) => console.log(line),
  });
}

/** The build to measure, served by the real server on a throwaway SQLite file with the demo venues. */
async function serveBuildToMeasure() {
  const appDir = appDirToMeasure();
  const table = pickDemoTable(DEMO_STORE_ID);
  console.log("Starting the real server on a throwaway SQLite file ...");
  const real = await track(startRealServer({ logLevel: "warn", staticDir: resolve(appDir) }));
  return { appDir, table, real };
}

/** The build to measure: --app-dir=DIR (made elsewhere), dist/ with --no-build, else a fresh one. */
function appDirToMeasure(): string {
  const appDir = args.find((arg) => arg.startsWith("--app-dir="))?.slice("--app-dir=".length);
  const outDir = appDir ?? (args.includes("--no-build") ? "dist" : ".tmp/bench-dist");
  if (appDir === undefined && outDir !== "dist") {
    console.log(`Building the app into ${outDir} ...`);
    buildForBench(outDir);
  }
  return outDir;
}

async function measureBytesBench(): Promise<BytesBench> {
  const { appDir, table, real } = await serveBuildToMeasure();
  return measureBytes({
    appOrigin: real.origin,
    appDir,
    workDir: resolve(".tmp"),
    menuPath: `/${table.serviceSlug}/${table.spotId}`,
    servicesPath: `/menu/${table.spotId}`,
  });
}

function reportBytes(bench: BytesBench): void {
  const { jsBeforeFirstRender: first, coldVisit, signInDialog, precache } = bench;
  const goal = (ok: boolean) => verdict(ok);
  const files = (load: JsLoad) =>
    load.files.map((file) => [
      `  ${file.file}${file.designCardOnly ? " (design card)" : ""}`,
      kB(file.gzipBytes),
      "",
      "",
    ]);
  const designCard = (load: JsLoad) => `, ${kB(load.designCardOnlyGzipBytes)} of it design-card packages alone`;
  const overFloor = first.gzipBytes - first.floorGzipBytes;
  const dialogChunk = [...signInDialog.untilShown.files].sort((a, b) => b.gzipBytes - a.gzipBytes)[0];
  const rows: string[][] = [
    ["measure", "value", "goal", "verdict"],
    ...first.files.map((file) => [`  ${file.reason}: ${file.file}`, kB(file.gzipBytes), "", ""]),
    [
      "JS before first render (gzip -9)",
      `${kB(first.gzipBytes)} (floor ${kB(first.floorGzipBytes)} + ${kB(overFloor)})`,
      `<= floor + ${kB(BYTE_GOALS.jsOverFloorGzip)}`,
      goal(overFloor <= BYTE_GOALS.jsOverFloorGzip),
    ],
    [
      `cold visit of ${coldVisit.url} until idle, JS (gzip -9)`,
      `${kB(coldVisit.gzipBytes)} in ${coldVisit.files.length} files${designCard(coldVisit)}`,
      `<= ${kB(BYTE_GOALS.coldVisitJsGzip)}`,
      goal(coldVisit.gzipBytes <= BYTE_GOALS.coldVisitJsGzip),
    ],
    [
      "  of it requested before the first menu item showed",
      `${kB(coldVisit.untilFirstItem.gzipBytes)} in ${coldVisit.untilFirstItem.files.length} files`,
      "",
      "",
    ],
    ...files(signInDialog.untilShown),
    [
      "sign-in dialog, JS until it shows (gzip -9)",
      `${kB(signInDialog.untilShown.gzipBytes)} in ${signInDialog.untilShown.files.length} files${designCard(signInDialog.untilShown)}`,
      "",
      "",
    ],
    // The "sign-in dialog chunk": the one that holds the phone field, the largest it fetches.
    [
      `sign-in dialog chunk: ${dialogChunk?.file ?? "none"}`,
      kB(dialogChunk?.gzipBytes ?? 0),
      `<= ${kB(BYTE_GOALS.signInDialogJsGzip)}`,
      goal((dialogChunk?.gzipBytes ?? 0) <= BYTE_GOALS.signInDialogJsGzip),
    ],
    ...files(signInDialog.countryList),
    [
      "  then its country list (gzip -9)",
      `${kB(signInDialog.countryList.gzipBytes)} in ${signInDialog.countryList.files.length} files`,
      "",
      "",
    ],
    [
      "precache (brotli)",
      `${kB(precache.brotliBytes)} in ${precache.entries} files`,
      `<= ${kB(BYTE_GOALS.precacheBrotli)}`,
      goal(precache.brotliBytes <= BYTE_GOALS.precacheBrotli),
    ],
  ];
  printTable(rows);
  const date = new Date().toISOString().slice(0, 10);
  const label = args.find((arg) => arg.startsWith("--label="))?.slice("--label=".length);
  const resultPath = `bench/results/${date}-bytes${label ? `-${label}` : ""}.json`;
  mkdirSync("bench/results", { recursive: true });
  writeFileSync(
    resultPath,
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, goals: BYTE_GOALS, ...bench }, null, 2)}\n`,
  );
  console.log(`Written to ${resultPath}`);
}

function reportLighthouse(bench: LighthouseBench): void {
  const { floor } = bench;
  const f = floor.lighthouse.median;
  const ratio = (value: number, base: number) => (base > 0 ? ` (${fixed(value / base, 2)}x)` : "");
  const rows: string[][] = [["measure (median)", ...bench.pages.map((page) => page.page.name), "floor", "goal (menu)"]];
  const metric = (label: string, pick: (run: typeof f) => number, format: (value: number) => string, goal = "") => {
    rows.push([
      label,
      ...bench.pages.map(
        (page) => `${format(pick(page.lighthouse.median))}${ratio(pick(page.lighthouse.median), pick(f))}`,
      ),
      format(pick(f)),
      goal,
    ]);
  };
  metric(
    "Lighthouse score",
    (run) => run.score,
    (value) => fixed(value, 0),
    `>= ${GOALS.score}`,
  );
  metric("FCP", (run) => run.fcpMs, ms);
  metric("LCP", (run) => run.lcpMs, ms, `<= ${ms(GOALS.lcpMs)}`);
  metric("TBT", (run) => run.tbtMs, ms, `<= ${ms(GOALS.tbtMs)}`);
  metric(
    "CLS",
    (run) => run.cls,
    (value) => fixed(value, 3),
    `<= ${GOALS.cls}`,
  );
  metric("main-thread work", (run) => run.mainThreadMs, ms, `<= ${ms(GOALS.mainThreadMs)}`);
  metric("bytes (all)", (run) => run.totalBytes, kB);
  metric("bytes (JS)", (run) => run.scriptBytes, kB);
  metric(
    "requests",
    (run) => run.requests,
    (value) => fixed(value, 0),
  );
  rows.push([
    "first item visible, cold (Chromium Slow 4G, 4x)",
    ...bench.pages.map(
      (page) => `${ms(page.coldFirstItemMs.median)}${ratio(page.coldFirstItemMs.median, floor.coldFirstItemMs.median)}`,
    ),
    ms(floor.coldFirstItemMs.median),
    `<= ${GOALS.coldFirstItemOfFloor}x the floor`,
  ]);
  const { repeatVisit, bytes } = bench;
  rows.push([
    "repeat visit via the worker, online",
    "",
    ms(repeatVisit.online.median),
    "",
    `<= ${ms(GOALS.repeatFirstItemMs)}`,
  ]);
  rows.push([
    "repeat visit via the worker, offline",
    "",
    ms(repeatVisit.offline.median),
    "",
    `<= ${ms(GOALS.repeatFirstItemMs)}`,
  ]);
  const { firstVisit } = repeatVisit;
  rows.push([
    "first visit transfer, the page's requests",
    "",
    `${kB(firstVisit.page.bytes)} (bodies ${kB(firstVisit.page.bodyBytes)}) in ${firstVisit.page.requests} requests`,
    "",
    "",
  ]);
  rows.push([
    "first visit transfer, the worker's requests",
    "",
    `${kB(firstVisit.worker.bytes)} (bodies ${kB(firstVisit.worker.bodyBytes)}) in ${firstVisit.worker.requests} requests`,
    "",
    "",
  ]);
  rows.push([
    "first visit transfer, the server's count",
    "",
    `${kB(firstVisit.server.bytes)} in ${firstVisit.server.requests} requests (${ms(firstVisit.windowMs)})`,
    "",
    "",
  ]);
  rows.push([
    "background precache (brotli)",
    "",
    `${kB(bytes.precache.brotliBytes)} in ${bytes.precache.entries} files`,
    "",
    `<= ${kB(GOALS.precacheBrotli)}`,
  ]);
  rows.push([
    "JS before first render (gzip -9)",
    "",
    `${kB(bytes.jsBeforeFirstRenderGzip)} in ${bytes.menuJsFiles} files (floor + ${kB(bytes.jsBeforeFirstRenderGzip - bytes.floorJsGzip)})`,
    kB(bytes.floorJsGzip),
    "reported",
  ]);
  printTable(rows);
  const load = (averages: number[]) => averages.map((value) => value.toFixed(1)).join(" ");
  console.log(`\nLoad average (1, 5, 15 min): ${load(loadAverageAtStart)} at start, ${load(loadavg())} at end`);
  console.log(
    `on ${cpus().length} cores: absolute times are noisy; the ratios to the floor (same run) are what count.`,
  );
  const date = new Date().toISOString().slice(0, 10);
  // --label=NAME keeps a second run of the day apart (e.g. "before": a build of an earlier commit).
  const label = args.find((arg) => arg.startsWith("--label="))?.slice("--label=".length);
  const resultPath = `bench/results/${date}-lighthouse${label ? `-${label}` : ""}.json`;
  mkdirSync("bench/results", { recursive: true });
  const machine = {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? "unknown",
    node: process.version,
    loadAverage: { atStart: loadAverageAtStart, atEnd: loadavg() },
  };
  writeFileSync(
    resultPath,
    `${JSON.stringify({ date: new Date().toISOString(), machine, goals: GOALS, ...bench }, null, 2)}\n`,
  );
  console.log(`Written to ${resultPath}`);
}

function ms(value: number): string {
  return `${Math.round(value)} ms`;
}

function measureSize(): MenuJsSize {
  const outDir = args.includes("--no-build") ? "dist" : ".tmp/bench-dist";
  if (outDir !== "dist") {
    console.log(`Building the app into ${outDir} ...`);
    buildForBench(outDir);
  }
  return measureMenuJs(outDir);
}

async function measureThroughput(): Promise<Throughput> {
  ensureWrk();
  const table = pickDemoTable(DEMO_STORE_ID);
  console.log("Starting the real server on a throwaway SQLite file ...");
  // --server-dir=DIR: the server of another checkout (e.g. a worktree of an earlier commit), measured
  // by this bench, so that a before/after pair differs only in the server.
  const serverDir = args.find((arg) => arg.startsWith("--server-dir="))?.slice("--server-dir=".length);
  const real = await track(startRealServer({ logLevel: settings.serverLogLevel, cwd: serverDir }));
  const path = `/api/services/${table.serviceId}/menu`;
  // What the menu page asks for: the menu by the guest link's table and slug (the same bytes).
  const slugPath = `/api/tables/${table.spotId}/menus/${table.serviceSlug}`;
  const captured = await get(real.origin + path);
  if (captured.status !== 200) throw new Error(`GET ${path} answered ${captured.status}: ${captured.body}`);
  const bySlug = await get(real.origin + slugPath);
  if (bySlug.status !== 200 || !bySlug.body.equals(captured.body)) {
    throw new Error(`GET ${slugPath} answered ${bySlug.status}, not the body of ${path}`);
  }
  const bare = await track(startBareServer(captured));

  const sides = {
    real: { url: real.origin + path, server: real, runs: [] as WrkResult[] },
    slug: { url: real.origin + slugPath, server: real, runs: [] as WrkResult[] },
    bare: { url: bare.origin + path, server: bare, runs: [] as WrkResult[] },
  };
  const wrk = (url: string, seconds: number) =>
    runWrk({ url, seconds, connections: settings.connections, threads: settings.threads });
  console.log(`Warming up both servers (${settings.warmUpSeconds} s per URL) ...`);
  for (const side of Object.values(sides)) await wrk(side.url, settings.warmUpSeconds);

  const names = ["real", "slug", "bare"] as const;
  for (let run = 1; run <= settings.runs; run++) {
    // Rotate who goes first, so that a slow stretch of the machine hits every side alike.
    const order = names.map((_, index) => names[(index + run - 1) % names.length] ?? "real");
    for (const name of order) {
      const { server } = sides[name];
      const cpuBefore = server.cpuMicros?.();
      const result = await wrk(sides[name].url, settings.seconds);
      const cpuAfter = server.cpuMicros?.();
      if (result.failures > 0) throw new Error(`${name}: ${result.failures} failed requests in run ${run}`);
      if (cpuBefore !== undefined && cpuAfter !== undefined) {
        result.cpuMicrosPerRequest = (cpuAfter - cpuBefore) / result.requests;
      }
      sides[name].runs.push(result);
      const cpu =
        result.cpuMicrosPerRequest === undefined ? "" : `, ${fixed(result.cpuMicrosPerRequest, 1)} µs CPU each`;
      console.log(
        `  run ${run}/${settings.runs} ${name.padEnd(4)} ${Math.round(result.requestsPerSecond)} req/s${cpu}`,
      );
    }
  }
  const medianOf = (runs: WrkResult[]) => median(runs.map((run) => run.requestsPerSecond));
  const cpuOf = (runs: WrkResult[]) => median(runs.map((run) => run.cpuMicrosPerRequest ?? Number.NaN));
  const realMedian = medianOf(sides.real.runs);
  const slugMedian = medianOf(sides.slug.runs);
  const bareMedian = medianOf(sides.bare.runs);
  return {
    url: path,
    responseBytes: captured.body.length,
    real: {
      runs: sides.real.runs,
      medianRequestsPerSecond: realMedian,
      medianCpuMicrosPerRequest: cpuOf(sides.real.runs),
    },
    bare: {
      runs: sides.bare.runs,
      medianRequestsPerSecond: bareMedian,
      medianCpuMicrosPerRequest: cpuOf(sides.bare.runs),
    },
    ratio: realMedian / bareMedian,
    target: TARGET_RATIO,
    bySlug: {
      url: slugPath,
      runs: sides.slug.runs,
      medianRequestsPerSecond: slugMedian,
      medianCpuMicrosPerRequest: cpuOf(sides.slug.runs),
      ratio: slugMedian / bareMedian,
    },
  };
}

function report(size: MenuJsSize | null, throughput: Throughput | null): void {
  const rows: string[][] = [["measure", "value", "goal", "verdict"]];
  if (throughput) {
    const { real, bare, ratio, bySlug } = throughput;
    rows.push(["menu API, real server (median req/s)", fixed(real.medianRequestsPerSecond, 0), "", ""]);
    rows.push(["menu API by table + slug (median req/s)", fixed(bySlug.medianRequestsPerSecond, 0), "", ""]);
    rows.push(["menu API, bare node:http (median req/s)", fixed(bare.medianRequestsPerSecond, 0), "", ""]);
    rows.push(["menu API, real / bare", `${fixed(ratio, 2)}x`, `>= ${TARGET_RATIO}x`, verdict(ratio >= TARGET_RATIO)]);
    rows.push([
      "menu API by table + slug, real / bare",
      `${fixed(bySlug.ratio, 2)}x`,
      `>= ${TARGET_RATIO}x`,
      verdict(bySlug.ratio >= TARGET_RATIO),
    ]);
    const cpu = (side: Side) => `${fixed(side.medianCpuMicrosPerRequest, 1)} µs`;
    rows.push([
      "server CPU per request (median): real / slug / bare",
      `${cpu(real)} / ${cpu(bySlug)} / ${cpu(bare)}`,
      "",
      "",
    ]);
    rows.push([
      "  CPU ratio bare / real, bare / slug (the goal's ratio without contention)",
      `${fixed(bare.medianCpuMicrosPerRequest / real.medianCpuMicrosPerRequest, 2)}x, ${fixed(bare.medianCpuMicrosPerRequest / bySlug.medianCpuMicrosPerRequest, 2)}x`,
      "",
      "",
    ]);
  }
  if (size) {
    for (const file of size.files) {
      rows.push([`  ${file.reason}: ${file.file}`, kB(file.gzipBytes), "", ""]);
    }
    const withinBudget = size.totalGzipBytes <= BUDGET_GZIP_BYTES;
    rows.push([
      "menu route JS, gzip -9",
      kB(size.totalGzipBytes),
      `<= ${kB(BUDGET_GZIP_BYTES)}`,
      verdict(withinBudget),
    ]);
  }
  printTable(rows);
  const load = (averages: number[]) => averages.map((value) => value.toFixed(1)).join(" ");
  console.log(`\nLoad average (1, 5, 15 min): ${load(loadAverageAtStart)} at start, ${load(loadavg())} at end`);
  console.log(`on ${cpus().length} cores: above that, other processes were competing and the figures are noisy.`);

  const date = new Date().toISOString().slice(0, 10);
  // --label=NAME keeps a second run of the day apart (e.g. "before": --server-dir of an earlier commit).
  const label = args.find((arg) => arg.startsWith("--label="))?.slice("--label=".length);
  const resultPath = `bench/results/${date}-menu${label ? `-${label}` : ""}.json`;
  mkdirSync("bench/results", { recursive: true });
  const machine = {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? "unknown",
    node: process.version,
    loadAverage: { atStart: loadAverageAtStart, atEnd: loadavg() },
    wrk: wrkVersion(),
  };
  const record = {
    date: new Date().toISOString(),
    machine,
    settings,
    throughput,
    menuJs: size && { ...size, budgetGzipBytes: BUDGET_GZIP_BYTES },
  };
  writeFileSync(resultPath, `${JSON.stringify(record, null, 2)}\n`);
  console.log(`Written to ${resultPath}`);
}

function printTable(rows: string[][]): void {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  for (const [index, row] of rows.entries()) {
    console.log(
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join("  ")
        .trimEnd(),
    );
    if (index === 0) console.log(widths.map((width) => "-".repeat(width)).join("  "));
  }
}

async function track(server: Promise<RunningServer>): Promise<RunningServer> {
  const started = await server;
  running.push(started);
  return started;
}

async function stopAll(): Promise<void> {
  await Promise.all(running.splice(0).map((server) => server.stop()));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function positiveInt(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

function wrkVersion(): string {
  try {
    return execFileSync("wrk", ["--version"], { encoding: "utf8" }).split("\n")[0] ?? "unknown";
  } catch (error) {
    // wrk prints its version and exits with 1.
    const stdout = (error as { stdout?: string }).stdout;
    return stdout?.split("\n")[0] ?? "not installed";
  }
}

function fixed(value: number, digits: number): string {
  return value.toFixed(digits);
}

function kB(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

function verdict(ok: boolean): string {
  return ok ? "ok" : "MISSED";
}
