/**
 * Spec §8 offline, the promise to a guest who scanned a code once: everything the first visit
 * showed (the spot, its services, the menu opened, its photos, the language's flag) is kept by the
 * service worker by the time it controls the page, without a second online load. The reads of a
 * first visit happen before the worker exists, and the preloaded ones never pass through it: the
 * worker takes them from the page when it activates (sw/visit-reads.ts). Nothing private (the
 * guest's tokens, orders, checkout) is kept.
 *
 * A fresh context (Playwright gives each test its own), as a guest's phone: the services of the
 * beach hotel's umbrella 3, its beach bar's menu, an item sent from the cart with a sign-in by SMS
 * code, and no reload before the network goes. The one faked edge is the clock.
 */
import type { Page } from "@playwright/test";
import { RUNTIME_CACHES, runtimeCacheFor } from "../../sw/cache-rules";
import { freshGreekMobile, readCode } from "./support/accounts";
import { atAthensTime } from "./support/athens-time";
import { atServerAthensTime, setServerClock } from "./support/orders";
import { expect, test } from "./support/test";

const UMBRELLA = { spot: 7203, hotel: "Αμμουδιά Beach Hotel", spotName: "Ομπρέλα 3", menu: "/beach-bar/7203" };
const ITEMS = ["Freddo espresso", "Φραπέ", "Espresso"];

// A whole first visit with a sign-in, then the offline one, on a shared machine.
test.describe.configure({ timeout: 150_000 });

test.beforeEach(async ({ page, request }) => {
  await atServerAthensTime(request, "12:00");
  await atAthensTime(page, "12:00");
});

test.afterAll(async ({ request }) => {
  await setServerClock(request, new Date().toISOString());
});

/** Every image on the page has arrived and decoded (a photo or flag missing offline has no width). */
function brokenImages(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.images]
      .filter((image) => image.loading !== "lazy" || image.getBoundingClientRect().top < innerHeight)
      .filter((image) => !image.complete || image.naturalWidth === 0)
      .map((image) => image.src),
  );
}

/** The path and query of every request kept in Cache Storage, by cache. */
function cachedRequests(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const kept: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const requests = await (await caches.open(name)).keys();
      kept[name] = requests.map((request) => {
        const url = new URL(request.url);
        return url.pathname + url.search;
      });
    }
    return kept;
  });
}

test("a guest who visited once, signed in and sent an order reopens the spot, its services and the menu offline, with their photos and flag", async ({
  page,
  context,
  request,
}) => {
  // 1. The code on the umbrella: its services, the beach bar's menu, an item, the cart's send.
  await page.goto(`/menu/${UMBRELLA.spot}`);
  await page.getByRole("link", { name: /Beach bar/ }).click();
  await expect(page).toHaveURL(new RegExp(`${UMBRELLA.menu}$`));
  await page.getByRole("button", { name: ITEMS[0], exact: true }).click();
  const item = page.getByRole("dialog", { name: ITEMS[0] });
  await item.getByRole("button", { name: /^Προσθήκη στ/ }).click();
  await expect(item).toBeHidden();
  await page.getByRole("link", { name: /Δείτε το καλάθι/ }).click();
  await expect(page).toHaveURL(new RegExp(`${UMBRELLA.menu}/cart$`));
  await page.getByTestId("send-order").click();

  // Signed out, so the send asks for the phone and the SMS code, then the order goes out.
  const phone = freshGreekMobile();
  const dialog = page.getByRole("dialog", { name: "Ολοκλήρωση παραγγελίας" });
  await dialog.getByLabel("Κινητό τηλέφωνο").fill(phone.national);
  await dialog.getByRole("button", { name: "Συνέχεια", exact: true }).click();
  await dialog.getByLabel("Κωδικός επαλήθευσης").fill(await readCode(request, phone.e164));
  await dialog.getByRole("button", { name: "Επαλήθευση" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("order-progress")).toHaveAttribute("data-stage", "waiting", { timeout: 15_000 });

  // 2. The worker controls the page: from then on it must hold what this visit showed.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      message: "the service worker controls the page",
      timeout: 30_000,
    })
    .toBe(true);

  // 3. The network goes (page and worker), and the guest opens the app again: no online load
  // since the worker took control.
  await context.setOffline(true);
  await page.reload();

  // 4. The cart as the guest left it, with the order sent, in Greek and with its flag: no "no
  // connection" screen, no load error.
  await expect(page.getByRole("heading", { level: 1, name: "Το καλάθι μου" })).toBeVisible();
  await expect(page.getByText(`${UMBRELLA.spotName} Beach bar`, { exact: true })).toBeVisible();
  await expect(page.getByText("Χωρίς σύνδεση", { exact: true })).toHaveCount(0);
  await expect.poll(() => brokenImages(page), { message: "the language's flag, offline" }).toEqual([]);

  // The menu opened on the visit, with its photos.
  await page.getByRole("link", { name: "Πίσω στον κατάλογο" }).click();
  await expect(page).toHaveURL(new RegExp(`${UMBRELLA.menu}$`));
  for (const name of ITEMS) await expect(page.getByRole("article", { name, exact: true })).toBeVisible();
  await expect.poll(() => brokenImages(page), { message: "the menu's photos and flag, offline" }).toEqual([]);

  // The spot's services, from the header.
  await page.getByRole("banner").getByRole("link", { name: UMBRELLA.hotel }).click();
  await expect(page).toHaveURL(new RegExp(`/menu/${UMBRELLA.spot}$`));
  await expect(page.getByRole("heading", { level: 1, name: UMBRELLA.hotel })).toBeVisible();
  await expect(page.getByText(UMBRELLA.spotName, { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: /Beach bar/ })).toBeVisible();
  await expect.poll(() => brokenImages(page), { message: "the services' photos and flag, offline" }).toEqual([]);

  // Nothing private was kept: every /api answer in the caches is a guest read of the runtime rules.
  const kept = await cachedRequests(page);
  const apiKept = Object.values(kept)
    .flat()
    .filter((path) => path.startsWith("/api/"));
  expect(apiKept.length).toBeGreaterThan(0);
  for (const path of apiKept) {
    expect(runtimeCacheFor({ url: new URL(path, page.url()), method: "GET", sameOrigin: true }), path).toBe("guestApi");
  }
  expect(kept[RUNTIME_CACHES.guestApi.name]).toEqual(expect.arrayContaining(apiKept));
  await context.setOffline(false);
});
