/**
 * The network-conditions suite: the product on the beach Wi-Fi it exists for.
 * Chromium's network emulation (CDP Network.emulateNetworkConditions, tests/e2e/support/network.ts)
 * gives a slow, high-latency link with drops of 2-5 s; the server, database, STOMP endpoint, service
 * worker and IndexedDB are real. The one faked edge is the clock (server: DEV_CLOCK_API, app:
 * GET /api/utils/date), put at noon in Athens, inside the café's hours. A waiter's PDA is played by
 * API calls with a PIN session, except in the PDA scenario, where it is a real PDA page.
 *
 * Rotonda Café Bar tables 13413, 13414, 13415 and 13416 are this file's alone (no other spec orders
 * there); each scenario has its own table and a freshly signed-in guest, so "exactly once" is
 * counted in that guest's history on the server.
 * The lazily loaded screen whose chunk cannot load (item 1, third bullet) is in chunk-load.spec.ts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { APIRequestContext, BrowserContext, Page, WebSocketRoute } from "@playwright/test";
import { RUNTIME_CACHES } from "../../sw/cache-rules";
import { type E2eSession, guestOrderHistory, signInByApi, storeSessionInBrowser } from "./support/accounts";
import { atAthensTime } from "./support/athens-time";
import { dropLengths, EmulatedNetwork } from "./support/network";
import {
  acceptOrder,
  atServerAthensTime,
  pendingOrderIds,
  setServerClock,
  signInOnTerminal,
  signInWaiter,
} from "./support/orders";
import { expect, test, waitForTheAppIn } from "./support/test";

const CAFE = { storeId: 132, name: "Ροτόντα Café Bar", pin: "1324", pda: 13499 };
const TABLES = { slowLink: 13413, coldStart: 13414, pdaStream: 13415, logs: 13416 } as const;
const menuOf = (table: number) => `/cafe/${table}`;

const progress = (page: Page) => page.getByTestId("order-progress");
const offlineBanner = (page: Page) => page.getByText("Είστε εκτός σύνδεσης.");
const waitingForConnection = (page: Page) => page.getByTestId("order-progress-waiting-for-connection");

test.beforeEach(async ({ request }) => {
  await atServerAthensTime(request, "12:00");
});

test.afterAll(async ({ request }) => {
  // The other suites take the server's clock as it really is.
  await setServerClock(request, new Date().toISOString());
});

/** Opens the café's menu from the table's services, as a guest who scanned the table's code. */
async function browseToCafeMenu(page: Page, table: number): Promise<void> {
  await page.goto(`/menu/${table}`);
  await expect(page.getByRole("heading", { level: 1, name: CAFE.name })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("link", { name: /Καφέ/ }).first().click();
  await expect(page).toHaveURL(new RegExp(`${menuOf(table)}$`));
  await expect(page.getByRole("button", { name: "Freddo espresso", exact: true })).toBeVisible({ timeout: 30_000 });
}

/** A freddo espresso (its mandatory sugar has a default) into the cart, from the open menu. */
async function addFreddo(page: Page): Promise<void> {
  // Bounded: a click that cannot happen fails the test instead of waiting for its time-out.
  await page.getByRole("button", { name: "Freddo espresso", exact: true }).click({ timeout: 30_000 });
  const dialog = page.getByRole("dialog", { name: "Freddo espresso" });
  await dialog.getByRole("button", { name: /^Προσθήκη στ/ }).click({ timeout: 30_000 });
  await expect(dialog).toBeHidden();
}

async function openCart(page: Page, table: number): Promise<void> {
  await page.goto(`${menuOf(table)}/cart`);
  await expect(page.getByTestId("send-order")).toBeEnabled({ timeout: 30_000 });
}

async function signedInAt(page: Page, request: APIRequestContext, path: string): Promise<E2eSession> {
  const session = await signInByApi(request);
  await page.goto(path);
  await storeSessionInBrowser(page, session);
  return session;
}

async function untilWorkerControls(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      message: "the service worker controls the page",
      timeout: 30_000,
    })
    .toBe(true);
}

