/**
 * HTML first: the pages a QR code and its next tap open (a spot's services, a service's menu) come
 * from the server as HTML with their content, readable before and without any script, and the app
 * hydrates that HTML instead of rendering it again (a mismatch is reported by React's recoverable
 * error callback, which the app writes to the console), in the language the device shows (its
 * cookies name it to the server). An unknown spot or service is the not-found page, server-rendered
 * with 404.
 */
import type { ConsoleMessage, Page } from "@playwright/test";
import { PNG } from "pngjs";
import { atAthensTime } from "./support/athens-time";
import { DEVICE_LANGUAGES, deviceIn } from "./support/device-language";
import { atServerAthensTime, setServerClock } from "./support/orders";
import { expect, test } from "./support/test";

// Each visit here is a first visit: once the service worker controls a page, it answers navigations
// with the app's shell from its cache (offline-first), and the server's HTML is not asked for.
test.use({ viewport: { width: 360, height: 640 }, serviceWorkers: "block" });

const SERVICES_PAGE = "/menu/7201";
const MENU_PAGE = "/beach-bar/7201";
const FREDDO_CARD = 'article.menu-item[aria-labelledby="item-70101"]';

/** The visible text of a page's HTML outside any script: what a guest reads before scripts run. */
function readableText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

function collectMismatches(page: Page): string[] {
  const mismatches: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() === "error" && /hydrat/i.test(message.text())) mismatches.push(message.text());
  });
  return mismatches;
}

test("the services page and the menu a QR opens come as HTML with the store, its items and their prices", async ({
  request,
}) => {
  const services = await request.get(SERVICES_PAGE, { headers: { accept: "text/html" } });
  expect(services.status()).toBe(200);
  const servicesText = readableText(await services.text());
  expect(servicesText).toContain("Αμμουδιά Beach Hotel");
  expect(servicesText).toContain("Beach bar");

  const menu = await request.get(MENU_PAGE, { headers: { accept: "text/html" } });
  expect(menu.status()).toBe(200);
  const menuText = readableText(await menu.text());
  expect(menuText).toContain("Freddo espresso");
  expect(menuText).toContain("4,00 €");
  expect(menuText).toContain("Καφέδες");

  // A repeat visit of an unchanged menu is answered 304 without the page.
  const etag = menu.headers().etag;
  expect(etag).toBeTruthy();
  const repeat = await request.get(MENU_PAGE, { headers: { accept: "text/html", "if-none-match": etag ?? "" } });
  expect(repeat.status()).toBe(304);
});

test("an unknown spot or service is the not-found page, server-rendered with 404", async ({ request }) => {
  for (const address of ["/menu/999999", "/no-such-service/7201"]) {
    const answer = await request.get(address, { headers: { accept: "text/html" } });
    expect(answer.status(), address).toBe(404);
    expect(readableText(await answer.text()), address).toContain("Δεν βρήκαμε αυτή τη σελίδα");
  }
});

test("with JavaScript disabled the menu is readable and a service link leads to its menu", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 640 } });
  const page = await context.newPage();
  await page.goto(SERVICES_PAGE);
  await expect(page.getByRole("heading", { level: 1, name: "Αμμουδιά Beach Hotel" })).toBeVisible();
  await page.locator(`a[href="${MENU_PAGE}"]`).first().click();
  await expect(page).toHaveURL(MENU_PAGE);
  const freddo = page.locator(FREDDO_CARD);
  await expect(freddo).toBeVisible();
  await expect(freddo).toContainText("4,00 €");
  await context.close();
});

