/**
 * Staff sign-in end to end, on PDA viewports (360x640): the beach hotel's admin sets a password
 * through the e-mail reset (the code read from the dev outbox, as the admin reads the e-mail),
 * signs in by e-mail and password, and issues a login link whose URL signs a second PDA in; a
 * guest's five wrong PINs on /pin do not stop the waiter's PIN on the terminal, which then opens
 * the live orders.
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./support/test";

// Demo data (venues/demo/beach-hotel.json): store 7, admin Μαρία Κωνσταντίνου (admin@ammoudia.example),
// waiter Νίκος Παπαδόπουλος (7901, PIN 2580), guest umbrella 7201, PDA spot 7499.
const ADMIN_EMAIL = "admin@ammoudia.example";
const WAITER = "Νίκος Παπαδόπουλος";
const PDA = { viewport: { width: 360, height: 640 } } as const;

test.use(PDA);

async function newPda(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...PDA, locale: "el-GR", timezoneId: "Europe/Athens" });
  return { context, page: await context.newPage() };
}

/** The newest 6-digit code e-mailed to the address. */
async function readEmailCode(page: Page, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const answer = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
      const { messages } = (await answer.json()) as { messages: { body: string }[] };
      code = /\b(\d{6})\b/.exec(messages[0]?.body ?? "")?.[1];
      return code;
    })
    .toBeTruthy();
  return code as string;
}

test("an admin signs in by e-mail and password and signs a second PDA in with a login link", async ({
  page,
  browser,
}) => {
  await page.goto("/staff-login");
  await expect(page.getByRole("heading", { level: 1, name: "Σύνδεση διαχειριστή" })).toBeVisible();
  const screen = page.getByRole("region", { name: "Σύνδεση διαχειριστή" });

  // First time: the password is set with the e-mail reset (6-digit code).
  await page.getByRole("button", { name: "Ξεχάσατε τον κωδικό ή θέλετε νέο;" }).click();
  await page.getByLabel("E-mail").fill(ADMIN_EMAIL);
  await page.getByRole("button", { name: "Αποστολή κωδικού" }).click();
  await expect(screen.getByRole("status")).toHaveText("Ο νέος εξαψήφιος αριθμός στάλθηκε με επιτυχία");
  await page.getByLabel("Κωδικός επαλήθευσης").fill(await readEmailCode(page, ADMIN_EMAIL));
  await page.getByLabel("Νέος κωδικός (τουλάχιστον 6 χαρακτήρες)").fill("ammoudia-2026");
  await page.getByLabel("Επαναλάβετε τον νέο κωδικό").fill("ammoudia-2026");
  await page.getByRole("button", { name: "Αλλαγή κωδικού" }).click();
  await expect(screen.getByRole("status")).toHaveText("Ο κωδικός πρόσβασης άλλαξε με επιτυχία");

  // A wrong password, then the right one.
  await page.getByLabel("Κωδικός πρόσβασης").fill("ammoudia-2025");
  await screen.getByRole("button", { name: "Είσοδος", exact: true }).click();
  await expect(screen.getByRole("alert")).toHaveText("Λάθος e-mail ή κωδικός");
  await page.getByLabel("Κωδικός πρόσβασης").fill("ammoudia-2026");
  await screen.getByRole("button", { name: "Είσοδος", exact: true }).click();

  await expect(page).toHaveURL(/\/staff-admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Διαχείριση καταστήματος" })).toBeVisible();
  await expect(page.getByText(ADMIN_EMAIL)).toBeVisible();
  await page.getByRole("button", { name: `Σύνδεσμος σύνδεσης για ${WAITER}` }).click();
  await expect(page.getByRole("img", { name: `Κωδικός QR του συνδέσμου σύνδεσης για ${WAITER}` })).toBeVisible();
  const link = (await page.getByTestId("login-link").textContent()) ?? "";
  expect(new URL(link).pathname).toBe("/staff-sign-in");
  expect(new URL(link).hash).toMatch(/^#token=/);

  // The second PDA opens the link (as scanning the QR code would) and is signed in once.
  const second = await newPda(browser);
  await second.page.goto(link);
  await expect(second.page.getByRole("heading", { name: `Συνδεδεμένος/η ως ${WAITER}` })).toBeVisible();
  expect(second.page.url()).not.toContain("token");
  // The link's session enrolled the PDA (outside the anonymous enrolment limit): it keeps the store's secret.
  const secrets = await second.page.evaluate(() => JSON.parse(localStorage.getItem("staffDeviceTokens") ?? "{}"));
  expect(Object.keys(secrets)).toEqual(["7"]);
  // It is the store's terminal now: /pin knows who is signed in.
  await second.page.goto("/pin");
  await expect(second.page.getByRole("heading", { name: `Συνδεδεμένος/η ως ${WAITER}` })).toBeVisible();

  // The link worked once: a third device gets the "does not work" page.
  const third = await newPda(browser);
  await third.page.goto(link);
  await expect(third.page.getByRole("heading", { name: "Αυτός ο σύνδεσμος σύνδεσης δεν λειτουργεί" })).toBeVisible();
  await second.context.close();
  await third.context.close();
});

test("a guest's five wrong PINs on /pin do not stop the waiter's PIN on the terminal", async ({ page, browser }) => {
  // The guest's phone: a guest's spot, then /pin (anyone may open it).
  const guest = await newPda(browser);
  await guest.page.goto("/menu/7201");
  await expect(guest.page.getByRole("heading", { level: 1, name: "Αμμουδιά Beach Hotel" })).toBeVisible();
  await guest.page.goto("/pin");
  const guestDialog = guest.page.getByRole("dialog");
  for (const pin of ["1111", "2222", "3333", "4444", "5555"]) {
    await guestDialog.getByLabel("Pin").fill(pin);
    await guestDialog.getByRole("button", { name: "Είσοδος", exact: true }).click();
    await expect(guestDialog.getByRole("alert")).toHaveText("Λάθος PIN");
  }
  // The sixth try on that phone is held back, even with a right PIN.
  await guestDialog.getByLabel("Pin").fill("3691");
  await guestDialog.getByRole("button", { name: "Είσοδος", exact: true }).click();
  await expect(guestDialog.getByRole("alert")).not.toHaveText("Λάθος PIN");
  await expect(guestDialog.getByRole("alert")).not.toBeEmpty();

  // The venue's terminal (its PDA spot makes it a staff device) signs the waiter in.
  await page.goto("/menu/7499");
  await expect(page.getByRole("heading", { level: 1, name: "Αμμουδιά Beach Hotel" })).toBeVisible();
  await page.goto("/pin");
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Pin").fill("2580");
  await dialog.getByRole("button", { name: "Είσοδος", exact: true }).click();
  await expect(dialog).toBeHidden();
  // Signed in, the terminal opens the waiter's first screen: the live orders, in the staff shell.
  await expect(page).toHaveURL(/\/order-change-status$/);
  await expect(page.getByRole("heading", { level: 1, name: "Ζωντανές παραγγελίες" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Καρτέλες προσωπικού" })).toBeVisible();
  // One step back is /pin, which says who is signed in and leads back to the live orders.
  await page.goBack();
  await expect(page.getByRole("heading", { name: `Συνδεδεμένος/η ως ${WAITER}` })).toBeVisible();
  await page.getByRole("link", { name: "Ζωντανές παραγγελίες" }).click();
  await expect(page).toHaveURL(/\/order-change-status$/);
  await guest.context.close();
});
