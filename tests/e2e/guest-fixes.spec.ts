/**
 * A guest's first order, on the production build: the install offer that follows it must leave the
 * order's status and number readable. Ammoudia Beach Hotel, umbrella 7206 (beach bar 09:00-20:00)
 * is this file's alone: no other spec orders there.
 */
import type { Locator, Page } from "@playwright/test";
import { signInByApi, storeSessionInBrowser } from "./support/accounts";
import { atAthensTime } from "./support/athens-time";
import { atServerAthensTime, setServerClock } from "./support/orders";
import { expect, test } from "./support/test";

const MENU = "/beach-bar/7206";

test.afterAll(async ({ request }) => {
  // The other suites take the server's clock as it really is.
  await setServerClock(request, new Date().toISOString());
});

/** What Chromium fires when the app can be installed (Playwright's contexts never fire it themselves). */
async function browserOffersInstall(page: Page): Promise<void> {
  // The app listens from its worker's registration on (src/app/pwa/register.ts).
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.evaluate(() => {
    const event = new Event("beforeinstallprompt", { cancelable: true });
    Object.assign(event, { prompt: async () => undefined, userChoice: Promise.resolve({ outcome: "dismissed" }) });
    window.dispatchEvent(event);
  });
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (box === null) throw new Error("not rendered");
  return box;
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The element on top at the centre of `locator` is inside it: nothing is drawn over it. */
function onTopAtItsCentre(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const { x, y, width, height } = element.getBoundingClientRect();
    const top = document.elementFromPoint(x + width / 2, y + height / 2);
    return top !== null && element.contains(top);
  });
}

test("the install offer after a first order shows below the order's status and number, never over them", async ({
  page,
  request,
}) => {
  // Sign-in, a menu, an order through the service worker: on 2 shared cores this takes a while.
  test.slow();
  await atServerAthensTime(request, "12:00");
  await atAthensTime(page, "12:00");
  const session = await signInByApi(request);
  await page.goto(MENU);
  await storeSessionInBrowser(page, session);
  await page.goto(MENU);

  await page.getByRole("button", { name: "Freddo espresso", exact: true }).click();
  const item = page.getByRole("dialog", { name: "Freddo espresso" });
  await item.getByRole("button", { name: /^Προσθήκη στ/ }).click();
  await expect(item).toBeHidden();
  await page.goto(`${MENU}/cart`);
  await browserOffersInstall(page);
  await page.getByTestId("send-order").click();

  const progress = page.getByTestId("order-progress");
  await expect(progress).toHaveAttribute("data-stage", "waiting", { timeout: 15_000 });
  const offer = page.getByTestId("install-offer");
  await expect(offer.getByRole("heading", { name: "Κρατήστε το Κύμα στην αρχική σας οθόνη" })).toBeVisible();

  const heading = progress.getByRole("heading", { name: "Αναμονή αποδοχής" });
  const number = progress.getByTestId("order-daily-number");
  await expect(heading).toBeInViewport();
  await expect(number).toBeInViewport();
  const offerBox = await boxOf(offer);
  for (const shown of [heading, number]) {
    expect(overlap(await boxOf(shown), offerBox)).toBe(false);
    expect(await onTopAtItsCentre(shown)).toBe(true);
  }
  // Below them, in the page's flow: read after the status, reached by scrolling, never floating.
  const numberBox = await boxOf(number);
  expect(offerBox.y).toBeGreaterThanOrEqual(numberBox.y + numberBox.height);
  expect(await offer.evaluate((element) => getComputedStyle(element).position)).toBe("static");
});
