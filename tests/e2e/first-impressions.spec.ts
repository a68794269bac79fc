/**
 * Issue "First impressions" acceptance, in the real browser against the real server: an order at
 * 03:00 Athens time on the demo hotel's 24-hour room service; the store's name readable at 360 and
 * 390 px; the spot chip in English and under an extra language; one heading in the entrance dialog;
 * the profile's phone with its country code; `npm start` stopped by SIGTERM leaves no server behind.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { signInByApi, storeSessionInBrowser } from "./support/accounts";
import { acceptOrder, setServerClock, signInWaiter } from "./support/orders";
import { expect, test } from "./support/test";

/** 03:00 in Athens on a summer night (UTC+3). */
const THREE_AM = "2026-07-15T00:00:00Z";

test.afterAll(async ({ request }) => {
  await setServerClock(request, new Date().toISOString());
});

async function atThreeAm(page: Page) {
  await page.route("**/api/utils/date", (route) => route.fulfill({ json: { date: THREE_AM } }));
}

async function chooseLanguage(page: Page, endonym: string) {
  await page.getByRole("button", { name: /^(Language|Γλώσσα):/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: endonym }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
}

test("§1 at 03:00 Athens time the demo hotel's room service takes an order, and the store accepts it", async ({
  page,
  request,
}) => {
  await setServerClock(request, THREE_AM);
  await atThreeAm(page);
  const session = await signInByApi(request);
  await page.goto("/menu/7301");
  await storeSessionInBrowser(page, session);
  await page.goto("/room-service/7301");
  await page.getByRole("button", { name: "Cappuccino", exact: true }).click();
  await page.getByRole("button", { name: /^Προσθήκη στο καλάθι/ }).click();
  await page.getByRole("link", { name: /Δείτε το καλάθι/ }).click();
  await page.getByTestId("send-order").click();
  const progress = page.getByTestId("order-progress");
  await expect(progress).toHaveAttribute("data-stage", "waiting", { timeout: 15_000 });
  // §7: the waiting card says what was ordered and the total.
  await expect(progress).toContainText("1× Cappuccino");
  await expect(progress).toContainText("Σύνολο 6,05");
  const waiter = await signInWaiter(request, "2580", 7);
  const pending = await request.get("/api/staff/orders", { headers: { authToken: waiter.authToken, jwt: waiter.jwt } });
  const { orders } = (await pending.json()) as { orders: { id: number; status: string }[] };
  const order = orders.find((o) => o.status === "WAITING_FOR_ACCEPTANCE");
  if (order === undefined) throw new Error("the order did not reach the store");
  await acceptOrder(request, waiter, order.id);
  await expect(progress).toHaveAttribute("data-stage", "accepted", { timeout: 15_000 });
});

for (const width of [360, 390]) {
  test(`§2 the store's name is fully readable at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 740 });
    await page.goto("/menu/7201");
    const brand = page.locator(".site-header__brand");
    await expect(brand).toHaveText("Αμμουδιά Beach Hotel");
    const clipped = await brand.evaluate((element) => {
      const style = getComputedStyle(element);
      const ellipsis = style.textOverflow === "ellipsis" && element.scrollWidth > element.clientWidth;
      const cut = element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1;
      return cut && !ellipsis;
    });
    expect(clipped).toBe(false);
    // §4: the menu's "Το καλάθι μου" does not wrap onto two lines.
    await page.goto("/beach-bar/7201");
    const cart = page.getByRole("link", { name: "Το καλάθι μου" });
    const lines = await cart.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].filter((r) => r.width > 1).map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
  });
}

test("§3 the spot chip follows the UI language: 'Umbrella 1' in English and under an extra language", async ({
  page,
}) => {
  await page.goto("/menu/7201");
  await expect(page.locator(".spot-badge")).toHaveText("Ομπρέλα 1");
  await chooseLanguage(page, "English");
  await expect(page.locator(".spot-badge")).toHaveText("Umbrella 1");
  await chooseLanguage(page, "Italiano");
  await expect(page.locator(".spot-badge")).toHaveText("Umbrella 1");
});

test("§5 the entrance dialog shows one heading; §6 the profile shows the phone with its country code", async ({
  page,
  request,
}) => {
  await page.goto("/menu/7201");
  await page
    .getByRole("button", { name: /Είσοδος/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Είσοδος" });
  await expect(dialog).toBeVisible();
  // The title once: in the sheet, not also behind it.
  await expect(page.getByRole("heading", { name: "Είσοδος" })).toHaveCount(1);
  await expect(dialog.getByRole("heading", { name: "Είσοδος" })).toBeVisible();

  const session = await signInByApi(request);
  await storeSessionInBrowser(page, session);
  await page.goto(`/profile/${session.user.id}`);
  await expect(page.getByText(/Συνδεδεμένος\/η με τον αριθμό τηλεφώνου \+30 69/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Οι παραγγελίες μου" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Πίσω στο Αμμουδιά Beach Hotel/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "All-inclusive" })).toBeVisible();
});

test("§1 `npm start` stopped with SIGTERM stops the server: no process keeps the port", async () => {
  test.setTimeout(120_000);
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
  const dataDir = mkdtempSync(join(tmpdir(), "venue-npm-start-"));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  delete env.DATABASE_URL;
  delete env.TEST_POSTGRES_URL;
  const npm = spawn("npm", ["start"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  npm.stdout.on("data", (chunk) => {
    output += String(chunk);
  });
  try {
    await expect.poll(() => output, { timeout: 90_000 }).toContain(`Open http://localhost:${port}/`);
    expect(output).toMatch(/room\s+http:\/\/localhost:\d+\/menu\/7301 .*open now: Room service/);
    expect(output).not.toContain("PLUGIN_TIMINGS");
    expect(output).not.toContain("deprecated");
    npm.kill("SIGTERM");
    await expect
      .poll(async () => (await fetch(`http://localhost:${port}/api/health`).catch(() => null)) === null, {
        timeout: 15_000,
      })
      .toBe(true);
  } finally {
    npm.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});
