/**
 * `npm run bench -- --only=lighthouse` (the first-load goals): the guest's first and
 * repeat visits on a cheap phone over slow 4G, each beside the floor (an empty React 19 + TanStack
 * Router page, floor-page.ts) measured in the same run, because on 2 shared cores only the ratios
 * hold from run to run.
 *  (a) Lighthouse 13 mobile (its default: Slow 4G simulated, 4x CPU, Moto G class screen), median
 *      of BENCH_RUNS runs: performance score, FCP, LCP, TBT, CLS, main-thread work, bytes, JS bytes
 *      and requests, for the services screen (/menu/7201), a menu page (/beach-bar/7201) and the floor.
 *  (b) Chromium's own throttling (DevTools Slow 4G: 562.5 ms RTT, 1.47 Mbit/s down, 675 kbit/s
 *      up; 4x CPU), through Playwright: time from navigation to the first menu item visible on a
 *      cold visit (fresh profile; the floor: to its heading), and on repeat visits through the
 *      service worker, online and offline.
 *  (c) Bytes: a cold menu visit's transfer (the page's own requests, until the network is idle),
 *      the service worker's background precache (its list, brotli as the server sends it), and the
 *      JavaScript before the first render (gzip -9) against the floor's.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { type Browser, type BrowserContext, chromium } from "@playwright/test";
import { measureMenuJs } from "./bundle-size";
import { buildFloorPage, FLOOR_SELECTOR } from "./floor-page";
import { freePort, type RunningServer } from "./servers";
import { startStaticServer } from "./static-server";

/** Lighthouse's mobile Slow 4G, as DevTools applies it (lighthouse/core/config/constants.js). */
const SLOW_4G = { latencyMs: 562.5, downloadKbps: 1474.56, uploadKbps: 675 };
const CPU_SLOWDOWN = 4;
export const MENU_ITEM_SELECTOR = "article.menu-item";

/** The phone the browser benches play: a mid-range Android in Greek, in Athens. */
export const PHONE_CONTEXT = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  locale: "el-GR",
  timezoneId: "Europe/Athens",
};

/**
 * A script for the page (a string: the benches are typed for node, without the DOM's types) that
 * stamps `window.__firstItemMs` when the first element matching `selector` has a height; `more`
 * runs beside it.
 */
export function firstItemMarkScript(selector: string, more = ""): string {
  return `(() => {
    const mark = () => {
      if (window.__firstItemMs !== undefined) return true;
      const element = document.querySelector(${JSON.stringify(selector)});
      if (!element || element.getBoundingClientRect().height === 0) return false;
      window.__firstItemMs = performance.now();
      return true;
    };
    const observer = new MutationObserver(() => { if (mark()) observer.disconnect(); });
    observer.observe(document, { childList: true, subtree: true });
    ${more}
  })();`;
}
export const CHROMIUM_ARGS = [
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-quic",
];

export interface Page {
  name: string;
  url: string;
  /** What counts as "the first item visible". */
  selector: string;
}

export interface LighthouseRun {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  mainThreadMs: number;
  totalBytes: number;
  scriptBytes: number;
  requests: number;
}

/**
 * Where a run's main-thread time went, from Lighthouse's own audits of its trace (simulated 4x
 * CPU): by category, by script, and the longest tasks (what TBT counts beyond 50 ms each).
 */
export interface MainThreadBreakdown {
  byCategoryMs: Record<string, number>;
  byScriptMs: { url: string; totalMs: number; scriptingMs: number }[];
  longTasks: { url: string; startMs: number; durationMs: number }[];
  /** The largest paint's element and the layout shifts' elements (CLS). */
  lcpElement: string | null;
  layoutShifts: { element: string; score: number }[];
}

export interface PageResult {
  page: Page;
  lighthouse: { runs: LighthouseRun[]; median: LighthouseRun; breakdowns: MainThreadBreakdown[] };
  /** Chromium throttling, fresh profile each run. */
  coldFirstItemMs: { runs: number[]; median: number };
}

export interface RepeatVisit {
  coldBytes: number;
  coldRequests: number;
  online: { runs: number[]; median: number };
  offline: { runs: number[]; median: number };
}

