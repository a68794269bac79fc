/**
 * A cold menu visit stays within 150 KB of JS: a phone that never wrote anything has no
 * cart, outbox, log queue or session to restore, so its first visit of a menu loads neither Dexie
 * nor the texts of the screens it has not opened; the first add to the cart brings both, and from
 * then on the cart is stored and restored as before.
 */
import type { Page } from "@playwright/test";
import { atAthensTime } from "./support/athens-time";
import { expect, test } from "./support/test";

const MENU = "/cafe/13401";
/** In Dexie's code (an error class name survives minification), in no other file of the app. */
const DEXIE_MARK = "DatabaseClosedError";
/** "View cart": a text of the "screens" catalog (the cart bar), not of the first-load one. */
const SCREENS_MARK = "Δείτε το καλάθι";

/** The text of every JavaScript file of the app the page has fetched so far. */
function recordScripts(page: Page): string[] {
  const bodies: string[] = [];
  page.on("response", async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith(".js") || url.pathname === "/sw.js") return;
    bodies.push(await response.text().catch(() => ""));
  });
  return bodies;
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1_500);
  await page.waitForLoadState("networkidle");
}

test.beforeEach(async ({ page }) => {
  await atAthensTime(page, "12:00");
});

test("a cold menu visit within its JS budget: a first visit loads no Dexie and no later texts; the first add to the cart brings them and the cart is kept", async ({
  page,
}) => {
  const scripts = recordScripts(page);
  await page.goto(MENU);
  await expect(page.getByRole("article", { name: "Freddo espresso" })).toBeVisible();
  await settle(page);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.some((body) => body.includes(DEXIE_MARK))).toBe(false);
  expect(scripts.some((body) => body.includes(SCREENS_MARK))).toBe(false);
  // Nothing was opened, so nothing was created. The service worker's own expiry records of its
  // runtime caches (workbox-expiration, written as it keeps what this visit read) are not the app's.
  const databases = await page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name));
  expect(databases.filter((name) => name !== "workbox-expiration")).toEqual([]);
  // Signed out, and the header says so without reading any session database.
  await expect(page.getByRole("banner").getByRole("button", { name: "Είσοδος", exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Freddo espresso", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Freddo espresso" });
  await dialog.getByRole("radio", { name: "Σκέτος" }).check();
  await page.getByRole("button", { name: /^Προσθήκη στην παραγγελία/ }).click();
  await expect(page.getByRole("link", { name: /Δείτε το καλάθι/ })).toContainText("1");
  await expect.poll(() => scripts.some((body) => body.includes(DEXIE_MARK))).toBe(true);

  // The next visit finds the database and restores the cart bar.
  await page.reload();
  await expect(page.getByRole("link", { name: /Δείτε το καλάθι/ })).toContainText("1");
});
