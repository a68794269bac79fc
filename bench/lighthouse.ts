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
 *      service worker, online and offline. Offline is the page's emulation set offline (both
 *      Playwright's and the bench's own DevTools session's, which would otherwise override it) and
 *      the worker's; the visit is served through a counting relay (counting-proxy.ts), and the
 *      bench stops if any request reached the server during the offline visits, or if its probe
 *      (a fetch of /api/utils/date from the page) does not reach the server online.
 *  (c) Bytes: a cold menu visit's transfer, from the navigation until the worker controls the page
 *      and the link has been quiet for QUIET_MS: the page's own requests and the service worker's
 *      (its precache and what it fetches after), each as requests and bytes as encoded on the wire
 *      (Chromium's transfer size: compressed bodies and headers); the server's side of the same
 *      window (the relay's count) must match their sum, or the bench stops. Then the service
 *      worker's precache list (brotli as the server sends it) and the JavaScript before the first
 *      render (gzip -9) against the floor's.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { type Browser, type BrowserContext, chromium, type Request } from "@playwright/test";
import { measureMenuJs } from "./bundle-size";
import { type CountingProxy, countsBetween, startCountingProxy } from "./counting-proxy";
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

/** Requests answered over the wire and their bytes as encoded on it: with headers, and bodies alone. */
export interface Transfer {
  requests: number;
  bytes: number;
  bodyBytes: number;
}

/** A cold visit's transfer, by who asked, and the server's side of the same window. */
export interface FirstVisitTransfer {
  /** The page's own requests that went to the network. */
  page: Transfer;
  /** The page's requests the service worker answered (their network, if any, is the worker's). */
  pageAnsweredByWorker: number;
  /** The service worker's own fetches (its precache, and what it fetches after taking over). */
  worker: Transfer;
  /** Requests either asked for that the browser's memory or disk cache answered (no wire bytes). */
  fromBrowserCache: number;
  /** WebSockets the page opened (the live updates; their frames are not a download). */
  websockets: number;
  /** What the server answered over the window, counted on the wire by the relay (WebSockets apart). */
  server: { requests: number; bytes: number; requestLines: string[]; websockets: number };
  /** From the navigation until the worker controlled the page and the link had been quiet QUIET_MS. */
  windowMs: number;
}

export interface RepeatVisit {
  firstVisit: FirstVisitTransfer;
  online: { runs: number[]; median: number };
  offline: { runs: number[]; median: number };
  /** The offline visits' proof: requests the server got meanwhile (0), and what the page's probe got. */
  offlineCheck: { serverRequests: number; onlineProbe: string; offlineProbe: string };
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

/** DevTools' network conditions for Slow 4G, online or offline. */
function slow4g(offline: boolean) {
  return {
    offline,
    latency: SLOW_4G.latencyMs,
    downloadThroughput: (SLOW_4G.downloadKbps * 1024) / 8,
    uploadThroughput: (SLOW_4G.uploadKbps * 1024) / 8,
  };
}

async function throttle(context: BrowserContext, page: import("@playwright/test").Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", slow4g(false));
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

/** How long the link must be quiet, with the worker in control, for a first visit to count as over. */
const QUIET_MS = 5_000;

/** The probe of the server from the page: answered (with its status) or rejected. */
function probeServer(page: import("@playwright/test").Page): Promise<string> {
  return page.evaluate(async () => {
    try {
      // No HTTP cache: the answer must come from the server or from nothing (typed for node, not the DOM).
      const response = await fetch("/api/utils/date", { cache: "no-store" } as RequestInit);
      return `answered ${response.status}`;
    } catch (error) {
      return `rejected (${String(error)})`;
    }
  });
}

/**
 * The first visit of a fresh profile, its repeat visits through the worker online, then offline.
 * The whole visit goes through a counting relay in front of `target`'s server, whose count is the
 * server's side of each window.
 */
export async function measureRepeatVisit(browser: Browser, target: Page, runs: number): Promise<RepeatVisit> {
  const address = new URL(target.url);
  const proxy = await startCountingProxy(address.origin);
  const url = proxy.origin + address.pathname + address.search;
  const context = await throttledContext(browser, target.selector);
  try {
    const page = await context.newPage();
    const cdp = await throttle(context, page);
    const firstVisit = await measureFirstVisit(context, page, url, target.selector, proxy);
    // Under the worker now: one visit fills its runtime caches (the menu, the table, photos).
    await page.reload();
    await firstItemMs(page, target.selector);
    await page.waitForLoadState("networkidle", { timeout: 120_000 });
    // The worker asks the server first for a server-rendered page, from its own target, outside
    // the page's DevTools conditions: the relay puts that HTML on Slow 4G instead.
    proxy.throttleDocuments({
      latencyMs: SLOW_4G.latencyMs,
      downloadBytesPerSecond: (SLOW_4G.downloadKbps * 1024) / 8,
    });
    const online: number[] = [];
    for (let run = 0; run < runs; run++) {
      await page.goto(url, { waitUntil: "commit" });
      online.push(await firstItemMs(page, target.selector));
    }
    // The probe must reach the server online, or its failing offline would prove nothing.
    const beforeProbe = proxy.counts();
    const onlineProbe = await probeServer(page);
    const probed = countsBetween(beforeProbe, proxy.counts());
    if (onlineProbe !== "answered 200" || !probed.requestLines.includes("GET /api/utils/date"))
      throw new Error(`The online probe did not reach the server (${onlineProbe}; the server saw ${probed.requests})`);
    // Offline for Playwright (the page and the worker) and for the bench's own DevTools session,
    // whose online conditions would otherwise stay in force for the page.
    await context.setOffline(true);
    await cdp.send("Network.emulateNetworkConditions", slow4g(true));
    const beforeOffline = proxy.counts();
    const offline: number[] = [];
    for (let run = 0; run < runs; run++) {
      await page.goto(url, { waitUntil: "commit" });
      offline.push(await firstItemMs(page, target.selector));
    }
    const offlineProbe = await probeServer(page);
    const reached = countsBetween(beforeOffline, proxy.counts());
    if (
      reached.requests > 0 ||
      reached.bytesToServer > 0 ||
      reached.websockets > 0 ||
      offlineProbe.startsWith("answered")
    )
      throw new Error(
        `The offline visits were not offline: the server got ${reached.requests} requests ` +
          `(${reached.requestLines.join(", ")}) and ${reached.websockets} WebSockets, and the page's probe was ${offlineProbe}`,
      );
    return {
      firstVisit,
      online: { runs: online, median: median(online) },
      offline: { runs: offline, median: median(offline) },
      offlineCheck: { serverRequests: reached.requests, onlineProbe, offlineProbe },
    };
  } finally {
    await context.close();
    await proxy.stop();
  }
}

/**
 * A cold visit of `url` in a fresh context until the worker controls the page and the link has
 * been quiet for QUIET_MS: every request finished in the context, the page's and the service
 * worker's apart (Playwright reports the worker's fetches with `serviceWorker()`), each in
 * Chromium's transfer size; and the relay's count of the same window, which they must add up to.
 */
async function measureFirstVisit(
  context: BrowserContext,
  page: import("@playwright/test").Page,
  url: string,
  selector: string,
  proxy: CountingProxy,
): Promise<FirstVisitTransfer> {
  const transfer = {
    page: { requests: 0, bytes: 0, bodyBytes: 0 },
    pageAnsweredByWorker: 0,
    worker: { requests: 0, bytes: 0, bodyBytes: 0 },
    fromBrowserCache: 0,
    websockets: 0,
  };
  const onWebSocket = () => {
    transfer.websockets += 1;
  };
  const seenPaths: string[] = [];
  const pending: Promise<void>[] = [];
  const onFinished = (request: Request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        if (response === null) return;
        const side = request.serviceWorker() === null ? transfer.page : transfer.worker;
        if (side === transfer.page && response.fromServiceWorker()) {
          transfer.pageAnsweredByWorker += 1;
          return;
        }
        const sizes = await request.sizes();
        // Chromium's transfer size: 0 for an answer of its HTTP cache (the body then shows as minus the headers).
        if (sizes.responseHeadersSize + sizes.responseBodySize <= 0) {
          transfer.fromBrowserCache += 1;
          return;
        }
        // The worker's own script comes with its headers alone in Chromium's transfer size, though
        // its body crossed the wire too: its Content-Length is what the server sent.
        const contentLength = Number((await response.headerValue("content-length")) ?? 0);
        const body = sizes.responseBodySize === 0 ? contentLength : sizes.responseBodySize;
        side.requests += 1;
        side.bytes += sizes.responseHeadersSize + body;
        side.bodyBytes += body;
        const address = new URL(request.url());
        seenPaths.push(`${request.method()} ${address.pathname}${address.search}`);
      })(),
    );
  };
  context.on("requestfinished", onFinished);
  page.on("websocket", onWebSocket);
  const started = Date.now();
  const before = proxy.counts();
  await page.goto(url, { waitUntil: "commit" });
  await firstItemMs(page, selector);
  await page.waitForFunction(
    () => (globalThis as unknown as WorkerControlled).navigator.serviceWorker.controller !== null,
    undefined,
    { timeout: 120_000 },
  );
  await proxy.quiet(QUIET_MS, 180_000);
  const windowMs = Date.now() - started - QUIET_MS;
  context.off("requestfinished", onFinished);
  page.off("websocket", onWebSocket);
  await Promise.all(pending);
  const server = countsBetween(before, proxy.counts());
  const firstVisit: FirstVisitTransfer = {
    ...transfer,
    server: {
      requests: server.requests,
      bytes: server.bytesFromServer,
      requestLines: server.requestLines,
      websockets: server.websockets,
    },
    windowMs,
  };
  checkTransferAccounts(firstVisit, seenPaths);
  return firstVisit;
}

/**
 * Stops the bench when the browser's accounts of a first visit do not cover what the server
 * answered: a request the server saw that neither the page nor the worker reported, or bytes that
 * differ by more than 2% (the browser's transfer size and the wire should agree to the byte but
 * for what was still in flight at the edges).
 */
function checkTransferAccounts(visit: FirstVisitTransfer, seenPaths: string[]): void {
  const unseen = [...visit.server.requestLines];
  for (const path of seenPaths) {
    const index = unseen.indexOf(path);
    if (index >= 0) unseen.splice(index, 1);
  }
  const browserBytes = visit.page.bytes + visit.worker.bytes;
  const browserRequests = visit.page.requests + visit.worker.requests;
  if (unseen.length > 0 || browserRequests !== visit.server.requests || visit.websockets !== visit.server.websockets)
    throw new Error(
      `A first visit's requests: the server answered ${visit.server.requests} and ${visit.server.websockets} WebSockets, ` +
        `the browser reported ${visit.page.requests} (page) + ${visit.worker.requests} (worker) and ` +
        `${visit.websockets} WebSockets; not reported: ${unseen.join(", ") || "none"}`,
    );
  if (Math.abs(browserBytes - visit.server.bytes) > 0.02 * visit.server.bytes)
    throw new Error(
      `A first visit's bytes: the server sent ${visit.server.bytes}, the browser counted ${browserBytes} ` +
        `(${visit.page.bytes} page + ${visit.worker.bytes} worker)`,
    );
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