test("beach Wi-Fi: on a slow link (400 ms, 400/200 kbit/s) with 2-5 s drops while browsing, sending and waiting, the order arrives exactly once and the guest sees it accepted", async ({
  page,
  request,
}) => {
  test.setTimeout(420_000);
  const [whileBrowsing = 2_000, whileSending = 3_000, whileWaiting = 5_000] = dropLengths(3);
  await atAthensTime(page, "12:00");
  await signedInAt(page, request, "/");
  // A guest who has the app: the screens this visit opens during a drop are in the worker's
  // caches, so a drop never leaves a screen without its code (that case is chunk-load.spec.ts's).
  // A first visit fetches them after the worker takes control (sw/precache-split.ts).
  await untilWorkerControls(page);
  await untilCodeCached(page, [
    /\/ItemModal-[^/]+\.js$/,
    /\/Dialog-[^/]+\.js$/,
    /\/Dialog-[^/]+\.css$/,
    /\/CartBar-[^/]+\.js$/,
  ]);
  const network = await EmulatedNetwork.throttle(page);
  const placements: string[] = [];
  page.on("request", (sent) => {
    if (sent.method() === "POST" && new URL(sent.url()).pathname === "/api/orders") {
      placements.push(sent.headers()["idempotency-key"] ?? "");
    }
  });

  // The table's link on the slow link, then its café menu.
  await browseToCafeMenu(page, TABLES.slowLink);

  // Browsing: the connection drops while the guest opens an item and fills the cart.
  await network.drop(whileBrowsing, async () => {
    await expect(offlineBanner(page)).toBeVisible();
    await addFreddo(page);
  });
  await expect(offlineBanner(page)).toBeHidden();
  // To the cart inside the app, as a guest taps it (no reload of the app on the slow link).
  await page.getByRole("link", { name: "Το καλάθι μου" }).click();
  await expect(page.getByTestId("send-order")).toBeEnabled({ timeout: 30_000 });

  // The send: the connection drops with the order on its way.
  await page.getByTestId("send-order").click();
  await network.drop(whileSending, async () => {
    await expect(offlineBanner(page)).toBeVisible();
    // Either the request failed ("check your connection: it goes out when you are back") or it
    // had reached the store and the answer waits for the connection: both say so on the card.
    await expect(progress(page).and(page.locator('[data-stage="offline"]')).or(waitingForConnection(page))).toBeVisible(
      { timeout: 20_000 },
    );
  });
  await expect(progress(page)).toHaveAttribute("data-stage", "waiting", { timeout: 60_000 });
  const [order] = await guestOrderHistory(page, request);
  expect(order).toBeDefined();

  // The wait for the status: the connection drops, and the waiter accepts meanwhile.
  const waiter = await signInWaiter(request, CAFE.pin, CAFE.storeId);
  expect(await pendingOrderIds(request, waiter)).toContain(order?.id);
  await network.drop(whileWaiting, async () => {
    await expect(waitingForConnection(page)).toBeVisible();
    await acceptOrder(request, waiter, order?.id as number);
  });
  await expect(progress(page)).toHaveAttribute("data-stage", "accepted", { timeout: 60_000 });
  await expect(waitingForConnection(page)).toHaveCount(0);

  // Exactly once: one order on the server, accepted, however many times the phone tried, with one key.
  const orders = await guestOrderHistory(page, request);
  expect(orders.map((placed) => [placed.id, placed.status])).toEqual([[order?.id, "ACCEPTED"]]);
  expect(placements.length).toBeGreaterThanOrEqual(1);
  expect(new Set(placements).size).toBe(1);
  await network.restoreFullSpeed();
});