export interface LighthouseBench {
  pages: PageResult[];
  floor: PageResult;
  repeatVisit: RepeatVisit;
  bytes: {
    precache: { entries: number; brotliBytes: number; rawBytes: number };
    jsBeforeFirstRenderGzip: number;
    floorJsGzip: number;
    menuJsFiles: number;
  };
  settings: { runs: number; slow4g: typeof SLOW_4G; cpuSlowdown: number; lighthouse: string };
}

/**
 * Runs the whole measure against `appOrigin` (the real server serving `appDir`); builds and serves
 * the floor page itself. `log` reports progress.
 */
export async function runLighthouseBench(options: {
  appOrigin: string;
  appDir: string;
  workDir: string;
  runs: number;
  pages: Page[];
  log: (line: string) => void;
}): Promise<LighthouseBench> {
  const { appOrigin, appDir, workDir, runs, pages, log } = options;
  const floorDir = resolve(workDir, "bench-floor-dist");
  log("Building the floor page (React 19 + TanStack Router, nothing else) ...");
  await buildFloorPage(resolve(workDir), floorDir);
  const floorServer: RunningServer = await startStaticServer(floorDir);
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const floorPage: Page = {
      name: "floor (React 19 + TanStack Router)",
      url: `${floorServer.origin}/`,
      selector: FLOOR_SELECTOR,
    };
    const pageResults: PageResult[] = [];
    for (const page of pages)
      pageResults.push(await measurePage(browser, port, { ...page, url: appOrigin + page.url }, runs, log));
    const floor = await measurePage(browser, port, floorPage, runs, log);
    const menu = pages.find((page) => page.selector === MENU_ITEM_SELECTOR) ?? pages[0];
    if (!menu) throw new Error("No page to measure");
    log(`Repeat visits of ${menu.url} through the service worker ...`);
    const repeatVisit = await measureRepeatVisit(browser, { ...menu, url: appOrigin + menu.url }, runs);
    const menuJs = measureMenuJs(appDir);
    return {
      pages: pageResults,
      floor,
      repeatVisit,
      bytes: {
        precache: precacheBytes(appDir),
        jsBeforeFirstRenderGzip: menuJs.totalGzipBytes,
        floorJsGzip: entryJsGzip(floorDir),
        menuJsFiles: menuJs.files.length,
      },
      settings: { runs, slow4g: SLOW_4G, cpuSlowdown: CPU_SLOWDOWN, lighthouse: lighthouseVersion() },
    };
  } finally {
    await browser.close();
    await floorServer.stop();
  }
}

async function measurePage(
  browser: Browser,
  port: number,
  page: Page,
  runs: number,
  log: (line: string) => void,
): Promise<PageResult> {
  const lighthouseRuns: LighthouseRun[] = [];
  const breakdowns: MainThreadBreakdown[] = [];
  const cold: number[] = [];
  for (let run = 1; run <= runs; run++) {
    // Alternate the two tools, so that a slow stretch of the machine does not hit one only.
    const lighthouseRun = await runLighthouse(port, page.url);
    lighthouseRuns.push(lighthouseRun.figures);
    breakdowns.push(lighthouseRun.breakdown);
    cold.push(await coldFirstItem(browser, page));
    const last = lighthouseRuns.at(-1);
    const longest = lighthouseRun.breakdown.longTasks[0];
    log(
      `  ${page.name} run ${run}/${runs}: score ${last?.score}, LCP ${Math.round(last?.lcpMs ?? 0)} ms, ` +
        `TBT ${Math.round(last?.tbtMs ?? 0)} ms, longest task ${Math.round(longest?.durationMs ?? 0)} ms, ` +
        `first item (Chromium) ${Math.round(cold.at(-1) ?? 0)} ms`,
    );
  }
  return {
    page,
    lighthouse: { runs: lighthouseRuns, median: medianRun(lighthouseRuns), breakdowns },
    coldFirstItemMs: { runs: cold, median: median(cold) },
  };
}

interface LighthouseResult {
  lhr: {
    categories: { performance: { score: number | null } };
    audits: Record<string, { numericValue?: number; details?: { items?: AuditItem[] } }>;
    runtimeError?: { message: string };
  };
}

/** The fields of the audits' rows that the bench reads (each audit fills its own). */
interface AuditItem {
  resourceType?: string;
  transferSize?: number;
  requestCount?: number;
  group?: string;
  groupLabel?: string;
  duration?: number;
  url?: string;
  total?: number;
  scripting?: number;
  startTime?: number;
  score?: number;
  node?: { snippet?: string; selector?: string };
  type?: string;
  selector?: string;
  snippet?: string;
}

