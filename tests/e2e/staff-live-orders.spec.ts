/**
 * The waiter's PDA end to end (the staff shell, live orders, offline), on a PDA viewport (360x640), with the real
 * server, database, STOMP endpoint and browser. The PDA opens its PDA spot (7499, Ammoudia Beach
 * Hotel) and a waiter signs in there with the PIN (2580); guests order from umbrella 7201 in another
 * browser context. The one faked edge is the clock: the server's (DEV_CLOCK_API) and the app's
 * (GET /api/utils/date) are put at noon in Athens, inside the beach bar's hours.
 */
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { signInByApi, storeSessionInBrowser } from "./support/accounts";
import { atAthensTime } from "./support/athens-time";
import { atServerAthensTime, setServerClock, signInOnTerminal } from "./support/orders";
import { expect, test } from "./support/test";

test.use({ viewport: { width: 360, height: 640 } });

const HOTEL = { storeId: 7, pda: 7499, pin: "2580", beachBar: 7001, umbrella: 7201, menu: "/beach-bar/7201" };

test.beforeEach(async ({ request }) => {
  await atServerAthensTime(request, "12:00");
});

test.afterAll(async ({ request }) => {
  // The other suites take the server's clock as it really is.
  await setServerClock(request, new Date().toISOString());
});

/** The PDA: opens its PDA spot (the device becomes the store's terminal), then the waiter types the PIN. */
async function waiterOnPda(page: Page): Promise<void> {
  await atAthensTime(page, "12:00");
  await signInOnTerminal(page, { pda: HOTEL.pda, pin: HOTEL.pin, venueName: "Αμμουδιά Beach Hotel" });
}

const tabs = (page: Page) => page.getByRole("navigation", { name: "Καρτέλες προσωπικού" });
const cards = (page: Page) => page.locator("article[data-order-id]");
const alertsSounded = (page: Page) =>
  page.evaluate(() => Number(document.documentElement.dataset.staffOrderAlerts ?? "0"));

/** A guest in their own browser, signed in, on the umbrella's beach bar menu. */
async function guestAtUmbrella(browser: Browser, request: APIRequestContext): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 640 }, locale: "el-GR" });
  const guest = await context.newPage();
  await atAthensTime(guest, "12:00");
  const session = await signInByApi(request);
  await guest.goto(HOTEL.menu);
  await storeSessionInBrowser(guest, session);
  await guest.reload();
  return guest;
}

/** A freddo espresso (its mandatory sugar has a default) in the cart, then sent. */
async function guestSendsFreddo(guest: Page): Promise<void> {
  await guest.getByRole("button", { name: "Freddo espresso", exact: true }).click();
  const dialog = guest.getByRole("dialog", { name: "Freddo espresso" });
  await dialog.getByRole("button", { name: /^Προσθήκη στ/ }).click();
  await expect(dialog).toBeHidden();
  await guest.goto(`${HOTEL.menu}/cart`);
  await expect(guest.getByTestId("send-order")).toBeEnabled();
  await guest.getByTestId("send-order").click();
  await expect(guest.getByTestId("order-progress")).toHaveAttribute("data-stage", "waiting");
}