test("after one visit of a server-rendered page, it opens again offline: the worker keeps the answers the page came with", async ({
  browser,
}) => {
  for (const [address, reads, shown] of [
    [SERVICES_PAGE, ["/api/tables/7201"], 'h1:has-text("Αμμουδιά Beach Hotel")'],
    [MENU_PAGE, ["/api/tables/7201", "/api/tables/7201/menus/beach-bar"], FREDDO_CARD],
  ] as const) {
    const context = await browser.newContext({ viewport: { width: 360, height: 640 }, serviceWorkers: "allow" });
    const page = await context.newPage();
    await page.goto(address);
    await expect(page.locator('html[data-render="hydrate"][data-mounted]')).toHaveCount(1);
    // (expect.poll, not waitForFunction: the latter takes a returned promise as truthy.)
    await expect
      .poll(
        () =>
          page.evaluate(async (urls) => {
            if (navigator.serviceWorker.controller === null) return false;
            const kept = await Promise.all(urls.map((url) => caches.match(url, { ignoreVary: true })));
            return kept.every((answer) => answer !== undefined);
          }, reads),
        { message: `the worker controls ${address} and keeps its answers`, timeout: 30_000 },
      )
      .toBe(true);
    await context.setOffline(true);
    await page.reload();
    await expect(page.locator(shown).first()).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Η σελίδα δεν φορτώθηκε" })).toHaveCount(0);
    await context.close();
  }
});

/**
 * What each server time shows at the beach bar (open 09:00-20:00, happy hour 17:00-19:00 at -30%),
 * in each language (an extra menu language's interface is English).
 */
const AT_TIME = {
  "17:30": {
    GRE: { services: "Ανοιχτό τώρα", menu: "Τιμή happy hour 2,80 €" },
    ENG: { services: "Open now", menu: "Happy-hour price €2.80" },
  },
  "21:30": {
    GRE: { services: "Κλειστό τώρα", menu: "Κλειστό τώρα" },
    ENG: { services: "Closed now", menu: "Closed now" },
  },
} as const;

for (const time of ["17:30", "21:30"] as const)
  for (const language of DEVICE_LANGUAGES) {
    test(`the app hydrates the server's HTML without a mismatch (Athens ${time}, ${time === "17:30" ? "happy hour" : "the beach bar closed"}, a device in ${language})`, async ({
      context,
      page,
      request,
    }) => {
      // The server renders at its clock; the app's clock says the same time once it has read it.
      await atServerAthensTime(request, time);
      await atAthensTime(page, time);
      await deviceIn(context, language);
      const shown = AT_TIME[time][language === "GRE" ? "GRE" : "ENG"];
      const mismatches = collectMismatches(page);
      try {
        for (const [address, shows] of [
          [SERVICES_PAGE, shown.services],
          [MENU_PAGE, shown.menu],
        ] as const) {
          // The page's own request, with the device's cookies: the server's HTML is in its language.
          const html = await page.request.get(address, { headers: { accept: "text/html" } });
          expect(readableText(await html.text()), address).toContain(shows);
          await page.goto(address);
          await expect(page.locator('html[data-render="hydrate"][data-mounted]')).toHaveCount(1);
          await expect(page.locator("#main")).toContainText(shows);
          // Hydrated, not only painted: a tap opens the item's window.
          if (address === MENU_PAGE) {
            await page.locator(FREDDO_CARD).getByRole("button").first().click();
            await expect(page.getByRole("dialog")).toBeVisible();
          }
        }
      } finally {
        await setServerClock(request, new Date().toISOString());
      }
      expect(mismatches).toEqual([]);
    });
  }

test("spec §4: a guest's language choice reaches the server with the next page load, which comes in it and hydrates", async ({
  page,
}) => {
  const mismatches = collectMismatches(page);
  await page.goto(MENU_PAGE);
  await expect(page.locator('html[data-render="hydrate"][data-mounted]')).toHaveCount(1);
  await page.getByRole("button", { name: /^Γλώσσα:/ }).click();
  await page.getByRole("dialog", { name: "Επιλογή γλώσσας" }).getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("button", { name: "Coffee", exact: true })).toBeVisible();

  await page.reload();
  await expect(page.locator('html[lang="en"][data-render="hydrate"][data-mounted]')).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Coffee", exact: true })).toBeVisible();

  await page.getByRole("button", { name: /^Language:/ }).click();
  await page.getByRole("dialog", { name: "Choose language" }).getByRole("button", { name: "Italiano" }).click();
  await expect(page.getByRole("button", { name: "Caffè", exact: true })).toBeVisible();
  await page.reload();
  await expect(page.locator('html[lang="en"][data-render="hydrate"][data-mounted]')).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Caffè", exact: true })).toBeVisible();

  // Back to Greek: the extra language's cookie goes with the choice.
  await page.getByRole("button", { name: /^Language:/ }).click();
  await page.getByRole("dialog", { name: "Choose language" }).getByRole("button", { name: "Ελληνικά" }).click();
  await page.reload();
  await expect(page.locator('html[lang="el"][data-render="hydrate"][data-mounted]')).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Καφέδες", exact: true })).toBeVisible();
  expect(mismatches).toEqual([]);
});