test("beach Wi-Fi: after one visit, a cold start fully offline (new page, then the browser restarted on the same profile) shows landing, services, menu with its photos, cart and info; a send waits and goes out by itself", async ({
  playwright,
  launchOptions,
  baseURL,
  request,
}) => {
  test.setTimeout(420_000);
  const profile = mkdtempSync(join(tmpdir(), "kyma-profile-"));
  // Each online visit waits for the app to have taken its page over, as the suite's own contexts
  // do: a server-rendered page is readable before its code has arrived, and going offline then
  // would leave that code (an info page's texts, say) unfetched.
  const launch = async () =>
    waitForTheAppIn(
      await playwright.chromium.launchPersistentContext(profile, {
        ...launchOptions,
        baseURL,
        viewport: { width: 412, height: 839 },
        isMobile: true,
        hasTouch: true,
        locale: "el-GR",
        timezoneId: "Europe/Athens",
      }),
    );
  let context: BrowserContext | null = await launch();
  try {
    // The one online visit: the table's services, the café menu with its photos, the cart, info.
    const page = context.pages()[0] ?? (await context.newPage());
    await atAthensTime(page, "12:00");
    const session = await signInByApi(request);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 2, name: "Δοκιμάστε την επίδειξη" })).toBeVisible();
    await storeSessionInBrowser(page, session);
    await untilWorkerControls(page);
    await browseToCafeMenu(page, TABLES.coldStart);
    await expectPhotoShown(page);
    await untilCached(page, /^\/api\/tables\/\d+\/menus\/[^/]+$/, RUNTIME_CACHES.guestApi.name);
    await addFreddo(page);
    await openCart(page, TABLES.coldStart);
    await page.goto("/info");
    await expect(page.getByRole("heading", { level: 1, name: "Πληροφορίες" })).toBeVisible();
    await page.goto("/info/cookies-policy");
    await expect(page.getByRole("heading", { level: 1, name: "Πολιτική cookies" })).toBeVisible();

    // A new page with no network at all.
    await context.setOffline(true);
    const fresh = await context.newPage();
    await atAthensTime(fresh, "12:00");
    await expectEverythingOffline(fresh);
    await context.close();

    // The browser restarted on the same profile, offline from the first request.
    context = await launch();
    await context.setOffline(true);
    const restarted = context.pages()[0] ?? (await context.newPage());
    await atAthensTime(restarted, "12:00");
    await expectEverythingOffline(restarted);

    // A send offline waits for the connection, then goes out by itself: once.
    await openCart(restarted, TABLES.coldStart);
    await restarted.getByTestId("send-order").click();
    await expect(progress(restarted)).toHaveAttribute("data-stage", "offline", { timeout: 20_000 });
    await expect(progress(restarted)).toContainText("Ελέγξτε τη σύνδεσή σας");
    await context.setOffline(false);
    await expect(progress(restarted)).toHaveAttribute("data-stage", "waiting", { timeout: 60_000 });
    expect(await guestOrderHistory(restarted, request)).toHaveLength(1);
  } finally {
    await context?.close().catch(() => undefined);
    rmSync(profile, { recursive: true, force: true });
  }
});

/** Landing, the table's services, the menu with the photo seen before, the cart and info, with no network. */
async function expectEverythingOffline(page: Page): Promise<void> {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(offlineBanner(page)).toBeVisible();
  await page.goto(`/menu/${TABLES.coldStart}`);
  await expect(page.getByRole("heading", { level: 1, name: CAFE.name })).toBeVisible();
  await page.getByRole("link", { name: /Καφέ/ }).first().click();
  await expect(page.getByRole("button", { name: "Freddo espresso", exact: true })).toBeVisible();
  await expectPhotoShown(page);
  await page.goto(`${menuOf(TABLES.coldStart)}/cart`);
  await expect(page.getByTestId("send-order")).toBeVisible();
  await expect(page.getByText("Freddo espresso").first()).toBeVisible();
  await page.goto("/info");
  await expect(page.getByRole("heading", { level: 1, name: "Πληροφορίες" })).toBeVisible();
  await page.goto("/info/cookies-policy");
  await expect(page.getByRole("heading", { level: 1, name: "Πολιτική cookies" })).toBeVisible();
}

/** The freddo's photo is on screen and decoded (not a broken image). */
async function expectPhotoShown(page: Page): Promise<void> {
  const photo = page.getByRole("article", { name: "Freddo espresso" }).locator("img");
  await photo.scrollIntoViewIfNeeded();
  await expect
    .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), {
      message: "the freddo photo is shown",
    })
    .toBe(true);
}

async function untilCached(page: Page, path: RegExp, cacheName: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        async ({ source, name }) => {
          const requests = await (await caches.open(name)).keys();
          return requests.some((cached) => new RegExp(source).test(new URL(cached.url).pathname));
        },
        { source: path.source, name: cacheName },
      ),
    )
    .toBe(true);
}

