import { expect, test } from "./support/test";

// Spec §2 Global shell: "The footer (links to the info pages) shows on all routes except: info,
// landing, cart, menu, open-tables, open-rooms, store-order-history, services, profile, pin,
// order-change-status, view-order-details, history."
const WITHOUT_FOOTER = [
  "/",
  "/info",
  "/info/terms-of-service",
  "/menu/7201",
  "/beach-bar/7201",
  "/beach-bar/7201/categories",
  "/beach-bar/7201/happy-hour",
  "/beach-bar/7201/search?q=freddo",
  "/beach-bar/7201/cart",
  "/beach-bar/7201/cart/change-phone",
  "/beach-bar/7201/cart/delete-card",
  "/open-tables/for-store/7/7201",
  "/open-rooms/for-store/7/7214",
  "/order-history/for-store/7/7201",
  "/pin",
  "/order-change-status",
  "/view-order-details/10/7/abc123",
];

const WITH_FOOTER = ["/stores/7/reviews", "/stores/132/reviews"];

test("spec §2 footer: hidden on info, landing, cart, menu, staff, services and pin routes", async ({ page }) => {
  for (const path of WITHOUT_FOOTER) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
    await expect(page.getByRole("contentinfo"), path).toHaveCount(0);
  }
});

test("spec §2 footer: shown with the info links on the other routes (store reviews)", async ({ page }) => {
  for (const path of WITH_FOOTER) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
    const footer = page.getByRole("contentinfo");
    await expect(footer, path).toBeVisible();
    await expect(footer.getByRole("link")).toHaveText([
      "Επικοινωνία",
      "Όροι χρήσης",
      "Πολιτική απορρήτου",
      "Πολιτική αξιολογήσεων",
      "Πολιτική cookies",
    ]);
  }
});

test("spec §2 specific-info isApplication: the native app wrapper gets the page without site header and footer", async ({
  page,
}) => {
  await page.goto("/info/privacy-policy?isApplication=true");
  await expect(page.getByRole("heading", { level: 1, name: "Πολιτική απορρήτου" })).toBeVisible();
  await expect(page.getByRole("banner")).toHaveCount(0);
  await page.goto("/info/privacy-policy");
  await expect(page.getByRole("banner")).toBeVisible();
});
