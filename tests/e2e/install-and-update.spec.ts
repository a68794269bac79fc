/**
 * Install and launch, in Chromium against the production build: the install offer
 * after a first order (never on arrival) and dismissed for good, the iOS Safari hint, the storage
 * kept from eviction once a cart exists, and a home-screen launch (manifest start_url) opening the
 * last table's menu. Playwright's contexts are off the record, where Chromium never fires
 * beforeinstallprompt: the test fires the browser's event itself (the one faked edge with the clock).
 * Rotonda Café Bar table 13417 is this file's alone.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { signInByApi, storeSessionInBrowser } from "./support/accounts";
import { atAthensTime } from "./support/athens-time";
import { atServerAthensTime, setServerClock } from "./support/orders";
import { expect, test } from "./support/test";

const TABLE = 13417;
const MENU = `/cafe/${TABLE}`;
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

const offer = (page: Page) => page.getByTestId("install-offer");

test.beforeEach(async ({ page, request }) => {
  await atServerAthensTime(request, "12:00");
  await atAthensTime(page, "12:00");
  await page.addInitScript(() => {
    const counts = { persist: 0, prompt: 0 };
    Object.assign(globalThis, { __pwaCounts: counts });
    const storage = navigator.storage;
    const persist = storage?.persist?.bind(storage);
    if (storage && persist) {
      storage.persist = () => {
        counts.persist += 1;
        return persist();
      };
    }
  });
});

test.afterAll(async ({ request }) => {
  await setServerClock(request, new Date().toISOString());
});

const counts = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { __pwaCounts: { persist: number; prompt: number } }).__pwaCounts);

/** What Chromium fires when the app can be installed; prompt() is counted. */
async function browserOffersInstall(page: Page): Promise<void> {
  // The app listens from its worker's registration on (src/app/pwa/register.ts).
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.evaluate(() => {
    const event = new Event("beforeinstallprompt", { cancelable: true });
    const tally = (globalThis as unknown as { __pwaCounts: { prompt: number } }).__pwaCounts;
    Object.assign(event, {
      prompt: async () => {
        tally.prompt += 1;
      },
      userChoice: Promise.resolve({ outcome: "accepted" }),
    });
    window.dispatchEvent(event);
  });
}

async function signedInGuest(page: Page, request: APIRequestContext): Promise<void> {
  const session = await signInByApi(request);
  await page.goto(`/menu/${TABLE}`);
  await storeSessionInBrowser(page, session);
  await page.goto(MENU);
  await expect(page.getByRole("button", { name: "Freddo espresso", exact: true })).toBeVisible();
}

async function addFreddo(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Freddo espresso", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Freddo espresso" });
  await dialog.getByRole("button", { name: /^Προσθήκη στ/ }).click();
  await expect(dialog).toBeHidden();
}

async function sendCart(page: Page): Promise<void> {
  if (!page.url().endsWith(`${MENU}/cart`)) await page.goto(`${MENU}/cart`);
  await page.getByTestId("send-order").click();
  await expect(page.getByTestId("order-progress")).toHaveAttribute("data-stage", "waiting", { timeout: 15_000 });
}

test("install and update: the install prompt comes after a first order, not on arrival; storage is kept once a cart exists; once answered it never comes back", async ({
  page,
  request,
}) => {
  await signedInGuest(page, request);
  await browserOffersInstall(page);
  // Arrival: the browser could install, but the guest has not ordered yet.
  await page.waitForTimeout(500);
  await expect(offer(page)).toHaveCount(0);
  expect((await counts(page)).persist).toBe(0);

  await addFreddo(page);
  // The first item in the cart asked the browser to keep the cart and the outbox from eviction.
  expect((await counts(page)).persist).toBeGreaterThanOrEqual(1);
  // Chromium fires its event on every page load of an installable app: here on the cart's.
  await page.goto(`${MENU}/cart`);
  await browserOffersInstall(page);
  await page.waitForTimeout(500);
  await expect(offer(page), "a cart is no order yet").toHaveCount(0);
  await sendCart(page);
  await expect(offer(page)).toBeVisible();
  await expect(offer(page)).toHaveAttribute("data-offer", "prompt");
  await expect(offer(page).getByRole("heading", { name: "Κρατήστε το Κύμα στην αρχική σας οθόνη" })).toBeVisible();
  await offer(page).getByRole("button", { name: "Εγκατάσταση" }).click();
  expect((await counts(page)).prompt).toBe(1);
  await expect(offer(page)).toHaveCount(0);

  // Next visit, the browser offers again: the guest already answered.
  await page.goto(MENU);
  await browserOffersInstall(page);
  await page.waitForTimeout(500);
  await expect(offer(page)).toHaveCount(0);
});

test.describe("on iOS Safari", () => {
  test.use({ userAgent: IPHONE_SAFARI });

  test("install and update: the Add to Home Screen hint comes after a first order and 'Got it' hides it for good", async ({
    page,
    request,
  }) => {
    await signedInGuest(page, request);
    await page.waitForTimeout(500);
    await expect(offer(page)).toHaveCount(0);

    await addFreddo(page);
    await sendCart(page);
    await expect(offer(page)).toHaveAttribute("data-offer", "ios-hint");
    await expect(offer(page)).toContainText("Προσθήκη στην οθόνη αφετηρίας");
    await offer(page).getByRole("button", { name: "Εντάξει" }).click();
    await expect(offer(page)).toHaveCount(0);
    await page.reload();
    await expect(
      page.getByRole("heading", { name: "Αναμονή αποδοχής" }).or(page.getByTestId("send-order")).first(),
    ).toBeVisible();
    await page.waitForTimeout(500);
    await expect(offer(page)).toHaveCount(0);
  });
});

test("install and update: a launch from the home screen (manifest start_url) opens the last table's menu; the plain landing page stays", async ({
  page,
}) => {
  const manifest = (await (await page.request.get("/manifest.webmanifest")).json()) as { start_url: string };
  // Before any table: the landing page.
  await page.goto(manifest.start_url);
  await expect(page).toHaveURL(/\/\?launch=home-screen$/);
  await page.goto(`/menu/${TABLE}`);
  await expect(page.getByRole("heading", { level: 1, name: "Ροτόντα Café Bar" })).toBeVisible();

  await page.goto(manifest.start_url);
  await expect(page).toHaveURL(new RegExp(`/menu/${TABLE}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Ροτόντα Café Bar" })).toBeVisible();
  // A link to the landing page (not a launch) still shows it.
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 2, name: "Δοκιμάστε την επίδειξη" })).toBeVisible();
});
