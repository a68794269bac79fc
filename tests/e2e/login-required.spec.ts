import { expect, test } from "@playwright/test";

const session = {
  authToken: "opaque-e2e-token",
  jwt: "e2e.jwt.token",
  user: {
    id: 42,
    name: "Ελένη",
    email: "eleni@example.gr",
    phone: { phoneNumber: "6912345678", countryISO2: "GR" },
    verified: true,
    optedInForNewsletter: false,
  },
};

test("spec §2/§6: login-required routes redirect to landing without a session", async ({ page }) => {
  for (const path of ["/review/5", "/profile/42", "/profile/42/delete", "/history/42", "/history/42/entrance"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Παραγγείλτε από εκεί που κάθεστε" })).toBeVisible();
  }
});

test("spec §6: a signed-in user opens their own profile and history, never another user's", async ({ page }) => {
  await page.goto("/");
  await page.evaluate((stored) => localStorage.setItem("session", JSON.stringify(stored)), session);

  await page.goto("/profile/42");
  await expect(page.getByRole("heading", { level: 1, name: "Το προφίλ μου" })).toBeVisible();
  await page.goto("/history/42");
  await expect(page.getByRole("heading", { level: 1, name: "Οι παραγγελίες μου" })).toBeVisible();
  await page.goto("/review/5");
  await expect(page.getByRole("heading", { level: 1, name: "Αξιολόγηση" })).toBeVisible();

  await page.goto("/profile/7");
  await expect(page).toHaveURL(/\/$/);
});