/** Until every one of these build files is in one of the worker's caches (install or later part). */
async function untilCodeCached(page: Page, files: RegExp[]): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          async (sources) => {
            const cached: string[] = [];
            for (const name of await caches.keys()) {
              for (const request of await (await caches.open(name)).keys()) cached.push(new URL(request.url).pathname);
            }
            return sources.filter((source) => !cached.some((path) => new RegExp(source).test(path)));
          },
          files.map((file) => file.source),
        ),
      { message: "the screens' code is in the worker's caches", timeout: 60_000 },
    )
    .toEqual([]);
}

/** How long the PDA is without its live stream: a minute, as a venue's Wi-Fi drops it. */
const STREAM_LOSS_MS = 60_000;

test("beach Wi-Fi: a waiter's PDA that loses the live stream for a minute polls, misses no order, and returns to the stream", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(360_000);
  await page.setViewportSize({ width: 360, height: 640 });
  // The PDA's STOMP connections pass through here, so the test can cut the stream and refuse it.
  let streamDown = false;
  let streamsOpened = 0;
  /** STOMP's CONNECTED frames the PDA received: its stream is really back, not just its socket. */
  let streamsConnected = 0;
  const openStreams = new Set<WebSocketRoute>();
  const cutStream = async (socket: WebSocketRoute) => {
    await socket.close({ code: 1011, reason: "stream lost (test)" });
  };
  await page.routeWebSocket(/\/api\/stomp/, (socket) => {
    if (streamDown) {
      void cutStream(socket);
      return;
    }
    const server = socket.connectToServer();
    // Handled here, so passed on by hand (Playwright stops forwarding a direction it is handed).
    server.onMessage((message) => {
      if (typeof message === "string" && message.startsWith("CONNECTED")) streamsConnected += 1;
      socket.send(message);
    });
    streamsOpened += 1;
    openStreams.add(socket);
    openStreams.add(server);
  });
  const listReads: number[] = [];
  page.on("request", (sent) => {
    if (sent.method() === "GET" && new URL(sent.url()).pathname === "/api/staff/orders") listReads.push(Date.now());
  });
  const readsBetween = (from: number, to: number) => listReads.filter((at) => at >= from && at < to).length;

  // The PDA: its spot makes the device the café's terminal; the waiter signs in with the PIN.
  await atAthensTime(page, "12:00");
  await signInOnTerminal(page, { pda: CAFE.pda, pin: CAFE.pin, venueName: CAFE.name });
  await page.goto("/order-change-status");
  await expect(page.getByRole("heading", { level: 1, name: "Ζωντανές παραγγελίες" })).toBeVisible();
  await expect.poll(() => streamsOpened, { message: "the live stream is open" }).toBeGreaterThanOrEqual(1);

  const guestContext = await browser.newContext({ viewport: { width: 360, height: 640 }, locale: "el-GR" });
  try {
    const guest = await guestContext.newPage();
    await atAthensTime(guest, "12:00");
    await signedInAt(guest, request, "/");

    // The stream is lost (and refused on every reconnect) for a minute.
    streamDown = true;
    for (const socket of openStreams) await cutStream(socket);
    openStreams.clear();
    const lostAt = Date.now();

    // An order placed while the stream is down still reaches the PDA, by polling.
    await browseToCafeMenu(guest, TABLES.pdaStream);
    await addFreddo(guest);
    await openCart(guest, TABLES.pdaStream);
    await guest.getByTestId("send-order").click();
    await expect(progress(guest)).toHaveAttribute("data-stage", "waiting");
    const [during] = await guestOrderHistory(guest, request);
    await expect(page.locator(`article[data-order-id="${during?.id}"]`)).toBeVisible({ timeout: 8_000 });

    const waitLeft = STREAM_LOSS_MS - (Date.now() - lostAt);
    if (waitLeft > 0) await page.waitForTimeout(waitLeft);
    const backAt = Date.now();
    // Polling all along: the list was read every few seconds (LIVE_ORDERS_POLL_MS = 3 s), not every 15.
    expect(readsBetween(lostAt, backAt)).toBeGreaterThanOrEqual(Math.floor(STREAM_LOSS_MS / 6_000));

    // The stream comes back; the PDA reconnects by itself and drops back to the slow backup read.
    const connectedBefore = streamsConnected;
    streamDown = false;
    await expect
      .poll(() => streamsConnected, { message: "the PDA reconnected to the stream", timeout: 20_000 })
      .toBeGreaterThan(connectedBefore);
    // Each of the PDA's streams reconnects with one catch-up read; once the last one is back the
    // 3 s polling stops (a gap longer than it), and then only the backup read (every 15 s) may come.
    await expect
      .poll(() => Date.now() - (listReads.at(-1) ?? 0), {
        message: "the PDA stops polling every 3 s",
        timeout: 20_000,
      })
      .toBeGreaterThan(4_000);
    const quietFrom = Date.now();
    await page.waitForTimeout(8_000);
    expect(readsBetween(quietFrom, Date.now()), "no 3 s polling once the stream is back").toBeLessThanOrEqual(1);

    // A change is pushed again: the accepted order leaves the PDA's list within 2.5 s, where the
    // backup read would take up to 15.
    const waiter = await signInWaiter(request, CAFE.pin, CAFE.storeId);
    await acceptOrder(request, waiter, during?.id as number);
    await expect(page.locator(`article[data-order-id="${during?.id}"]`)).toHaveCount(0, { timeout: 2_500 });
  } finally {
    await guestContext.close();
  }
});

