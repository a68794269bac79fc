/**
 * Going live, on this machine: Debian's nginx with deploy/nginx/kyma.conf terminates TLS (a
 * certificate for kyma.test from a CA the test makes) in front of two app processes on one
 * PostgreSQL database, and Debian's Chromium, trusting that certificate, opens the PWA at
 * https://kyma.test:8443. A guest orders from hotel room 7305 (room service takes orders at any
 * hour; no e2e spec uses the room) and the waiter accepts on the hotel's PDA (7499, PIN 2580).
 * Which process answered what is read from nginx's access log (upstream=), as an operator would.
 *
 * A Playwright project (not a tsx script): it reuses the e2e helpers and their auto-waiting
 * assertions as they are, the browser set-up of the e2e suite, and gives a report per step;
 * its afterAll stops every process it started even when a step fails.
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import path from "node:path";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  chromium,
  devices,
  type Page,
  request,
} from "@playwright/test";
import { guestOrderHistory, signInByApi, storeSessionInBrowser } from "../e2e/support/accounts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/support/chromium";
import { signInOnTerminal } from "../e2e/support/orders";
import { expect, test } from "../e2e/support/test";
import { type AppProcess, HOST_NAME, HTTP_PORT, HTTPS_PORT, makeCertificates, PUBLIC_URL, Stack } from "./stack";

const ROOM = { menu: "/room-service/7305", spot: 7305 };
const HOTEL = { pda: 7499, pin: "2580", venueName: "Αμμουδιά Beach Hotel" };
/** Live, not the staff list's 3 s poll or its 15 s backup read (with room for a busy 2-core host). */
const LIVE_MS = 5_000;
/** A page whose live connection was on a stopped process: it reconnects, or reads, by itself. */
const RECONNECT_MS = 20_000;

test.describe.configure({ mode: "serial" });

let stack: Stack;
let certificates: ReturnType<typeof makeCertificates>;
/** The only CA the test's own https client trusts. */
let trustedCa: Buffer;
let browser: Browser;
/** Node-side calls of the e2e helpers (a guest's sign-in code from the outbox): not the browser. */
let api: APIRequestContext;
let guest: Page;
let pda: Page;
const placed: number[] = [];

test.beforeAll(async () => {
  test.setTimeout(150_000);
  const databaseUrl = process.env.TEST_POSTGRES_URL;
  if (!databaseUrl) throw new Error("Run under scripts/with-postgres.sh: it gives TEST_POSTGRES_URL");
  const dir = path.resolve(".tmp/deploy");
  rmSync(dir, { recursive: true, force: true });
  certificates = makeCertificates(path.join(dir, "tls"));
  trustedCa = readFileSync(certificates.caFile);
  stack = new Stack({ dir, databaseUrl, certificates });
  const [first, second] = [await stack.addApp("app-1"), await stack.addApp("app-2")];
  // One at a time: the first migrates the empty database and loads the demo venues.
  await stack.startApp(first);
  await stack.startApp(second);
  await stack.startNginx();
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      // kyma.test is this machine, and its certificate is trusted as if the CA were installed:
      // no certificate error, so the page is a secure context and the service worker registers.
      `--host-resolver-rules=MAP ${HOST_NAME} 127.0.0.1`,
      `--ignore-certificate-errors-spki-list=${certificates.spkiHash}`,
    ],
  });
  api = await request.newContext({ baseURL: `https://127.0.0.1:${HTTPS_PORT}`, ignoreHTTPSErrors: true });
});

test.afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await api?.dispose().catch(() => undefined);
  await stack?.stop();
});

async function newContext(viewport?: { width: number; height: number }): Promise<BrowserContext> {
  return browser.newContext({
    ...devices["Pixel 7"],
    ...(viewport ? { viewport } : {}),
    baseURL: PUBLIC_URL,
    locale: "el-GR",
    timezoneId: "Europe/Athens",
  });
}

/** A cappuccino sent from the room's cart; resolves with the new order's id once it is waiting. */
async function guestOrdersCappuccino(page: Page): Promise<number> {
  await page.goto(ROOM.menu);
  await page.getByRole("button", { name: "Cappuccino", exact: true }).click();
  await page.getByRole("button", { name: /^Προσθήκη στο καλάθι/ }).click();
  await page.getByRole("link", { name: /Δείτε το καλάθι/ }).click();
  const answer = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/api/orders",
  );
  await page.getByTestId("send-order").click();
  const placedAnswer = await answer;
  expect(placedAnswer.status()).toBeLessThan(300);
  await expect(page.getByTestId("order-progress")).toHaveAttribute("data-stage", "waiting", { timeout: 15_000 });
  const { id } = (await placedAnswer.json()) as { id: number };
  expect(typeof id).toBe("number");
  placed.push(id);
  return id;
}

/**
 * The order shows on the PDA's live list without a reload; the waiter accepts it there. After a
 * process went away the PDA's stream reconnects by itself: `timeout` leaves it that time.
 */
