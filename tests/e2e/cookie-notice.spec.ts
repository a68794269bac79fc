import { expect, test } from "./support/test";

const notice = (page: import("@playwright/test").Page) => page.getByRole("button", { name: "Εντάξει" });

test("spec §9 cookie notice: appears after 1 s on landing and accepts itself after 4 s, then never again", async ({
  page,
}) => {
  await page.clock.install();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(notice(page)).toBeHidden();

  await page.clock.runFor(1_000);
  await expect(notice(page)).toBeVisible();

  await page.clock.runFor(4_000);
  await expect(notice(page)).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem("acceptedCookies"))).toBe("true");

  await page.reload();
  await page.clock.runFor(6_000);
  await expect(notice(page)).toBeHidden();
});

test("spec §2 cookie notice: a click accepts it at once", async ({ page }) => {
  await page.clock.install();
  await page.goto("/");
  await page.clock.runFor(1_000);
  await notice(page).click();
  await expect(notice(page)).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem("acceptedCookies"))).toBe("true");
});

test("spec §2 cookie notice: only on landing", async ({ page }) => {
  await page.clock.install();
  for (const path of ["/menu/7201", "/info/cookies-policy", "/stores/7/reviews"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.clock.runFor(2_000);
    await expect(notice(page)).toBeHidden();
  }
});
