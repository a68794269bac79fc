/**
 * Allergens on the menu (Regulation (EU) 1169/2011: the 14 allergens of Annex II) and the log call
 * enter-{product}-clicked (spec §7), on a phone: a guest filters out gluten and the menu hides
 * those items; the item modal lists an item's allergens by the regulation's names; opening the
 * item sends enter-{itemId}-clicked; no serious axe violation with the filter open.
 *
 * Demo spots no other spec uses, browsed only (no order, no opening): the beach hotel's umbrella 8
 * (7208, beach bar) and restaurant table 7407. The filter's choice lives in the tab's
 * sessionStorage: each test has its own browser context.
 */
import type { Page } from "@playwright/test";
import { atAthensTime } from "./support/athens-time";
import { ScreenAudit, watchCspViolations } from "./support/screen-audit";
import { expect, test } from "./support/test";

const BEACH_BAR = "/beach-bar/7208";
const RESTAURANT = "/restaurant/7407";

async function openFilter(page: Page) {
  const toggle = page.getByRole("button", { name: /Χωρίς… \(αλλεργιογόνα\)/ });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  return page.getByRole("group", { name: "Απόκρυψη ειδών που περιέχουν" });
}

test("allergens: a guest filters out gluten; the items with gluten go, the count says so, the rest stay", async ({
  page,
}) => {
  await atAthensTime(page, "14:00");
  await page.goto(BEACH_BAR);
  const sandwich = page.getByRole("article", { name: "Club sandwich" });
  await expect(sandwich).toBeVisible();
  // Icons with text on the card: the regulation's full name is what a screen reader reads.
  await expect(sandwich.getByRole("list", { name: "Αλλεργιογόνα και διατροφή" })).toContainText(
    "Δημητριακά που περιέχουν γλουτένη",
  );
  const filter = await openFilter(page);
  await filter.getByRole("checkbox", { name: "Γλουτένη", exact: true }).check();
  await expect(sandwich).toHaveCount(0);
  await expect(page.getByRole("article", { name: "Alfa 330 ml" })).toHaveCount(0);
  await expect(page.getByRole("article", { name: "Freddo espresso" })).toBeVisible();
  await expect(page.getByRole("article", { name: "Χωριάτικη σαλάτα" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /είδη κρύβονται από το φίλτρο αλλεργιογόνων/ })).toHaveText(
    /^\d+ είδη κρύβονται από το φίλτρο αλλεργιογόνων$/,
  );
  // A request (a towel) is not food: it stays, and no allergen mark is put on it.
  const towel = page.getByRole("article", { name: "Επιπλέον πετσέτα θαλάσσης" });
  await expect(towel).toBeVisible();
  await expect(towel).not.toContainText("Δεν έχουν δηλωθεί αλλεργιογόνα");
  // The choice follows the guest to the restaurant's menu of the same tab.
  await page.goto(RESTAURANT);
  await expect(page.getByRole("article", { name: "Ντάκος" })).toHaveCount(0);
  await expect(page.getByRole("article", { name: "Τζατζίκι" })).toBeVisible();
  await page.getByRole("button", { name: /Χωρίς… \(αλλεργιογόνα\)/ }).click();
  await page.getByRole("button", { name: "Εμφάνιση όλων των ειδών" }).click();
  await expect(page.getByRole("article", { name: "Ντάκος" })).toBeVisible();
});

test("allergens: the item modal lists the allergens in full, and opening the item sends enter-{itemId}-clicked", async ({
  page,
}) => {
  await atAthensTime(page, "14:00");
  await page.goto(RESTAURANT);
  const logged = page.waitForResponse((response) => response.url().endsWith("/api/log/enter-71602-clicked"));
  await page.getByRole("button", { name: "Ντάκος", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Ντάκος" });
  await expect(dialog).toBeVisible();
  const allergens = dialog.getByRole("region", { name: "Αλλεργιογόνα" });
  await expect(allergens.getByRole("listitem")).toHaveText([
    "Δημητριακά που περιέχουν γλουτένη",
    "Γάλα",
    "Χορτοφαγικό",
  ]);
  const answer = await logged;
  expect(answer.status()).toBe(204);
  expect(answer.request().postDataJSON()).toMatchObject({ storeId: 7 });
});

test("allergens: no serious or critical axe violation on the menu with the filter open and an allergen chosen", async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 360, height: 640 },
    locale: "el-GR",
    timezoneId: "Europe/Athens",
    isMobile: true,
    hasTouch: true,
    reducedMotion: "reduce",
  });
  const audit = new ScreenAudit(await watchCspViolations(context));
  const page = await context.newPage();
  try {
    await atAthensTime(page, "14:00");
    await page.goto(BEACH_BAR);
    await expect(page.getByRole("article", { name: "Club sandwich" })).toBeVisible();
    const filter = await openFilter(page);
    await filter.getByRole("checkbox", { name: "Γάλα", exact: true }).check();
    await expect(page.getByRole("article", { name: "Club sandwich" })).toHaveCount(0);
    await audit.check(page, "menu with the allergen filter open", { touchTargets: true });
    // Keyboard: the toggle closes the panel again from the keyboard.
    await page.getByRole("button", { name: /Χωρίς… \(αλλεργιογόνα\)/ }).focus();
    await page.keyboard.press("Enter");
    await expect(filter).toBeHidden();
    expect(audit.findings).toEqual([]);
  } finally {
    await context.close();
  }
});
