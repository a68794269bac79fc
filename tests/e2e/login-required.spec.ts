import { signInByApi, storeSessionInBrowser } from "./support/accounts";
import { expect, test } from "./support/test";

test("spec §2/§6: login-required routes redirect to landing without a session", async ({ page }) => {
  for (const path of ["/review/5", "/profile/42", "/profile/42/delete", "/history/42", "/history/42/entrance"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Παραγγείλτε από εκεί που κάθεστε" })).toBeVisible();
  }
});

test("spec §6: a signed-in user opens their own profile and history, never another user's", async ({
  page,
  request,
}) => {
  const session = await signInByApi(request);
  const id = session.user.id;
  await page.goto("/");
  await storeSessionInBrowser(page, session);

  await page.goto(`/profile/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Το προφίλ μου" })).toBeVisible();
  await page.goto(`/history/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Οι παραγγελίες μου" })).toBeVisible();
  await page.goto("/review/5");
  await expect(page.getByRole("heading", { level: 1, name: "Αξιολόγηση" })).toBeVisible();

  await page.goto(`/profile/${id + 1}`);
  await expect(page).toHaveURL(/\/$/);
});
