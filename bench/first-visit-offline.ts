/**
 * How soon a guest's first visit is available offline: on Chromium's Slow 4G (562.5 ms RTT,
 * 1.47 Mbit/s down, 675 kbit/s up) and 4x CPU, a fresh profile opens a table's services and taps a
 * service's menu, as from a scanned code. Per run, from the navigation's start (the page's
 * performance.now()):
 * - firstItemMs: the first menu item visible on the menu page (the second page of the visit; the
 *   services screen is the first);
 * - controlMs: the service worker controls the page (controllerchange);
 * - offlineReadyMs: the worker controls the page AND every read of the visit the runtime rules keep
 *   (the table, its menu, their photos, the flag, the app's files: sw/visit-reads.ts) is in Cache
 *   Storage. null when that did not happen within the run's window (WINDOW_MS after the menu).
 * - installFilesMs: the whole build (precache and the files it leaves for later) is in the caches.
 * The network emulation is applied to the page and to the service worker's own fetches (a CDP
 * session on the worker's target), so the precache downloads on the same slow link.
 *
 * Usage: npm run bench:first-visit -- --app-dir=.tmp/dist-h1 --label=after [--runs=5]
 * Writes bench/results/<date>-first-visit-offline-<label>.json. About 1 minute per run.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { type Browser, type CDPSession, chromium, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, firstItemMarkScript, MENU_ITEM_SELECTOR, median, PHONE_CONTEXT } from "./lighthouse";
import { startRealServer } from "./servers";

const SLOW_4G = { latencyMs: 562.5, downloadKbps: 1474.56, uploadKbps: 675 };
const CPU_SLOWDOWN = 4;
/** How long after the menu shows a run waits for the worker (a guest who keeps the page open). */
const WINDOW_MS = 40_000;
const SPOT = 7201;
const SERVICES_URL = `/menu/${SPOT}`;

const args = process.argv.slice(2);
const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const appDir = resolve(option("app-dir") ?? "dist");
const label = option("label") ?? "run";
const runs = Number(option("runs") ?? 5);

const conditions = {
  offline: false,
  latency: SLOW_4G.latencyMs,
  downloadThroughput: (SLOW_4G.downloadKbps * 1024) / 8,
  uploadThroughput: (SLOW_4G.uploadKbps * 1024) / 8,
};

interface Run {
  firstItemMs: number;
  controlMs: number | null;
  offlineReadyMs: number | null;
  installFilesMs: number | null;
}

/** The same link for every service worker the browser starts (their fetches leave from their own target). */
async function throttleServiceWorkers(browser: Browser): Promise<CDPSession> {
  const session = await browser.newBrowserCDPSession();
  let nextId = 1;
  session.on("Target.attachedToTarget", (event: { sessionId: string; targetInfo: { type: string } }) => {
    if (event.targetInfo.type !== "service_worker") return;
    const send = (method: string, params: object) =>
      session.send("Target.sendMessageToTarget", {
        sessionId: event.sessionId,
        message: JSON.stringify({ id: nextId++, method, params }),
      });
    void send("Network.enable", {}).then(() => send("Network.emulateNetworkConditions", conditions));
  });
  session.on("Target.targetCreated", (event: { targetInfo: { type: string; targetId: string } }) => {
    if (event.targetInfo.type === "service_worker")
      void session.send("Target.attachToTarget", { targetId: event.targetInfo.targetId, flatten: false });
  });
  await session.send("Target.setDiscoverTargets", { discover: true });
  return session;
}

/** In the page: marks the first item and the worker's control. */
const MARKS = firstItemMarkScript(
  MENU_ITEM_SELECTOR,
  `navigator.serviceWorker?.addEventListener("controllerchange", () => { window.__controlMs = performance.now(); });`,
);

interface Marks {
  __firstItemMs?: number;
  __controlMs?: number;
}

/** What the page's globals offer that the bench reads (typed here: the bench has no DOM types). */
interface PageScope {
  navigator: { serviceWorker: { controller: unknown } };
  location: { origin: string };
  caches: { match(url: string, options?: { ignoreSearch?: boolean }): Promise<unknown> };
}

/** Whether the worker controls the page and the caches hold every kept read of the visit so far. */
async function offlineReady(page: Page): Promise<boolean> {
  return (await missingReads(page)).length === 0;
}