async function waiterAccepts(page: Page, orderId: number, timeout = LIVE_MS): Promise<void> {
  const card = page.locator(`article[data-order-id="${orderId}"]`);
  await expect(card).toBeVisible({ timeout });
  await card.getByRole("button", { name: /^Αποδοχή παραγγελίας #/ }).click();
  await expect(card).toBeHidden();
}

/** The app process that answered the last request of this method and path (nginx's access log). */
function servedBy(method: string, pathname: string): AppProcess {
  const line = stack
    .accessLines()
    .filter((entry) => entry.includes(`"${method} ${pathname} `))
    .at(-1);
  if (line === undefined) throw new Error(`no ${method} ${pathname} in nginx's access log`);
  const app = lastUpstream(line);
  if (app === undefined) throw new Error(`no app process answered: ${line}`);
  return app;
}

/** After a failover nginx lists every process it tried: the last one answered. */
function lastUpstream(line: string): AppProcess | undefined {
  const upstream = /upstream=(\S+(?:, \S+)*) upstream_status/.exec(line)?.[1]?.split(", ").at(-1) ?? "";
  return stack.appAt(upstream);
}

test("over https through nginx the service worker installs, a guest's order placed through one app process is accepted on the waiter's PDA through the other, and the status reaches the guest live", async () => {
  const guestContext = await newContext();
  guest = await guestContext.newPage();
  await guest.goto(`/menu/${ROOM.spot}`);
  expect(new URL(guest.url()).protocol).toBe("https:");
  expect(await guest.evaluate(() => window.isSecureContext)).toBe(true);
  await guest.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => guest.evaluate(async () => (await navigator.serviceWorker.ready).active?.state))
    .toBe("activated");
  await storeSessionInBrowser(guest, await signInByApi(api));
  await guest.reload();

  // A separate device: its own browser context, the hotel's PDA viewport.
  pda = await (await newContext({ width: 360, height: 640 })).newPage();
  await signInOnTerminal(pda, HOTEL);
  await pda.goto("/order-change-status");
  await expect(pda.getByRole("heading", { level: 1, name: "Ζωντανές παραγγελίες" })).toBeVisible();

  // nginx takes turns between the processes, and the pages' own reads take turns too: an order
  // and its acceptance can land on the same process. Until they have not, another round.
  const rounds: string[] = [];
  for (let round = 1; round <= 5; round++) {
    const orderId = await guestOrdersCappuccino(guest);
    const placedOn = servedBy("POST", "/api/orders");
    await waiterAccepts(pda, orderId);
    const acceptedOn = servedBy("POST", `/api/staff/orders/${orderId}/accept`);
    await expect(guest.getByTestId("order-progress")).toHaveAttribute("data-stage", "accepted", { timeout: LIVE_MS });
    rounds.push(`order ${orderId}: placed on ${placedOn.name}, accepted on ${acceptedOn.name}`);
    if (placedOn !== acceptedOn) break;
  }
  test.info().annotations.push({ type: "processes", description: rounds.join("; ") });
  const last = rounds.at(-1) ?? "";
  expect(last, rounds.join("\n")).toMatch(/placed on (app-\d), accepted on (?!\1)app-\d/);
});

test("one app process killed with -9: the guest and the PDA carry on through the other and no order is lost", async () => {
  const before = placed.at(-1) as number;
  const victim = servedBy("POST", "/api/orders");
  const survivor = stack.apps.find((app) => app !== victim) as AppProcess;
  await stack.killApp(victim);

  // The guest's next order and the waiter's acceptance both go through the survivor; the pages'
  // live connections that were on the killed process reconnect there.
  const after = await guestOrdersCappuccino(guest);
  expect(servedBy("POST", "/api/orders")).toBe(survivor);
  await waiterAccepts(pda, after, RECONNECT_MS);
  expect(servedBy("POST", `/api/staff/orders/${after}/accept`)).toBe(survivor);
  await expect(guest.getByTestId("order-progress")).toHaveAttribute("data-stage", "accepted", { timeout: LIVE_MS });

  const history = await guestOrderHistory(guest, api);
  const ids = history.map((order) => order.id);
  expect(ids).toContain(before);
  expect(ids).toContain(after);
  for (const id of placed) expect(ids).toContain(id);

  await stack.startApp(victim);
});

/** One GET through nginx over https, trusting only the test's CA: its status and headers. */
function getOverHttps(pathname: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: IncomingMessage["headers"] }>((resolve, reject) => {
    const sent = httpsRequest(
      {
        host: "127.0.0.1",
        port: HTTPS_PORT,
        servername: HOST_NAME,
        headers: { host: `${HOST_NAME}:${HTTPS_PORT}`, ...headers },
        ca: trustedCa,
        path: pathname,
        agent: false,
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
      },
    );
    sent.on("error", reject);
    sent.end();
  });
}

