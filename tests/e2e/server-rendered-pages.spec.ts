/**
 * HTML first: the pages a QR code and its next tap open (a spot's services, a service's menu) come
 * from the server as HTML with their content, readable before and without any script, and the app
 * hydrates that HTML instead of rendering it again (a mismatch is reported by React's recoverable
 * error callback, which the app writes to the console). An unknown spot or service is the
 * not-found page, server-rendered with 404.
 */
import { type ConsoleMessage, expect, type Page, test } from "@playwright/test";
import { ATHENS, atAthensTime } from "./support/athens-time";

test.use({ viewport: { width: 360, height: 640 } });

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

for (const time of ["17:30", "21:30"] as const) {
  test(`the app hydrates the server's HTML without a mismatch (Athens ${time}, ${time === "17:30" ? "happy hour" : "the beach bar closed"})`, async ({
    page,
  }) => {
    expect(ATHENS[time]).toBeTruthy();
    await atAthensTime(page, time);
    const mismatches = collectMismatches(page);
    for (const address of [SERVICES_PAGE, MENU_PAGE]) {
      await page.goto(address);
      await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
      // Hydrated, not only painted: a tap opens the item's window.
      if (address === MENU_PAGE) {
        await page.locator(FREDDO_CARD).getByRole("button").first().click();
        await expect(page.getByRole("dialog")).toBeVisible();
      }
    }
    expect(mismatches).toEqual([]);
  });
}

test("a guest who chose English gets the server's page re-rendered in English, without a mismatch", async ({
  page,
}) => {
  const mismatches = collectMismatches(page);
  await page.goto(MENU_PAGE);
  await page.evaluate(() => localStorage.setItem("language", "ENG"));
  await page.goto(MENU_PAGE);
  await expect(page.getByRole("button", { name: "Coffee", exact: true })).toBeVisible();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  expect(mismatches).toEqual([]);
});