test("a guest's order appears on the waiter's PDA within 2 s with a sound; the waiter accepts and the guest sees 'accepted'", async ({
  page,
  browser,
  request,
}) => {
  await waiterOnPda(page);
  // The staff shell: the store and the waiter always in sight, one tap to each staff screen.
  await expect(tabs(page)).toBeVisible();
  await expect(tabs(page).getByRole("link", { name: "Δωμάτια" })).toHaveAttribute(
    "href",
    `/open-rooms/for-store/${HOTEL.storeId}/${HOTEL.pda}`,
  );
  await tabs(page)
    .getByRole("link", { name: /^Παραγγελίες/ })
    .click();
  await expect(page).toHaveURL(/\/order-change-status$/);
  await expect(page.getByRole("heading", { level: 1, name: "Ζωντανές παραγγελίες" })).toBeVisible();
  await expect(page.getByText(/Δεν υπάρχουν εκκρεμείς παραγγελίες|Παραγγελία #/).first()).toBeVisible();
  const before = await cards(page).count();
  const soundedBefore = await alertsSounded(page);

  const guest = await guestAtUmbrella(browser, request);
  await guestSendsFreddo(guest);

  // Pushed by the store's topic: no reload, well under the 3 s poll and the 15 s backup read.
  await expect(cards(page)).toHaveCount(before + 1, { timeout: 2_000 });
  expect(await alertsSounded(page)).toBe(soundedBefore + 1);
  await expect(tabs(page).getByTestId("pending-orders-badge")).toHaveText(new RegExp(`${before + 1}$`));
  await expect(page).toHaveTitle(new RegExp(`^\\(${before + 1}\\) `));

  // The newest order is the last (the oldest first); its time left ticks.
  const card = cards(page).last();
  await expect(card).toContainText("Ομπρέλα");
  await expect(card.locator("time")).toHaveText(/^\d+:\d\d$/);
  await card.getByRole("button", { name: /^Αποδοχή παραγγελίας #/ }).click();
  await expect(cards(page)).toHaveCount(before);
  await expect(guest.getByTestId("order-progress")).toHaveAttribute("data-stage", "accepted", { timeout: 8_000 });
  await guest.context().close();
  await page.screenshot({ path: "test-results/staff-live-orders-pda.png" });

  // A shared PDA: "lock" signs the waiter out and shows the PIN pad; the device stays the store's terminal.
  await page.getByRole("button", { name: "Κλείδωμα" }).click();
  await expect(page).toHaveURL(/\/pin$/);
  const dialog = page.getByRole("dialog", { name: "Είσοδος" });
  await expect(dialog.getByLabel("Pin")).toBeFocused();
  await expect(tabs(page)).toHaveCount(0);
  await dialog.getByLabel("Pin").fill(HOTEL.pin);
  await dialog.getByRole("button", { name: "Είσοδος", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(tabs(page).getByRole("link", { name: "Νέα παραγγελία" })).toHaveAttribute("href", `/menu/${HOTEL.pda}`);
});

test("offline, the PDA keeps the last list with 'offline since'; an accept tapped offline is pending and goes out once", async ({
  page,
  browser,
  request,
}) => {
  const guest = await guestAtUmbrella(browser, request);
  await guestSendsFreddo(guest);
  await waiterOnPda(page);
  await page.goto("/order-change-status");
  // The app shell comes from the service worker once it controls the page: then a reload works offline.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const card = cards(page).last();
  await expect(card).toContainText("Ομπρέλα");
  const orderId = await card.getAttribute("data-order-id");
  const accepts: string[] = [];
  page.on("requestfinished", (sent) => {
    if (sent.method() === "POST" && sent.url().endsWith(`/api/staff/orders/${orderId}/accept`)) {
      accepts.push(sent.headers()["idempotency-key"] ?? "");
    }
  });

  await page.context().setOffline(true);
  await expect(page.getByText(/^Εκτός σύνδεσης από τις \d\d:\d\d/)).toBeVisible({ timeout: 10_000 });
  await expect(page.locator(`article[data-order-id="${orderId}"]`)).toBeVisible();

  await page
    .locator(`article[data-order-id="${orderId}"]`)
    .getByRole("button", { name: /^Αποδοχή/ })
    .click();
  const pending = page.locator(`article[data-order-id="${orderId}"]`);
  await expect(pending.getByText("Η αποδοχή περιμένει να σταλεί…")).toBeVisible();
  // Not shown as done before the server says so: still listed, nothing more to tap on it.
  await expect(pending.getByRole("button")).toHaveCount(0);
  await expect(guest.getByTestId("order-progress")).toHaveAttribute("data-stage", "waiting");

  // Reloaded while still offline (the app shell is precached): the last known list, still pending.
  await page.reload();
  await expect(page.getByText(/^Εκτός σύνδεσης από τις \d\d:\d\d/)).toBeVisible({ timeout: 10_000 });
  await expect(pending.getByText("Η αποδοχή περιμένει να σταλεί…")).toBeVisible();

  await page.context().setOffline(false);
  await expect(page.locator(`article[data-order-id="${orderId}"]`)).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByText(/^Εκτός σύνδεσης/)).toHaveCount(0);
  await expect(guest.getByTestId("order-progress")).toHaveAttribute("data-stage", "accepted", { timeout: 8_000 });
  // Out once: one request reached the network after the connection returned, with one key.
  expect(accepts.filter((key) => key !== "")).toHaveLength(1);
  await guest.context().close();
});
