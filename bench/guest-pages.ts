/**
 * `npm run bench:guest-pages`: what a server-rendered guest page costs the server (ARCHITECTURE.md,
 * "HTML first"), on the demo venues' largest menu, with the build `npm run build` made (dist/ and
 * build/ssr/; `--app-dir=DIR` for another build of the app).
 *  (a) Kept pages: answers per second of the menu page's HTML (for a device whose cookie names
 *      English) against the menu API's JSON of the same menu, both brotli as a browser asks,
 *      measured with wrk on the real server in interleaved rounds (BENCH_ROUNDS, 3 by default);
 *      the goal is the ratio, >= 0.8x. Beside it, the server's CPU time per answer, which other
 *      work on a shared machine moves less.
 *  (b) A page not kept yet: the whole path of a first visit (the API's answers, the render, the
 *      compression) in the server's process, each request at a new minute so that none is kept;
 *      BENCH_MISSES of them (200 by default), p50 / p99 / max. Goal p99 <= 50 ms.
 * Writes bench/results/<date>-guest-pages[-label].json (`--label=NAME`).
 */

import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { buildApp } from "../src/server/app";
import { openDatabase } from "../src/server/db/database";
import { migrateToLatest } from "../src/server/db/migrate";
import { DEMO_VENUES_DIR, PUBLIC_IMAGES_DIR } from "../src/server/paths";
import { SERVER_RENDER_MODULE } from "../src/server/ssr/guest-pages";
import { importDemoVenuesIfEmpty } from "../src/server/venue/demo-venues";
import { benchAppConfig } from "./bench-app";
import { startRealServer } from "./servers";
import { ensureWrk, runWrk, type WrkResult } from "./wrk";

const args = process.argv.slice(2);
const appDir = path.resolve(args.find((arg) => arg.startsWith("--app-dir="))?.slice(10) ?? "dist");
const label = args.find((arg) => arg.startsWith("--label="))?.slice("--label=".length);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const misses = Number(process.env.BENCH_MISSES ?? 200);
const WRK = { seconds: 10, connections: 16, threads: 1 };
const BROTLI = { "accept-encoding": "br" };

if (!existsSync(path.join(appDir, "index.html")) || !existsSync(SERVER_RENDER_MODULE)) {
  console.error(`Needs a build: ${appDir}/index.html and ${SERVER_RENDER_MODULE} (npm run build).`);
  process.exit(1);
}

