/**
 * `npx tsx bench/lighthouse-ab.ts --before=DIR --after=DIR`: two builds of the app, measured
 * interleaved on the menu page (the cold-visit goals; `--path=/menu/7201
 * --selector=a.service-card` measures another page, here the services screen), because on 2
 * shared cores the load moves more between two 10-minute `--only=lighthouse` runs than a change does. Each round runs
 * Lighthouse mobile and a Chromium-throttled cold visit on both builds (which goes first alternates),
 * BENCH_RUNS (5) rounds; then the repeat visits through the service worker, before/after/before/after
 * (BENCH_RUNS each, pooled). Each build is served by its own real server (throwaway SQLite, demo
 * venues). Prints the medians with after/before ratios; writes
 * bench/results/<date>-lighthouse-ab[-label].json with every run and Lighthouse's main-thread
 * breakdown (long tasks, LCP element, layout shifts) of each. `--repeat-only --blocks=N` runs only
 * the repeat visits, in N before/after pairs of blocks, to settle a small difference there.
 * `--before-server=DIR`: the before build is served by that checkout's server (a change in what
 * the server sends, such as a header); default: both by this checkout's.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { chromium } from "@playwright/test";
import { pickDemoTable } from "./demo-venue";
import {
  CHROMIUM_ARGS,
  coldFirstItem,
  type LighthouseRun,
  type MainThreadBreakdown,
  measureRepeatVisit,
  median,
  runLighthouse,
} from "./lighthouse";
import { freePort, startRealServer } from "./servers";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) =>
  args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const builds = { before: option("before", ".tmp/paint-before"), after: option("after", ".tmp/paint-after") };
const label = option("label", "");
const runs = Number(process.env.BENCH_RUNS ?? 5);
const table = pickDemoTable(7);
// --path=/menu/7201 --selector=a.service-card measures another page the same way (default: the menu page).
const path = option("path", `/${table.serviceSlug}/${table.spotId}`);
const selector = option("selector", "article.menu-item");
type Side = keyof typeof builds;

interface SideRuns {
  lighthouse: LighthouseRun[];
  breakdowns: MainThreadBreakdown[];
  coldFirstItemMs: number[];
  repeatOnlineMs: number[];
  repeatOfflineMs: number[];
}

const load = { start: loadavg(), end: [0, 0, 0] };
const servers = {
  before: await startRealServer({
    logLevel: "warn",
    staticDir: resolve(builds.before),
    cwd: args.some((arg) => arg.startsWith("--before-server=")) ? resolve(option("before-server", "")) : undefined,
  }),
  after: await startRealServer({ logLevel: "warn", staticDir: resolve(builds.after) }),
};
const port = await freePort();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
});
const results: Record<Side, SideRuns> = {
  before: { lighthouse: [], breakdowns: [], coldFirstItemMs: [], repeatOnlineMs: [], repeatOfflineMs: [] },
  after: { lighthouse: [], breakdowns: [], coldFirstItemMs: [], repeatOnlineMs: [], repeatOfflineMs: [] },
};
try {
  // --repeat-only: just the repeat visits through the worker, in more alternating blocks (--blocks=N pairs).
  const repeatOnly = args.includes("--repeat-only");
  for (let round = 1; round <= (repeatOnly ? 0 : runs); round++) {
    const order: Side[] = round % 2 ? ["before", "after"] : ["after", "before"];
    for (const side of order) {
      const url = servers[side].origin + path;
      const { figures, breakdown } = await runLighthouse(port, url);
      results[side].lighthouse.push(figures);
      results[side].breakdowns.push(breakdown);
      results[side].coldFirstItemMs.push(await coldFirstItem(browser, { name: side, url, selector }));
      console.log(
        `round ${round}/${runs} ${side.padEnd(6)}: score ${figures.score}, LCP ${Math.round(figures.lcpMs)}, TBT ${Math.round(figures.tbtMs)}, ` +
          `main thread ${Math.round(figures.mainThreadMs)}, CLS ${figures.cls.toFixed(3)}, longest task ` +
          `${breakdown.longTasks[0]?.durationMs ?? 0} ms, first item ${Math.round(results[side].coldFirstItemMs.at(-1) ?? 0)} ms`,
      );
    }
  }
  const blocks = Number(option("blocks", "2"));
  for (const side of Array.from({ length: blocks }, () => ["before", "after"] as Side[]).flat()) {
    const visit = await measureRepeatVisit(browser, { name: side, url: servers[side].origin + path, selector }, runs);
    results[side].repeatOnlineMs.push(...visit.online.runs);
    results[side].repeatOfflineMs.push(...visit.offline.runs);
    console.log(
      `repeat visits ${side}: online ${visit.online.runs.map(Math.round)}, offline ${visit.offline.runs.map(Math.round)}`,
    );
  }
} finally {
  await browser.close();
  await servers.before.stop();
  await servers.after.stop();
}
load.end = loadavg();

const rows: [string, (side: SideRuns) => number[], string][] = [
  ["Lighthouse score", (side) => side.lighthouse.map((run) => run.score), ">= 90"],
  ["FCP (ms)", (side) => side.lighthouse.map((run) => run.fcpMs), ""],
  ["LCP (ms)", (side) => side.lighthouse.map((run) => run.lcpMs), "<= 2500"],
  ["TBT (ms)", (side) => side.lighthouse.map((run) => run.tbtMs), "<= 200"],
  ["CLS", (side) => side.lighthouse.map((run) => run.cls), "<= 0.01"],
  ["main-thread work (ms)", (side) => side.lighthouse.map((run) => run.mainThreadMs), "<= 2500"],
  ["longest task (ms)", (side) => side.breakdowns.map((run) => run.longTasks[0]?.durationMs ?? 0), ""],
  ["first item, cold (ms)", (side) => side.coldFirstItemMs, "<= 3500"],
  ["repeat visit, online (ms)", (side) => side.repeatOnlineMs, "<= 1000"],
  ["repeat visit, offline (ms)", (side) => side.repeatOfflineMs, "<= 1000"],
];
const format = (value: number) => (Math.abs(value) < 1 ? value.toFixed(3) : String(Math.round(value)));
console.log(`\n${"menu page (median)".padEnd(28)} ${"before".padStart(8)} ${"after".padStart(8)}  after/before  goal`);
const table_ = rows.map(([name, pick, goal]) => {
  const before = median(pick(results.before));
  const after = median(pick(results.after));
  console.log(
    `${name.padEnd(28)} ${format(before).padStart(8)} ${format(after).padStart(8)}  ${(after / before).toFixed(2).padStart(12)}x  ${goal}`,
  );
  return { name, before, after, goal };
});
console.log(
  `\nLoad average (1, 5, 15 min): ${load.start.map((value) => value.toFixed(1)).join(" ")} at start, ` +
    `${load.end.map((value) => value.toFixed(1)).join(" ")} at end`,
);
const date = new Date().toISOString().slice(0, 10);
const file = `bench/results/${date}-lighthouse-ab${label ? `-${label}` : ""}.json`;
mkdirSync("bench/results", { recursive: true });
writeFileSync(
  file,
  `${JSON.stringify({ date: new Date().toISOString(), builds, path, runs, load, medians: table_, results }, null, 2)}\n`,
);
console.log(`Written to ${file}`);
