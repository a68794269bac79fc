/**
 * Ordering at the demo café (store 132, table 13401, service "cafe" 07:00-18:00, max 20 items per
 * order, "add to order"), with the app's clock at 12:00 Athens time.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { atAthensTime } from "./support/athens-time";
import { expect, test } from "./support/test";

const MENU = "/cafe/13401";

test.beforeEach(async ({ page }) => {
  await atAthensTime(page, "12:00");
});

async function openItem(page: Page, name: string) {
  await page.getByRole("button", { name, exact: true }).click();
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

const addToOrder = (page: Page) => page.getByRole("button", { name: /^Προσθήκη στην παραγγελία/ });

test("spec §4 service open / §7 utils/date: the services show open or closed by the server's Athens time", async ({
  page,
}) => {
  await page.goto("/menu/13401");
  await expect(page.getByRole("link", { name: /Καφέ/ })).toContainText("Ανοιχτό τώρα · έως τις 18:00");
  await expect(page.getByRole("link", { name: /Μπαρ/ })).toContainText(
    "Κλειστό τώρα, ανοίγει στις 18:00: μέχρι τότε μπορείτε να δείτε τον κατάλογο.",
  );
});

test("spec §4 categories: a category filters the menu, All comes back when the last one is removed", async ({
  page,
}) => {
  await page.goto(MENU);
  const chips = page.getByRole("group", { name: "Κατηγορίες" });
  await chips.getByRole("button", { name: "Κρύοι καφέδες" }).click();
  await expect(page).toHaveURL(/\/cafe\/13401\/categories\?/);
  await expect(chips.getByRole("button", { name: "Όλα" })).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByRole("article", { name: "Freddo espresso" })).toBeVisible();
  await expect(page.getByRole("article", { name: "Βάφλα" })).toHaveCount(0);

  await chips.getByRole("button", { name: "Πρωινό & αρτοσκευάσματα" }).click();
  await expect(page.getByRole("article", { name: "Βάφλα" })).toBeVisible();
  await expect(page.getByRole("article", { name: "Freddo espresso" })).toBeVisible();
  await expect(page.getByRole("article", { name: "Τρίγωνα Πανοράματος" })).toHaveCount(0);

  await chips.getByRole("button", { name: "Κρύοι καφέδες" }).click();
  await chips.getByRole("button", { name: "Πρωινό & αρτοσκευάσματα" }).click();
  await expect(chips.getByRole("button", { name: "Όλα" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("article", { name: "Τρίγωνα Πανοράματος" })).toBeVisible();
});

test("spec §2/§4/§5 item modal: mandatory radio *, checkbox 'up to 2 options' with its 2.2 s warning; the same choice twice is one line", async ({
  page,
}) => {
  await page.goto(MENU);
  let dialog = await openItem(page, "Freddo espresso");
  await expect(dialog.getByRole("heading", { name: "Ζάχαρη (υποχρεωτικό)" })).toContainText("*");
  await expect(dialog.getByRole("radio", { name: "Μέτριος" })).toBeChecked();
  await expect(dialog.getByText("έως 2 επιλογές")).toBeVisible();

  await dialog.getByRole("checkbox", { name: /^Σιρόπι βανίλια/ }).check();
  await dialog.getByRole("checkbox", { name: /^Σιρόπι καραμέλα/ }).check();
  await dialog.getByRole("checkbox", { name: /^Κανέλα/ }).click();
  await expect(dialog.getByRole("checkbox", { name: /^Κανέλα/ })).not.toBeChecked();
  const warning = dialog.getByText("Μπορείτε να διαλέξετε έως 2 επιλογές");
  await expect(warning).toBeVisible();
  await expect(warning).toBeHidden({ timeout: 4_000 });

  // Store 132 says "add to order"; 3,00 + 0,50 + 0,50.
  await expect(addToOrder(page)).toContainText("4,00");
  await addToOrder(page).click();
  await expect(dialog).toBeHidden();

  dialog = await openItem(page, "Freddo espresso");
  await dialog.getByRole("checkbox", { name: /^Σιρόπι καραμέλα/ }).check();
  await dialog.getByRole("checkbox", { name: /^Σιρόπι βανίλια/ }).check();
  await addToOrder(page).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByRole("link", { name: /Δείτε το καλάθι/ })).toContainText("8,00");
  await page.getByRole("link", { name: /Δείτε το καλάθι/ }).click();
  const lines = page.locator(".cart__lines > li");
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText("2×");
  await expect(lines.first()).toContainText("Έξτρα: Σιρόπι βανίλια, Σιρόπι καραμέλα");
});

test("spec §2 item modal: a real dialog, keyboard usable, Escape closes and focus returns; it passes axe", async ({
  page,
}) => {
  await page.goto(MENU);
  const opener = page.getByRole("button", { name: "Βάφλα", exact: true });
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Βάφλα" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute("aria-modal", "true");
  await expect(addToOrder(page)).toBeVisible();
  for (let step = 0; step < 12; step++) await page.keyboard.press("Tab");
  await expect(dialog.locator(":focus")).toHaveCount(1);
  const accessibility = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(accessibility.violations).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test("spec §5 max items per order: the stepper stops at 20 with 'You can add up to 20 products in total'; the banner does not enforce it in edit mode", async ({
  page,
}) => {
  await page.goto(MENU);
  let dialog = await openItem(page, "Κουλούρι Θεσσαλονίκης");
  const more = dialog.getByRole("button", { name: "Αύξηση ποσότητας" });
  for (let step = 1; step < 20; step++) await more.click();
  await expect(dialog.locator("output")).toHaveText("20");
  await more.click();
  await expect(dialog.getByText("Μπορείτε να προσθέσετε έως 20 προϊόντα συνολικά")).toBeVisible();
  await expect(dialog.locator("output")).toHaveText("20");
  await addToOrder(page).click();
  await expect(dialog).toBeHidden();

  // A full cart: the add button's banner refuses one more product...
  dialog = await openItem(page, "Τυρόπιτα κουρού");
  await expect(dialog.getByText("Δεν μπορείτε να προσθέσετε άλλα προϊόντα στο καλάθι")).toBeVisible();
  await expect(addToOrder(page)).toBeDisabled();
  await page.keyboard.press("Escape");

  // ... but editing the line in the cart is not blocked by it.
  await page.getByRole("link", { name: /Δείτε το καλάθι/ }).click();
  await page.getByRole("button", { name: /Κουλούρι Θεσσαλονίκης/ }).click();
  dialog = page.getByRole("dialog", { name: "Κουλούρι Θεσσαλονίκης" });
  await expect(dialog.getByRole("button", { name: /^Ενημέρωση/ })).toBeEnabled();
  await expect(dialog.getByText("Δεν μπορείτε να προσθέσετε άλλα προϊόντα στο καλάθι")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Μείωση ποσότητας" }).click();
  await dialog.getByRole("button", { name: /^Ενημέρωση/ }).click();
  await expect(page.locator(".cart__lines > li").first()).toContainText("19×");
});

test("spec §3 the cart lives in IndexedDB: it is intact after a reload", async ({ page }) => {
  await page.goto(MENU);
  const dialog = await openItem(page, "Freddo espresso");
  await dialog.getByRole("radio", { name: "Σκέτος" }).check();
  await dialog.getByLabel("Σχόλιο (προαιρετικό)").fill("  με λίγο πάγο 🧊 ");
  await addToOrder(page).click();
  await page.getByRole("link", { name: /Δείτε το καλάθι/ }).click();
  const line = page.locator(".cart__lines > li").first();
  // The comment was cleaned before adding (spec §5).
  await expect(line).toContainText("“με λίγο πάγο”");
  await page.reload();
  await expect(line).toContainText("Freddo espresso");
  await expect(line).toContainText("Ζάχαρη: Σκέτος");
  await expect(line).toContainText("“με λίγο πάγο”");
  await expect(page.getByRole("region", { name: "Σύνολο" })).toContainText("3,00");
});

test("the phone's back button closes the item modal and stays on the menu", async ({ page }) => {
  await page.goto(MENU);
  const dialog = await openItem(page, "Freddo espresso");
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${MENU}$`));
  // Closed by its own button, the modal leaves no extra step behind: back now leaves the menu.
  const again = await openItem(page, "Freddo espresso");
  await again.getByRole("button", { name: "Κλείσιμο" }).first().click();
  await expect(again).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${MENU}$`));
});