/** The demo service with the most items, at a guest spot it serves. */
function largestDemoMenu(): { address: string; api: string; items: number } {
  interface Venue {
    spots: { id: number; type: string; isPda?: boolean }[];
    services: { slug: string; availableAt: string[]; categories: { items: unknown[] }[] }[];
  }
  let best: { address: string; api: string; items: number } | null = null;
  for (const name of readdirSync(DEMO_VENUES_DIR).filter((file) => file.endsWith(".json"))) {
    const venue = JSON.parse(readFileSync(path.join(DEMO_VENUES_DIR, name), "utf8")) as Venue;
    for (const service of venue.services) {
      const items = service.categories.reduce((sum, category) => sum + category.items.length, 0);
      const spot = venue.spots.find((candidate) => !candidate.isPda && service.availableAt.includes(candidate.type));
      if (spot && items > (best?.items ?? 0)) {
        best = {
          address: `/${service.slug}/${spot.id}`,
          api: `/api/tables/${spot.id}/menus/${service.slug}`,
          items,
        };
      }
    }
  }
  if (best === null) throw new Error("No demo service with a guest spot");
  return best;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const menu = largestDemoMenu();
console.log(`Largest demo menu: ${menu.address} (${menu.items} items)`);

// (a) Kept pages against the menu API, on the real server.
ensureWrk();
const server = await startRealServer({ logLevel: "warn", staticDir: appDir });
const kept: { page: WrkResult[]; api: WrkResult[] } = { page: [], api: [] };
try {
  const first = await fetch(`${server.origin}${menu.address}`, {
    headers: { accept: "text/html", cookie: "language=ENG" },
  });
  if (!(await first.text()).includes('id="server-render-data"')) throw new Error("The page is not server-rendered");
  const sides = {
    // As a device that chose a language sends it (domain/page-language.ts): the page read from its cookie.
    page: {
      url: `${server.origin}${menu.address}`,
      headers: { ...BROTLI, accept: "text/html", cookie: "language=ENG" },
    },
    api: { url: `${server.origin}${menu.api}`, headers: { ...BROTLI, accept: "application/json" } },
  };
  for (const side of Object.values(sides)) await runWrk({ ...WRK, seconds: 3, ...side });
  for (let round = 0; round < rounds; round++) {
    // Which side goes first alternates, so a drift in the machine's load falls on both.
    const order = round % 2 === 0 ? (["page", "api"] as const) : (["api", "page"] as const);
    for (const name of order) {
      const cpuBefore = server.cpuMicros?.();
      const result = await runWrk({ ...WRK, ...sides[name] });
      const cpuAfter = server.cpuMicros?.();
      if (result.failures > 0) throw new Error(`${name}: ${result.failures} failed answers`);
      if (cpuBefore !== undefined && cpuAfter !== undefined) {
        result.cpuMicrosPerRequest = round1((cpuAfter - cpuBefore) / result.requests);
      }
      kept[name].push(result);
      console.log(
        `round ${round + 1} ${name}: ${Math.round(result.requestsPerSecond)} answers/s, p99 ${result.latencyP99Ms} ms, ${result.cpuMicrosPerRequest ?? "?"} µs CPU each`,
      );
    }
  }
} finally {
  await server.stop();
}

// (b) Pages not kept yet, in this process: each request at a new minute.
const dataDir = mkdtempSync(path.join(tmpdir(), "venue-guest-pages-bench-"));
const { db } = openDatabase({ kind: "sqlite", file: path.join(dataDir, "venue.sqlite") });
let minute = Date.parse("2026-07-15T09:00:00Z");
const app = buildApp({
  db,
  config: benchAppConfig({ staticDir: appDir }),
  logger: false,
  now: () => new Date(minute),
});
const missMs: number[] = [];
try {
  await migrateToLatest(db, "sqlite");
  await importDemoVenuesIfEmpty(db, DEMO_VENUES_DIR, { imagesDir: PUBLIC_IMAGES_DIR });
  await app.ready();
  const request = () => app.inject({ method: "GET", url: menu.address, headers: { accept: "text/html", ...BROTLI } });
  // The first render loads the render module, the catalogs and Temporal: not a page's cost.
  await request();
  for (let index = 0; index < misses; index++) {
    minute += 60_000;
    const started = performance.now();
    const response = await request();
    missMs.push(performance.now() - started);
    if (response.statusCode !== 200 || !response.body.length) throw new Error(`answered ${response.statusCode}`);
  }
} finally {
  await app.close();
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}

const medianRps = (results: WrkResult[]) =>
  percentile(
    results.map((result) => result.requestsPerSecond),
    50,
  );
const medianCpu = (results: WrkResult[]) =>
  percentile(
    results.map((result) => result.cpuMicrosPerRequest ?? Number.NaN),
    50,
  );
const figures = {
  menu: menu.address,
  items: menu.items,
  kept: {
    pageAnswersPerSecond: Math.round(medianRps(kept.page)),
    apiAnswersPerSecond: Math.round(medianRps(kept.api)),
    ratio: Math.round((medianRps(kept.page) / medianRps(kept.api)) * 100) / 100,
    goalRatio: 0.8,
    pageCpuMicrosPerAnswer: round1(medianCpu(kept.page)),
    apiCpuMicrosPerAnswer: round1(medianCpu(kept.api)),
    /** Answers per second of the server's CPU, page against API. */
    cpuRatio: Math.round((medianCpu(kept.api) / medianCpu(kept.page)) * 100) / 100,
    rounds: { page: kept.page, api: kept.api },
  },
  notKept: {
    requests: missMs.length,
    p50Ms: round1(percentile(missMs, 50)),
    p99Ms: round1(percentile(missMs, 99)),
    maxMs: round1(Math.max(...missMs)),
    goalP99Ms: 50,
  },
  loadAverage: loadavg().map(round1),
};
console.log(
  `kept pages: ${figures.kept.pageAnswersPerSecond} answers/s against the menu API's ${figures.kept.apiAnswersPerSecond} (${figures.kept.ratio}x, goal >= 0.8x); CPU per answer ${figures.kept.pageCpuMicrosPerAnswer} µs against ${figures.kept.apiCpuMicrosPerAnswer} (${figures.kept.cpuRatio}x)`,
);
console.log(
  `pages not kept: p50 ${figures.notKept.p50Ms} ms, p99 ${figures.notKept.p99Ms} ms, max ${figures.notKept.maxMs} ms over ${misses} (goal p99 <= 50 ms)`,
);
mkdirSync("bench/results", { recursive: true });
const file = `bench/results/${new Date().toISOString().slice(0, 10)}-guest-pages${label ? `-${label}` : ""}.json`;
writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
console.log(`Written to ${file}`);
