import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";

async function chooseLanguage(page: Page, endonym: string) {
  await page.getByRole("button", { name: /^(Language|Γλώσσα):/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: endonym }).click();
  await expect(dialog).toBeHidden();
}

test("spec §4: choosing English (a normal language) is saved and persists across a reload", async ({ page }) => {
  await page.goto("/menu/7201");
  await expect(page.getByRole("heading", { level: 1, name: "Αμμουδιά Beach Hotel" })).toBeVisible();
  // Greek, the default, is the document's language from the first load on (screen readers' voice).
  await expect(page.locator("html")).toHaveAttribute("lang", "el");
  await chooseLanguage(page, "English");
  await expect(page.getByRole("heading", { level: 1, name: "Ammoudia Beach Hotel" })).toBeVisible();
  await expect(page.getByText("What would you like?")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Ammoudia Beach Hotel" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("spec §2/§4: the hotel offers its extra languages; Italiano shows Italian item names, marked Italian, under an English UI", async ({
  page,
}) => {
  await page.goto("/beach-bar/7201");
  await page.getByRole("button", { name: /^Γλώσσα:/ }).click();
  const dialog = page.getByRole("dialog", { name: "Επιλογή γλώσσας" });
  // GRE, ENG and the store's extra languages (ITA, DEU), nothing else.
  await expect(dialog.locator("button[aria-pressed]")).toHaveText(["Ελληνικά", "English", "Italiano", "Deutsch"]);
  await dialog.getByRole("button", { name: "Italiano" }).click();

  await expect(page.getByRole("article", { name: "Spremuta d'arancia" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Caffè" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Search" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  // The English page's Italian texts say so, for screen readers to pronounce them as Italian.
  const juice = page.getByRole("button", { name: "Spremuta d'arancia", exact: true });
  await expect(juice).toHaveAttribute("lang", "it");
  await juice.click();
  const item = page.getByRole("dialog", { name: "Spremuta d'arancia" });
  await expect(item.locator("h2 [lang=it]")).toHaveText("Spremuta d'arancia");
  await expect(item.getByText("Spremuta al momento, 330 ml.")).toHaveAttribute("lang", "it");
  await item.getByRole("button", { name: "Close" }).first().click();
  await expect(item).toBeHidden();

  // Back to a normal language: the extra language is cleared.
  await chooseLanguage(page, "Ελληνικά");
  await expect(page.getByRole("article", { name: "Φρέσκος χυμός πορτοκάλι" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "el");
});

test("spec §2 language modal: a real dialog, keyboard usable, Escape closes and focus returns", async ({ page }) => {
  await page.goto("/menu/7201");
  const opener = page.getByRole("button", { name: /^Γλώσσα:/ });
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Επιλογή γλώσσας" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Ελληνικά" })).toBeFocused();
  // Focus stays inside the dialog.
  for (let step = 0; step < 6; step++) await page.keyboard.press("Tab");
  await expect(dialog.locator(":focus")).toHaveCount(1);

  const accessibility = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(accessibility.violations).toEqual([]);

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test("spec §2 brand=dark: the language picker is dark on the services screen and light on info", async ({ page }) => {
  await page.goto("/menu/7201?brand=dark");
  await expect(page.getByRole("button", { name: /^Γλώσσα:/ })).toHaveClass(/language-button--dark/);
  await page.goto("/info/terms-of-service?brand=dark");
  await expect(page.getByRole("button", { name: /^Γλώσσα:/ })).toHaveClass(/language-button--light/);
});

test("accessibility: the services and menu screens pass axe", async ({ page }) => {
  for (const path of ["/menu/7201", "/beach-bar/7201", "/"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations, path).toEqual([]);
  }
});

test("the phone's back button closes the language modal and stays on the page; a choice leaves no extra step behind", async ({
  page,
}) => {
  await page.goto("/menu/7201");
  await expect(page.getByRole("heading", { level: 1, name: "Αμμουδιά Beach Hotel" })).toBeVisible();
  await page.getByRole("button", { name: /^Γλώσσα:/ }).click();
  const dialog = page.getByRole("dialog", { name: "Επιλογή γλώσσας" });
  await expect(dialog).toBeVisible();
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/menu\/7201$/);
  await chooseLanguage(page, "English");
  await expect(page).toHaveURL(/\/menu\/7201$/);
  await expect(page.getByRole("heading", { level: 1, name: "Ammoudia Beach Hotel" })).toBeVisible();
});