/** GETs in a loop through nginx over https, trusting only the test's CA; every answer counted. */
function clientLoop(paths: string[], workers: number) {
  let running = true;
  const failures: string[] = [];
  let done = 0;
  const get = async (pathname: string) => {
    try {
      // A page's navigation accepts HTML (the app answers a deep link with index.html).
      const { status } = await getOverHttps(pathname, { accept: "text/html,application/json;q=0.9" });
      if (status >= 400) failures.push(`${pathname}: ${status}`);
    } catch (error) {
      failures.push(`${pathname}: ${(error as Error).message}`);
    }
    done++;
  };
  const loops = Array.from({ length: workers }, async (_, worker) => {
    for (let i = worker; running; i++) await get(paths[i % paths.length] as string);
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return { done, failures };
    },
  };
}

/** Until nginx's access log shows a request answered by this (restarted) process. */
async function waitUntilServing(app: AppProcess): Promise<void> {
  const from = stack.accessLines().length;
  await expect
    .poll(
      () =>
        stack
          .accessLines()
          .slice(from)
          .some((line) => /upstream_status=(?:\S+, )*2\d\d /.test(line) && lastUpstream(line) === app),
      { message: `nginx sends requests to ${app.name} again`, timeout: 20_000 },
    )
    .toBe(true);
}

test("a rolling restart of both app processes (SIGTERM one, start it, then the other) under a client loop fails no request, and the guest and the PDA carry on", async () => {
  const loop = clientLoop(["/api/health", "/api/services/7002/menu", `/menu/${ROOM.spot}`], 4);
  // The process killed before was started again; nginx sends to it once its fail_timeout has
  // passed. An operator starts a rolling restart with both processes serving, and so does this.
  for (const app of stack.apps) await waitUntilServing(app);
  for (const app of stack.apps) {
    expect(await stack.stopApp(app), `${app.name} exits 0 on SIGTERM`).toBe(0);
    await stack.startApp(app);
    // nginx learns of a process coming back only by sending it a request once fail_timeout has
    // passed: stopping the other before that would leave it none to send to (502 "no live
    // upstreams"). An operator waits the same (deploy/nginx/kyma.conf).
    await waitUntilServing(app);
  }
  const { done, failures } = await loop.stop();
  expect(failures, `failed requests of ${done}`).toEqual([]);
  expect(done).toBeGreaterThan(50);

  // Both processes are new; the pages keep working through them.
  const orderId = await guestOrdersCappuccino(guest);
  await waiterAccepts(pda, orderId, RECONNECT_MS);
  await expect(guest.getByTestId("order-progress")).toHaveAttribute("data-stage", "accepted", { timeout: LIVE_MS });
});

test("compression as documented: the app's precompressed files and menus pass through as they are, nginx gzips the JSON the app sends plain", async () => {
  const accept = { "accept-encoding": "br, gzip" };
  const asset = stack
    .accessLines()
    .map((line) => /"GET (\/assets\/[^" ]+\.js) /.exec(line)?.[1])
    // The build compresses files of 1 KB and more: one it wrote a .br for.
    .find((found) => found !== undefined && existsSync(path.join("dist", `${found}.br`)));
  expect(asset, "a precompressed script the pages loaded").toBeDefined();
  const script = await getOverHttps(asset as string, accept);
  const menu = await getOverHttps("/api/services/7002/menu", accept);
  const apiDescription = await getOverHttps("/api/docs/json", accept);
  expect([script.status, menu.status, apiDescription.status]).toEqual([200, 200, 200]);
  expect(script.headers["content-encoding"]).toBe("br");
  expect(menu.headers["content-encoding"]).toBe("br");
  expect(apiDescription.headers["content-type"]).toMatch(/^application\/json/);
  expect(apiDescription.headers["content-encoding"]).toBe("gzip");
});

test("TRUST_PROXY behind nginx: the app sees the client's address as nginx saw it, never an X-Forwarded-For the client made up", async () => {
  const missing = `/api/no-such-route-${Date.now()}`;
  const answer = await getOverHttps(missing, { "x-forwarded-for": "203.0.113.9", accept: "application/json" });
  expect(answer.status).toBe(404);
  // A 404 is logged at info with the client's address (src/server/logging.ts).
  await expect
    .poll(() =>
      stack.apps
        .map((app) => readFileSync(app.logFile, "utf8"))
        .join("\n")
        .split("\n")
        .filter((line) => line.includes(missing))
        .map((line) => (JSON.parse(line) as { remoteAddress?: string }).remoteAddress),
    )
    .toEqual(["127.0.0.1"]);
});

test("plain http on the public name is redirected to https", async () => {
  const answer = await new Promise<{ status: number; location: string }>((resolve, reject) => {
    const sent = httpRequest(
      { host: "127.0.0.1", port: HTTP_PORT, path: `/menu/${ROOM.spot}`, headers: { host: HOST_NAME } },
      (response: IncomingMessage) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, location: String(response.headers.location) });
      },
    );
    sent.on("error", reject);
    sent.end();
  });
  expect(answer).toEqual({ status: 301, location: `${PUBLIC_URL}/menu/${ROOM.spot}` });
});