/** Lighthouse sometimes loses its trace (NO_NAVSTART): such a run is run again, twice at most. */
export async function runLighthouse(
  port: number,
  url: string,
  attemptsLeft = 2,
): Promise<{ figures: LighthouseRun; breakdown: MainThreadBreakdown }> {
  try {
    return await runLighthouseOnce(port, url);
  } catch (error) {
    if (attemptsLeft === 0 || !String(error).includes("NO_NAVSTART")) throw error;
    console.log("  Lighthouse lost its trace (NO_NAVSTART); running it again");
    return runLighthouse(port, url, attemptsLeft - 1);
  }
}

async function runLighthouseOnce(
  port: number,
  url: string,
): Promise<{ figures: LighthouseRun; breakdown: MainThreadBreakdown }> {
  const { default: lighthouse } = (await import("lighthouse")) as unknown as {
    default: (url: string, flags: Record<string, unknown>) => Promise<LighthouseResult | undefined>;
  };
  // Lighthouse's defaults: mobile form factor and screen, Slow 4G and 4x CPU simulated; storage
  // and cache cleared before the run (a cold first visit, no service worker).
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { audits, categories, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.message}`);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const summary = audits["resource-summary"]?.details?.items ?? [];
  const figures: LighthouseRun = {
    score: Math.round((categories.performance.score ?? 0) * 100),
    fcpMs: value("first-contentful-paint"),
    lcpMs: value("largest-contentful-paint"),
    tbtMs: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    mainThreadMs: value("mainthread-work-breakdown"),
    totalBytes: value("total-byte-weight"),
    scriptBytes: summary.find((item) => item.resourceType === "script")?.transferSize ?? 0,
    requests: summary.find((item) => item.resourceType === "total")?.requestCount ?? 0,
  };
  return { figures, breakdown: breakdownOf(audits) };
}

function breakdownOf(audits: LighthouseResult["lhr"]["audits"]): MainThreadBreakdown {
  const items = (id: string) => audits[id]?.details?.items ?? [];
  const path = (address = "") => address.replace(/^https?:\/\/[^/]+/, "");
  const element = (node: AuditItem["node"]) => node?.selector ?? node?.snippet ?? "?";
  // Lighthouse 13 names the largest paint's element in its LCP breakdown insight, as a node row.
  const lcpNode = items("lcp-breakdown-insight").find((item) => item.type === "node");
  return {
    byCategoryMs: Object.fromEntries(
      items("mainthread-work-breakdown").map((item) => [
        item.groupLabel ?? item.group ?? "?",
        Math.round(item.duration ?? 0),
      ]),
    ),
    byScriptMs: items("bootup-time").map((item) => ({
      url: path(item.url),
      totalMs: Math.round(item.total ?? 0),
      scriptingMs: Math.round(item.scripting ?? 0),
    })),
    longTasks: items("long-tasks")
      .map((item) => ({
        url: path(item.url),
        startMs: Math.round(item.startTime ?? 0),
        durationMs: Math.round(item.duration ?? 0),
      }))
      .sort((a, b) => b.durationMs - a.durationMs)
      .slice(0, 8),
    lcpElement: lcpNode ? element(lcpNode) : null,
    layoutShifts: items("layout-shifts").map((item) => ({ element: element(item.node), score: item.score ?? 0 })),
  };
}

/** A phone context with Chromium's Slow 4G and 4x CPU, marking when `selector` first shows. */
async function throttledContext(browser: Browser, selector: string): Promise<BrowserContext> {
  const context = await browser.newContext(PHONE_CONTEXT);
  // Runs in the page (a string: the bench is typed for node, without the DOM's types).
  await context.addInitScript({ content: firstItemMarkScript(selector) });
  return context;
}

async function throttle(context: BrowserContext, page: import("@playwright/test").Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: SLOW_4G.latencyMs,
    downloadThroughput: (SLOW_4G.downloadKbps * 1024) / 8,
    uploadThroughput: (SLOW_4G.uploadKbps * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  return cdp;
}

/** What the page's globals hold that the bench reads (typed here: the bench has no DOM types). */
interface FirstItemMark {
  __firstItemMs?: number;
}
interface WorkerControlled {
  navigator: { serviceWorker: { controller: unknown } };
}

async function firstItemMs(page: import("@playwright/test").Page, selector: string): Promise<number> {
  await page.waitForSelector(selector, { timeout: 60_000 });
  // Predicates as functions, never strings: Playwright polls a string with eval in the page, which
  // the app's CSP (script-src 'self') refuses whenever the first check is not already true.
  await page.waitForFunction(() => (globalThis as unknown as FirstItemMark).__firstItemMs !== undefined, undefined, {
    timeout: 10_000,
  });
  return Number(await page.evaluate(() => (globalThis as unknown as FirstItemMark).__firstItemMs));
}

export async function coldFirstItem(browser: Browser, target: Page): Promise<number> {
  const context = await throttledContext(browser, target.selector);
  try {
    const page = await context.newPage();
    await throttle(context, page);
    await page.goto(target.url, { waitUntil: "commit" });
    return await firstItemMs(page, target.selector);
  } finally {
    await context.close();
  }
}

export async function measureRepeatVisit(browser: Browser, target: Page, runs: number): Promise<RepeatVisit> {
  const context = await throttledContext(browser, target.selector);
  try {
    const page = await context.newPage();
    const cdp = await throttle(context, page);
    // The cold visit's transfer: the page's own requests (the worker's precache is counted apart).
    let coldBytes = 0;
    let coldRequests = 0;
    cdp.on("Network.loadingFinished", (event: { encodedDataLength: number }) => {
      coldBytes += event.encodedDataLength;
      coldRequests += 1;
    });
    await page.goto(target.url, { waitUntil: "commit" });
    await firstItemMs(page, target.selector);
    await page.waitForLoadState("networkidle", { timeout: 120_000 });
    const [bytes, requests] = [coldBytes, coldRequests];
    await page.waitForFunction(
      () => (globalThis as unknown as WorkerControlled).navigator.serviceWorker.controller !== null,
      undefined,
      {
        timeout: 120_000,
      },
    );
    // Under the worker now: one visit fills its runtime caches (the menu, the table, photos).
    await page.reload();
    await firstItemMs(page, target.selector);
    await page.waitForLoadState("networkidle", { timeout: 120_000 });
    const online: number[] = [];
    for (let run = 0; run < runs; run++) {
      await page.goto(target.url, { waitUntil: "commit" });
      online.push(await firstItemMs(page, target.selector));
    }
    await context.setOffline(true);
    const offline: number[] = [];
    for (let run = 0; run < runs; run++) {
      await page.goto(target.url, { waitUntil: "commit" });
      offline.push(await firstItemMs(page, target.selector));
    }
    return {
      coldBytes: bytes,
      coldRequests: requests,
      online: { runs: online, median: median(online) },
      offline: { runs: offline, median: median(offline) },
    };
  } finally {
    await context.close();
  }
}

/** The worker's precache list (sw.js) in the bytes the server sends: the .br file when there is one. */
export function precacheBytes(appDir: string): { entries: number; brotliBytes: number; rawBytes: number } {
  const worker = readFileSync(join(appDir, "sw.js"), "utf8");
  const urls = [...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1] ?? "");
  let brotliBytes = 0;
  let rawBytes = 0;
  for (const url of urls) {
    const file = join(appDir, url.replace(/^\//, ""));
    const raw = readFileSync(file).length;
    rawBytes += raw;
    brotliBytes += existsSync(`${file}.br`) ? readFileSync(`${file}.br`).length : raw;
  }
  return { entries: urls.length, brotliBytes, rawBytes };
}

/** gzip -9 of the floor's entry script and its modulepreloads. */
export function entryJsGzip(dir: string): number {
  const html = readFileSync(join(dir, "index.html"), "utf8");
  const files = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? "");
  return [...new Set(files)].reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(dir, file)), { level: 9 }).length,
    0,
  );
}

function lighthouseVersion(): string {
  try {
    return (JSON.parse(readFileSync("node_modules/lighthouse/package.json", "utf8")) as { version: string }).version;
  } catch {
    return "not installed";
  }
}

function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const keys = Object.keys(runs[0] ?? {}) as (keyof LighthouseRun)[];
  return Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key]))])) as unknown as LighthouseRun;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