test("beach Wi-Fi: log calls queued offline are delivered once the network is back, none twice (two tabs flushing)", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  await atAthensTime(page, "12:00");
  await signedInAt(page, request, "/");
  // Full speed; the drop below also ends the order's status stream, as a real one does.
  const network = await EmulatedNetwork.throttle(page, { latencyMs: 0, downKbps: 100_000, upKbps: 100_000 });
  const delivered: string[] = [];
  context.on("requestfinished", async (sent) => {
    const path = new URL(sent.url()).pathname;
    if (sent.method() !== "POST" || !path.startsWith("/api/log/")) return;
    const answer = await sent.response();
    if (answer?.ok()) delivered.push(`${path} ${sent.postData() ?? ""}`);
  });

  // Waiting for the answer to an order: the status stream logs its own life (spec §7).
  await browseToCafeMenu(page, TABLES.logs);
  await addFreddo(page);
  await openCart(page, TABLES.logs);
  await page.getByTestId("send-order").click();
  await expect(progress(page)).toHaveAttribute("data-stage", "waiting", { timeout: 15_000 });
  // A second tab of the app: it flushes the same queue when the network returns.
  const second = await context.newPage();
  await atAthensTime(second, "12:00");
  await second.goto(`/menu/${TABLES.logs}`);
  await expect(second.getByRole("heading", { level: 1, name: CAFE.name })).toBeVisible();

  const offlineFrom = new Date();
  await network.disconnect();
  // Offline: the lost stream and the switch to polling are logged, and kept in the queue.
  await expect.poll(() => queuedLogs(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  const queued = await queuedLogBodies(page);
  await page.waitForTimeout(2_000);
  await network.reconnect();

  await expect.poll(() => queuedLogs(page), { timeout: 30_000 }).toBe(0);
  await page.waitForTimeout(2_000);
  // Every call queued offline arrived, each exactly once (its body holds the instant it was made).
  for (const body of queued) {
    expect(
      delivered.filter((line) => line === `/api/log/${body.event} ${body.json}`),
      body.event,
    ).toHaveLength(1);
  }
  expect(queued.some((body) => new Date(JSON.parse(body.json).at) >= offlineFrom)).toBe(true);
  expect(new Set(delivered).size).toBe(delivered.length);
  await network.restoreFullSpeed();
});

function queuedLogs(page: Page): Promise<number> {
  return queuedLogBodies(page).then((rows) => rows.length);
}

/** The rows of appDb().pendingLogs (src/app/db/app-db.ts), as sent: the event and its JSON body. */
function queuedLogBodies(page: Page): Promise<{ event: string; json: string }[]> {
  return page.evaluate(
    () =>
      new Promise<{ event: string; json: string }[]>((resolve, reject) => {
        const open = indexedDB.open("kyma");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("pendingLogs")) {
            db.close();
            resolve([]);
            return;
          }
          const read = db.transaction("pendingLogs").objectStore("pendingLogs").getAll();
          read.onsuccess = () => {
            db.close();
            resolve(
              (read.result as { event: string; body: unknown }[]).map((row) => ({
                event: row.event,
                json: JSON.stringify(row.body),
              })),
            );
          };
          read.onerror = () => reject(read.error);
        };
      }),
  );
}
