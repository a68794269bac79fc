import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";

/** A screen past the menu: the app loads its table and menu itself (the shell, not server-rendered). */
const CATEGORIES_PAGE = "/beach-bar/7201/categories?category=7101";
/** What the beach bar's pages read first: its table and its menu. */
const FIRST_READS = ["/api/tables/7201", "/api/tables/7201/menus/beach-bar"];

/** The page's requests for the first reads, as they are sent. */
function readsSent(page: Page): string[] {
  const sent: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (FIRST_READS.includes(pathname)) sent.push(pathname);
  });
  return sent;
}

// Demo data (venues/demo/beach-hotel.json): store 7, spot 7201 "Ομπρέλα 1", service "beach-bar".

test("spec §2 services: a demo umbrella link shows the store, the spot and its services in Greek", async ({ page }) => {
  await page.goto("/menu/7201");
  await expect(page.getByRole("heading", { level: 1, name: "Αμμουδιά Beach Hotel" })).toBeVisible();
  await expect(page.getByText("Ομπρέλα 1", { exact: true })).toBeVisible();
  const card = page.getByRole("link", { name: /Beach bar/ });
  await expect(card).toBeVisible();
  await expect(card).toContainText("09:00–20:00");
  await expect(page.locator("html")).toHaveAttribute("lang", "el");
});

test("spec §2 menu: a service card opens its menu with categories, items and prices in euros", async ({ page }) => {
  await page.goto("/menu/7201");
  await page.getByRole("link", { name: /Beach bar/ }).click();
  await expect(page).toHaveURL(/\/beach-bar\/7201$/);
  await expect(page.getByRole("heading", { level: 2, name: "Καφέδες" })).toBeVisible();
  const item = page.getByRole("article", { name: "Freddo espresso" });
  await expect(item).toContainText("Διπλός espresso χτυπημένος με πάγο.");
  await expect(item).toContainText(/4,00\s€/);
  // Photos reserve their box (width/height); the first rows' load at once and first, later ones
  // lazily (the first-load budget, ARCHITECTURE.md).
  const photo = item.locator("img");
  await expect(photo).toHaveAttribute("loading", "eager");
  await expect(photo).toHaveAttribute("fetchpriority", "high");
  await expect(photo).toHaveAttribute("width", "96");
  await expect(photo).toHaveAttribute("height", "96");
  const laterPhoto = page.locator("article.menu-item img").nth(6);
  await expect(laterPhoto).toHaveAttribute("loading", "lazy");
  await expect(laterPhoto).toHaveAttribute("fetchpriority", "auto");
  await expect(laterPhoto).toHaveAttribute("width", "96");
});

test("first load: a cold menu visit brings the table and the menu inside its HTML and asks for neither again", async ({
  page,
}) => {
  const sent = readsSent(page);
  await page.goto("/beach-bar/7201");
  await expect(page.getByRole("article", { name: "Freddo espresso" })).toBeVisible();
  await expect(page.locator("html[data-mounted]")).toHaveCount(1);
  expect(sent).toEqual([]);
});

test("first load: a cold visit of a screen past the menu starts the table and menu reads with the page (preload header) and fetches each once", async ({
  page,
}) => {
  const sent = readsSent(page);
  const answer = await page.goto(CATEGORIES_PAGE);
  expect(answer?.headers().link).toContain("</api/tables/7201/menus/beach-bar>; rel=preload; as=fetch");
  await expect(page.getByRole("article", { name: "Freddo espresso" })).toBeVisible();
  // The app's own requests took the preloaded answers: one download of each, none twice.
  const downloads = await page.evaluate(
    (paths) =>
      paths.map(
        (path) =>
          performance
            .getEntriesByType("resource")
            .filter((entry) => new URL(entry.name).pathname === path)
            .filter((entry) => (entry as PerformanceResourceTiming).transferSize > 0).length,
      ),
    FIRST_READS,
  );
  expect(downloads).toEqual([1, 1]);
  expect(sent.sort()).toEqual([...FIRST_READS].sort());
});

test("spec §2 routes: malformed ids, unknown tables and unknown services show the not-found screen", async ({
  page,
}) => {
  for (const path of ["/menu/abc", "/menu/0", "/menu/999999", "/beach-bar/999999", "/no-such-service/7201"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "Δεν βρήκαμε αυτή τη σελίδα" })).toBeVisible();
  }
});

test("spec §2 menu: a lost connection shows the network error with a retry, not a crash", async ({ page }) => {
  // A screen the app loads itself (a QR's own pages come with their data inside the HTML).
  await page.route("**/api/tables/**", (route) => route.abort("internetdisconnected"));
  await page.goto(CATEGORIES_PAGE);
  await expect(page.getByRole("heading", { level: 1, name: "Χωρίς σύνδεση" })).toBeVisible();
  await page.unroute("**/api/tables/**");
  await page.getByRole("button", { name: "Δοκιμάστε ξανά" }).click();
  await expect(page.getByRole("article", { name: "Freddo espresso" })).toBeVisible();
});

test("offline indicator: the shell says so when the network goes away", async ({ page, context }) => {
  await page.goto("/menu/7201");
  await expect(page.getByRole("heading", { level: 1, name: "Αμμουδιά Beach Hotel" })).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByText("Είστε εκτός σύνδεσης.")).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText("Είστε εκτός σύνδεσης.")).toBeHidden();
});
