import { deviceIn } from "./support/device-language";
import { expect, test } from "./support/test";

test("the info pages are server-rendered: readable and styled with scripts off, and hydrated without a mismatch", async ({
  browser,
  page,
}) => {
  const scriptless = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 640 } });
  const htmlPage = await scriptless.newPage();
  await htmlPage.goto("/info");
  // The list is styled by the info pages' own stylesheet, which their code would bring.
  const list = htmlPage.locator(".info-list");
  await expect(list).toHaveCSS("list-style-type", "none");
  await htmlPage.getByRole("link", { name: /Όροι χρήσης/ }).click();
  await expect(htmlPage).toHaveURL(/\/info\/terms-of-service$/);
  await expect(htmlPage.getByRole("heading", { level: 1, name: "Όροι χρήσης" })).toBeVisible();
  await scriptless.close();

  const mismatches: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat/i.test(message.text())) mismatches.push(message.text());
  });
  for (const address of ["/info", "/info/contact-us"]) {
    await page.goto(address);
    await expect(page.locator('html[data-render="hydrate"][data-mounted]')).toHaveCount(1);
  }
  // Hydrated, not only painted: the contact form checks its fields.
  await page.getByRole("button", { name: "Αποστολή μηνύματος" }).click();
  await expect(page.getByText("Συμπληρώστε αυτό το πεδίο").first()).toBeVisible();
  expect(mismatches).toEqual([]);
});

test("an English device gets the info pages in English from the server, and hydrates them", async ({
  context,
  page,
}) => {
  await deviceIn(context, "ENG");
  const mismatches: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat/i.test(message.text())) mismatches.push(message.text());
  });
  const html = await page.request.get("/info/cookies-policy", { headers: { accept: "text/html" } });
  expect(await html.text()).toContain('<html lang="en">');
  await page.goto("/info/cookies-policy");
  await expect(page.locator('html[lang="en"][data-render="hydrate"][data-mounted]')).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1, name: "Cookies policy" })).toBeVisible();
  expect(mismatches).toEqual([]);
});

test("spec §2 info: /info lists the five info pages and each opens", async ({ page }) => {
  await page.goto("/info");
  const links = page.getByRole("main").getByRole("link");
  await expect(links).toHaveCount(5);
  await links.filter({ hasText: "Πολιτική cookies" }).click();
  await expect(page).toHaveURL(/\/info\/cookies-policy$/);
  await expect(page.getByRole("heading", { level: 1, name: "Πολιτική cookies" })).toBeVisible();
});

test("spec §2 specific-info: an unknown info type shows the not-found screen", async ({ page }) => {
  await page.goto("/info/about-us");
  await expect(page.getByRole("heading", { level: 1, name: "Δεν βρήκαμε αυτή τη σελίδα" })).toBeVisible();
});

test("spec §5 contact form: all fields mandatory with a valid e-mail, errors inline in Greek", async ({ page }) => {
  await page.goto("/info/contact-us");
  await page.getByLabel("E-mail").fill("maria@");
  await page.getByRole("button", { name: "Αποστολή μηνύματος" }).click();
  await expect(page.getByText("Συμπληρώστε αυτό το πεδίο")).toHaveCount(2);
  await expect(page.getByText(/έγκυρη διεύθυνση e-mail/)).toBeVisible();
  await expect(page.getByLabel("Όνομα")).toBeFocused();
});

test("spec §5 contact form: a complete message is sent and confirmed", async ({ page }) => {
  await page.goto("/info/contact-us");
  await page.getByLabel("Όνομα").fill("Μαρία");
  await page.getByLabel("E-mail").fill("maria@example.gr");
  await page.getByLabel("Μήνυμα").fill("Πολύ ωραία η ομπρέλα 12!");
  await page.getByRole("button", { name: "Αποστολή μηνύματος" }).click();
  await expect(page.getByText(/Το μήνυμά σας στάλθηκε/)).toBeVisible();
  await expect(page.getByLabel("Μήνυμα")).toHaveValue("");
});

test("spec §5 contact form: when sending fails the text stays and the guest is told", async ({ page }) => {
  await page.route("**/api/info/contact", (route) => route.abort("internetdisconnected"));
  await page.goto("/info/contact-us");
  await page.getByLabel("Όνομα").fill("Μαρία");
  await page.getByLabel("E-mail").fill("maria@example.gr");
  await page.getByLabel("Μήνυμα").fill("Θα ήθελα να κλείσω τραπέζι.");
  await page.getByRole("button", { name: "Αποστολή μηνύματος" }).click();
  await expect(page.getByText(/Το μήνυμά σας δεν στάλθηκε/)).toBeVisible();
  await expect(page.getByLabel("Μήνυμα")).toHaveValue("Θα ήθελα να κλείσω τραπέζι.");
});