/** The visit's reads the caches lack (everything, while no worker controls the page). */
function missingReads(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const scope = globalThis as unknown as PageScope;
    if (scope.navigator.serviceWorker.controller === null) return ["(no worker in control)"];
    const kept =
      /^\/(api\/tables\/[^/]+(\/menus\/[^/]+)?|api\/services\/[^/]+\/menu|images\/.+|assets\/[^/]+\.(js|css))$/;
    const reads = performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === scope.location.origin && kept.test(url.pathname));
    const missing: string[] = [];
    for (const url of reads) if ((await scope.caches.match(url.href)) === undefined) missing.push(url.pathname);
    return reads.length > 0 ? missing : ["(no reads)"];
  });
}

/** Whether every file of the build's precache list is in some cache (precache or app-chunks). */
function buildCached(page: Page, files: string[]): Promise<boolean> {
  return page.evaluate(async (paths) => {
    const scope = globalThis as unknown as PageScope;
    for (const path of paths) if ((await scope.caches.match(path, { ignoreSearch: true })) === undefined) return false;
    return true;
  }, files);
}

async function measureRun(browser: Browser, origin: string, files: string[]): Promise<Run> {
  const context = await browser.newContext(PHONE_CONTEXT);
  try {
    await context.addInitScript({ content: MARKS });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", conditions);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.goto(origin + SERVICES_URL, { waitUntil: "commit" });
    await page.getByRole("link", { name: /Beach bar/ }).click({ timeout: 60_000 });
    await page.waitForSelector(MENU_ITEM_SELECTOR, { timeout: 60_000 });
    await page.waitForFunction(() => (globalThis as unknown as Marks).__firstItemMs !== undefined);
    const firstItemMs = Number(await page.evaluate(() => (globalThis as unknown as Marks).__firstItemMs));
    const now = () => page.evaluate(() => performance.now());
    let offlineReadyMs: number | null = null;
    let installFilesMs: number | null = null;
    const controlled = () => page.evaluate(() => (globalThis as unknown as Marks).__controlMs !== undefined);
    while ((await now()) < firstItemMs + WINDOW_MS && (offlineReadyMs === null || installFilesMs === null)) {
      if (offlineReadyMs === null && (await offlineReady(page))) offlineReadyMs = await now();
      if (installFilesMs === null && (await controlled()) && (await buildCached(page, files)))
        installFilesMs = await now();
      await page.waitForTimeout(100);
    }
    const controlMs = (await page.evaluate(() => (globalThis as unknown as Marks).__controlMs)) ?? null;
    if (offlineReadyMs === null) console.log("missing at the end of the window:", (await missingReads(page)).join(" "));
    return { firstItemMs, controlMs, offlineReadyMs, installFilesMs };
  } finally {
    await context.close();
  }
}

/** The build's precache list (sw.js), as paths from the site root. */
function precacheList(): string[] {
  const worker = readFileSync(resolve(appDir, "sw.js"), "utf8");
  const list = /\[\{[^\]]*"revision"[^\]]*\]/.exec(worker)?.[0];
  if (!list) throw new Error(`No precache list in ${appDir}/sw.js`);
  return (JSON.parse(list) as { url: string }[]).map((entry) => `/${entry.url}`);
}

async function main(): Promise<void> {
  const files = precacheList();
  const server = await startRealServer({ logLevel: "warn", staticDir: appDir });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  const results: Run[] = [];
  try {
    await throttleServiceWorkers(browser);
    for (let run = 0; run < runs; run++) {
      const result = await measureRun(browser, server.origin, files);
      results.push(result);
      console.log(`run ${run + 1}/${runs}`, JSON.stringify(result));
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const medianOf = (pick: (run: Run) => number | null) => {
    const values = results.map(pick);
    return values.every((value) => value !== null) ? Math.round(median(values as number[])) : null;
  };
  const summary = {
    firstItemMs: medianOf((run) => run.firstItemMs),
    controlMs: medianOf((run) => run.controlMs),
    offlineReadyMs: medianOf((run) => run.offlineReadyMs),
    offlineReadyAfterFirstItemMs: medianOf((run) =>
      run.offlineReadyMs === null ? null : run.offlineReadyMs - run.firstItemMs,
    ),
    installFilesMs: medianOf((run) => run.installFilesMs),
    offlineReadyRuns: results.filter((run) => run.offlineReadyMs !== null).length,
  };
  const date = new Date().toISOString().slice(0, 10);
  const path = `bench/results/${date}-first-visit-offline-${label}.json`;
  writeFileSync(
    path,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        appDir,
        settings: { runs, slow4g: SLOW_4G, cpuSlowdown: CPU_SLOWDOWN, windowMs: WINDOW_MS, url: SERVICES_URL },
        precacheFiles: files.length,
        median: summary,
        runs: results,
      },
      null,
      2,
    )}\n`,
  );
  console.log(JSON.stringify(summary), `-> ${path}`);
}

await main();
