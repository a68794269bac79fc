/**
 * The demo beach hotel (store 7): per-kg fish in the restaurant (table 7401), the beach bar's happy
 * hour (umbrella 7201), room service (room 7301), its Italian menu, and the cart offline.
 */
import type { Page } from "@playwright/test";
import { RUNTIME_CACHES } from "../../sw/cache-rules";
import { atAthensTime } from "./support/athens-time";
import { expect, test } from "./support/test";

const addToCart = (page: Page) => page.getByRole("button", { name: /^Προσθήκη στο καλάθι/ });
const cartLines = (page: Page) => page.locator(".cart__lines > li");

async function addFish(page: Page, name: string, kilos: string) {
  await page.getByRole("button", { name, exact: true }).click();
  const dialog = page.getByRole("dialog", { name });
  await dialog.getByLabel("Βάρος (κιλά)").fill(kilos);
  await addToCart(page).click();
  await expect(dialog).toBeHidden();
}

test("spec §4 cart add: per-kg items are always separate lines (a fish added twice is two lines, price x kilos)", async ({
  page,
}) => {
  await atAthensTime(page, "14:00");
  await page.goto("/restaurant/7401");
  await addFish(page, "Τσιπούρα", "0,8");
  await addFish(page, "Τσιπούρα", "0,8");
  await page.getByRole("link", { name: /Δείτε το καλάθι/ }).click();
  await expect(cartLines(page)).toHaveCount(2);
  for (const line of await cartLines(page).all()) {
    await expect(line).toContainText("0,8 κιλά");
    // 65,00 € per kilo x 0,8.
    await expect(line).toContainText("52,00");
  }
  await expect(page.getByRole("region", { name: "Σύνολο" })).toContainText("104,00");
});