test("a device whose cookies were cleared gets the Greek page rendered over in its language once, then its own page again", async ({
  context,
  page,
}) => {
  const mismatches = collectMismatches(page);
  await page.goto(MENU_PAGE);
  await page.evaluate(() => localStorage.setItem("language", "ENG"));
  await context.clearCookies();
  await page.goto(MENU_PAGE);
  await expect(page.locator('html[lang="en"][data-render="client"][data-mounted]')).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Coffee", exact: true })).toBeVisible();
  await page.goto(MENU_PAGE);
  await expect(page.locator('html[lang="en"][data-render="hydrate"][data-mounted]')).toHaveCount(1);
  expect(mismatches).toEqual([]);
});

/** The share of pixels that differ between two screenshots of one size. */
function differingPixelShare(a: PNG, b: PNG): number {
  expect([b.width, b.height]).toEqual([a.width, a.height]);
  let differing = 0;
  for (let index = 0; index < a.data.length; index += 4) {
    if (
      a.data[index] !== b.data[index] ||
      a.data[index + 1] !== b.data[index + 1] ||
      a.data[index + 2] !== b.data[index + 2]
    ) {
      differing += 1;
    }
  }
  return differing / (a.width * a.height);
}

/** Where the first screen's landmarks are: the title, the spot, the first items and their prices. */
async function firstScreenLayout(page: Page): Promise<string[]> {
  return page.locator("h1, .spot-badge, article.menu-item h3, .item-price__current").evaluateAll((elements) =>
    elements.slice(0, 12).map((element) => {
      const box = element.getBoundingClientRect();
      return `${element.textContent?.trim()} @${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}x${Math.round(box.height)}`;
    }),
  );
}

for (const language of ["GRE", "ITA"] as const)
  test(`the menu looks the same as the server's HTML and once the app has it: no visible jump, CLS <= 0.01 (a device in ${language})`, async ({
    browser,
    context,
    page,
  }) => {
    const serverOnly = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 640 } });
    await deviceIn(serverOnly, language);
    const htmlPage = await serverOnly.newPage();
    await htmlPage.goto(MENU_PAGE);
    const asServed = await firstScreenLayout(htmlPage);
    const servedShot = PNG.sync.read(await htmlPage.screenshot());
    await serverOnly.close();
    expect(asServed.length).toBeGreaterThan(4);

    await deviceIn(context, language);
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { __layoutShifts: number[] }).__layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(MENU_PAGE);
    await expect(page.locator('html[data-render="hydrate"][data-mounted]')).toHaveCount(1);
    await page.waitForTimeout(1_000);
    expect(await firstScreenLayout(page)).toEqual(asServed);
    // The whole screen, header included, pixel by pixel: what the guest saw before the scripts is
    // what stays (a header button appearing would differ by about 1%).
    const hydratedShot = PNG.sync.read(await page.screenshot());
    expect(differingPixelShare(servedShot, hydratedShot)).toBeLessThanOrEqual(0.005);
    const cls = await page.evaluate(() =>
      (window as unknown as { __layoutShifts: number[] }).__layoutShifts.reduce((sum, value) => sum + value, 0),
    );
    expect(cls).toBeLessThanOrEqual(0.01);
  });
