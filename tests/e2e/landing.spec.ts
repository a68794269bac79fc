import { expect, test } from "./support/test";

// Issue "Foundation" item 6: the landing page tells a guest to scan a code and, in the demo, lists
// the demo links (GET /api/demo/links) grouped by store.

test("landing: lists each demo store's links, and a link opens that spot's services", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 2, name: "Δοκιμάστε την επίδειξη" })).toBeVisible();

  const hotel = page.getByRole("region", { name: "Αμμουδιά Beach Hotel" });
  const cafe = page.getByRole("region", { name: "Ροτόντα Café Bar" });
  // Hotel: table, umbrella, sunbed, room, waiter's device, staff PIN. Cafe: table, delivery, device, PIN.
  await expect(hotel.getByRole("link")).toHaveCount(6);
  await expect(cafe.getByRole("link")).toHaveCount(4);
  await expect(cafe.getByRole("link", { name: /Delivery/ })).toHaveAttribute("href", "/menu/13450");

  await hotel.getByRole("link", { name: /Ομπρέλα 1\b/ }).click();
  await expect(page).toHaveURL(/\/menu\/7201$/);
  await expect(page.getByRole("heading", { level: 1, name: "Αμμουδιά Beach Hotel" })).toBeVisible();
});

test("landing: without the demo (404 from /api/demo/links) there is no demo section", async ({ page }) => {
  // The server's demo switch is per process; here the answer of a server with DEMO_VENUES=off.
  await page.route("**/api/demo/links", (route) =>
    route.fulfill({ status: 404, json: { code: "NOT_FOUND", message: "The demo venues are off" } }),
  );
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Δοκιμάστε την επίδειξη" })).toHaveCount(0);
});