test("spec §4 ordering disabled when the service is closed, with the reason shown", async ({ page }) => {
  await atAthensTime(page, "21:30");
  await page.goto("/beach-bar/7201");
  await expect(
    page.getByText("Κλειστό τώρα, ανοίγει στις 09:00: μέχρι τότε μπορείτε να δείτε τον κατάλογο.").first(),
  ).toBeVisible();
  await page.getByRole("button", { name: "Freddo espresso", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Freddo espresso" });
  await expect(addToCart(page)).toBeDisabled();
  await expect(dialog).toContainText("Κλειστό τώρα, ανοίγει στις 09:00: μέχρι τότε μπορείτε να δείτε τον κατάλογο.");
});

test("spec §9 happy hour: during the window the banner shows, prices drop 30 % and the cart shows the saving", async ({
  page,
}) => {
  await atAthensTime(page, "17:30");
  await page.goto("/beach-bar/7201");
  await expect(page.getByRole("link", { name: /Happy hour τώρα: −30%/ })).toBeVisible();
  const freddo = page.getByRole("article", { name: "Freddo espresso" });
  await expect(freddo.locator("del")).toContainText("4,00");
  await expect(freddo).toContainText("2,80");
  // Hotel store: membership is worded all-inclusive.
  await expect(freddo).toContainText("Περιλαμβάνεται στο all-inclusive");

  await page.getByRole("link", { name: /Happy hour τώρα/ }).click();
  await expect(page).toHaveURL(/\/beach-bar\/7201\/happy-hour$/);
  await expect(page.getByText(/Το happy hour ισχύει έως τις 19:00/)).toBeVisible();
  await page.getByRole("button", { name: "Freddo espresso", exact: true }).click();
  await addToCart(page).click();
  await page.getByRole("link", { name: /Δείτε το καλάθι/ }).click();
  const totals = page.getByRole("region", { name: "Σύνολο" });
  await expect(totals).toContainText("κερδίζετε 1,20");
  await expect(totals).toContainText("2,80");
});

test("spec §9 room service: a room's cart carries the 10 % room-service charge", async ({ page }) => {
  await atAthensTime(page, "12:00");
  await page.goto("/room-service/7301");
  await page.getByRole("button", { name: "Cappuccino", exact: true }).click();
  await addToCart(page).click();
  await page.getByRole("link", { name: /Δείτε το καλάθι/ }).click();
  const totals = page.getByRole("region", { name: "Σύνολο" });
  await expect(totals).toContainText("Χρέωση room service 10%");
  await expect(totals).toContainText("+0,55");
  await expect(totals).toContainText("6,05");
});

test("spec §4 extra language: Italian item names under an English UI, in the modal, the cart and search", async ({
  page,
}) => {
  await atAthensTime(page, "12:00");
  await page.goto("/beach-bar/7201");
  await page.getByRole("button", { name: /^Γλώσσα:/ }).click();
  await page.getByRole("dialog", { name: "Επιλογή γλώσσας" }).getByRole("button", { name: "Italiano" }).click();

  await page.getByRole("button", { name: "Spremuta d'arancia", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Spremuta d'arancia" });
  await expect(dialog.getByRole("button", { name: /^Add to cart/ })).toBeVisible();
  await dialog.getByRole("button", { name: /^Add to cart/ }).click();
  await page.getByRole("link", { name: /View cart/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My cart" })).toBeVisible();
  await expect(cartLines(page).first()).toContainText("Spremuta d'arancia");

  await page.goto("/beach-bar/7201/search?q=spremuta");
  await expect(page.getByRole("article", { name: "Spremuta d'arancia" })).toBeVisible();
});

test("offline: after one online visit the menu still opens and the cart can be edited with no network", async ({
  page,
  context,
}) => {
  await atAthensTime(page, "14:00");
  await page.goto("/menu/7401");
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
    .toBe(true);
  // Now under the worker: the menu read lands in its cache.
  await page.goto("/restaurant/7401");
  await expect
    .poll(() =>
      page.evaluate(async (cacheName) => {
        const requests = await (await caches.open(cacheName)).keys();
        return requests.some((request) => new URL(request.url).pathname === "/api/tables/7401/menus/restaurant");
      }, RUNTIME_CACHES.guestApi.name),
    )
    .toBe(true);
  await page.getByRole("button", { name: "Σαγανάκι γραβιέρας", exact: true }).click();
  await addToCart(page).click();
  await expect(page.getByRole("link", { name: /Δείτε το καλάθι/ })).toContainText("9,50");

  await context.setOffline(true);
  await expect(page.getByText("Είστε εκτός σύνδεσης.")).toBeVisible();
  // Browse the menu that was seen: a category, then the cart.
  await page.getByRole("group", { name: "Κατηγορίες" }).getByRole("button", { name: "Ορεκτικά" }).click();
  await expect(page.getByRole("article", { name: "Τζατζίκι" })).toBeVisible();
  await expect(page.getByRole("article", { name: "Μουσακάς" })).toHaveCount(0);
  await page.getByRole("link", { name: /Δείτε το καλάθι/ }).click();

  // Edit the line: one more, then update (IndexedDB needs no network).
  await page.getByRole("button", { name: /Σαγανάκι γραβιέρας/ }).click();
  const dialog = page.getByRole("dialog", { name: "Σαγανάκι γραβιέρας" });
  await dialog.getByRole("button", { name: "Αύξηση ποσότητας" }).click();
  await dialog.getByRole("button", { name: /^Ενημέρωση/ }).click();
  await expect(cartLines(page).first()).toContainText("2×");

  // A reload with no network: the shell, the menu data and the cart all come back.
  await page.reload();
  await expect(cartLines(page).first()).toContainText("2×");
  await expect(cartLines(page).first()).toContainText("19,00");
  await page.getByRole("link", { name: "Πίσω στον κατάλογο" }).first().click();
  await expect(page.getByRole("article", { name: "Αστακομακαρονάδα" })).toBeVisible();
  await context.setOffline(false);
});
