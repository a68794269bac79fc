/**
 * Orders end to end (issue "Orders" acceptance), in a phone viewport on the demo venues, with the
 * real server, database, STOMP endpoint and service worker. The one faked edge is the clock: the
 * server's (DEV_CLOCK_API) and the app's (GET /api/utils/date) are put at a chosen Athens time.
 * A waiter's PDA is played by API calls with a PIN session (tests/e2e/support/orders.ts).
 */
import type { APIRequestContext, Page } from "@playwright/test";
import {
  type E2eSession,
  freshGreekMobile,
  guestOrderHistory,
  readCode,
  signInByApi,
  storeSessionInBrowser,
} from "./support/accounts";
import { atAthensTime } from "./support/athens-time";
import {
  acceptOrder,
  atServerAthensTime,
  blockWebSocket,
  pendingOrderIds,
  setServerClock,
  signInWaiter,
} from "./support/orders";
import { expect, test } from "./support/test";

/** Rotonda Café Bar: table 13401, café 07:00-18:00, waiter PIN 1324. */
const CAFE = { storeId: 132, menu: "/cafe/13401", pin: "1324" };
/** Ammoudia Beach Hotel: umbrella 7201, beach bar 09:00-20:00, scheduled orders 08:00-19:00. */
const BEACH_BAR = { storeId: 7, menu: "/beach-bar/7201" };

const progress = (page: Page) => page.getByTestId("order-progress");

test.afterAll(async ({ request }) => {
  // The other suites take the server's clock as it really is.
  await setServerClock(request, new Date().toISOString());
});

async function signedInGuestAt(page: Page, request: APIRequestContext, path: string): Promise<E2eSession> {
  const session = await signInByApi(request);
  await page.goto(path);
  await storeSessionInBrowser(page, session);
  await page.reload();
  return session;
}

/** Adds a freddo espresso (its mandatory sugar has a default) from the menu, then opens the cart. */
async function freddoInCart(page: Page, menu: string): Promise<void> {
  await page.getByRole("button", { name: "Freddo espresso", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Freddo espresso" });
  await dialog.getByRole("button", { name: /^Προσθήκη στ/ }).click();
  await expect(dialog).toBeHidden();
  await page.goto(`${menu}/cart`);
  await expect(page.getByTestId("send-order")).toBeEnabled();
}

test.describe("at the café at noon", () => {
  test.beforeEach(async ({ page, request }) => {
    await atServerAthensTime(request, "12:00");
    await atAthensTime(page, "12:00");
  });

  test("spec §4: a signed-in guest sends an order, a waiter accepts it, the guest sees 'accepted' live and the cart empties", async ({
    page,
    request,
  }) => {
    await signedInGuestAt(page, request, CAFE.menu);
    await freddoInCart(page, CAFE.menu);
    await page.getByTestId("send-order").click();
    await expect(progress(page)).toHaveAttribute("data-stage", "waiting");

    const waiter = await signInWaiter(request, CAFE.pin, CAFE.storeId);
    const [orderId] = (await guestOrderHistory(page, request)).map((order) => order.id);
    expect((await pendingOrderIds(request, waiter)).includes(orderId as number)).toBe(true);
    await acceptOrder(request, waiter, orderId as number);
    // Under the 15 s backup poll: the stream brought it.
    await expect(progress(page)).toHaveAttribute("data-stage", "accepted", { timeout: 8_000 });
    await expect(progress(page)).toContainText("Η παραγγελία σας έγινε δεκτή");

    await page.getByTestId("order-progress-done").click();
    await expect(page.getByTestId("send-order")).toHaveCount(0);
  });

  test("spec §4: with the WebSocket blocked, the guest still sees 'accepted' through polling", async ({
    page,
    request,
  }) => {
    await blockWebSocket(page);
    await signedInGuestAt(page, request, CAFE.menu);
    await freddoInCart(page, CAFE.menu);
    await page.getByTestId("send-order").click();
    await expect(progress(page)).toHaveAttribute("data-stage", "waiting");

    const waiter = await signInWaiter(request, CAFE.pin, CAFE.storeId);
    const [orderId] = (await guestOrderHistory(page, request)).map((order) => order.id);
    await acceptOrder(request, waiter, orderId as number);
    await expect(progress(page)).toHaveAttribute("data-stage", "accepted", { timeout: 10_000 });
  });

  test("design.md exactly once: sent offline, the order goes out once after reconnect", async ({
    page,
    context,
    request,
  }) => {
    await signedInGuestAt(page, request, CAFE.menu);
    await freddoInCart(page, CAFE.menu);
    await context.setOffline(true);
    // "Sent offline": the phone knows it is offline when the guest taps. Chromium applies the
    // emulation to requests at once but tells the page a moment later; a tap in between is a send
    // whose requests fail while the device says online, which the outbox shows as still sending.
    await page.waitForFunction(() => !navigator.onLine);
    await page.getByTestId("send-order").click();
    await expect(progress(page)).toHaveAttribute("data-stage", "offline");
    expect(await guestOrderHistory(page, request)).toHaveLength(0);

    await context.setOffline(false);
    await expect(progress(page)).toHaveAttribute("data-stage", "waiting", { timeout: 15_000 });
    expect(await guestOrderHistory(page, request)).toHaveLength(1);
  });

  test("design.md exactly once: an answer lost after the server committed is retried with the same key: one order", async ({
    page,
    request,
  }) => {
    await signedInGuestAt(page, request, CAFE.menu);
    await freddoInCart(page, CAFE.menu);
    const keys: string[] = [];
    let cut = false;
    await page.route("**/api/orders", async (route) => {
      keys.push(route.request().headers()["idempotency-key"] ?? "");
      if (cut) return route.continue();
      cut = true;
      await route.fetch(); // the server places the order ...
      await route.abort("connectionreset"); // ... and the answer never reaches the phone
    });
    await page.getByTestId("send-order").click();
    await expect(progress(page)).toHaveAttribute("data-stage", "waiting", { timeout: 20_000 });
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
    expect(await guestOrderHistory(page, request)).toHaveLength(1);
  });

  test("spec §2 order on hold: a guest not signed in sends, the dialog reads 'Complete order', and after sign-in the order goes out", async ({
    page,
    request,
  }) => {
    const phone = freshGreekMobile();
    await page.goto(CAFE.menu);
    await freddoInCart(page, CAFE.menu);
    await page.getByTestId("send-order").click();
    await expect(progress(page)).toHaveAttribute("data-stage", "held");
    const dialog = page.getByRole("dialog", { name: "Ολοκλήρωση παραγγελίας" });
    await expect(dialog).toBeVisible();
    // The dialog's title shows once, not behind the sheet as well.
    await expect(page.getByText("Ολοκλήρωση παραγγελίας", { exact: true })).toHaveCount(1);
    await dialog.getByLabel("Κινητό τηλέφωνο").fill(phone.national);
    await dialog.getByRole("button", { name: "Συνέχεια", exact: true }).click();
    await dialog.getByLabel("Κωδικός επαλήθευσης").fill(await readCode(request, phone.e164));
    await dialog.getByRole("button", { name: "Επαλήθευση" }).click();
    await expect(dialog).toBeHidden();
    await expect(progress(page)).toHaveAttribute("data-stage", "waiting", { timeout: 15_000 });
    expect(await guestOrderHistory(page, request)).toHaveLength(1);
  });

  test("order outbox: a session whose jwt expired while the guest browsed is refreshed, and the order goes out", async ({
    page,
    request,
  }) => {
    await signedInGuestAt(page, request, CAFE.menu);
    await freddoInCart(page, CAFE.menu);
    // An hour later on the server: the 30-minute jwt the app holds has expired.
    await setServerClock(request, "2026-07-15T10:00:00Z");
    await page.getByTestId("send-order").click();
    await expect(progress(page)).toHaveAttribute("data-stage", "waiting", { timeout: 15_000 });
    expect(await guestOrderHistory(page, request)).toHaveLength(1);
  });

  test("spec §4 payments: a declined sandbox card ends in 'payment failed', said in Greek", async ({
    page,
    request,
  }) => {
    await signedInGuestAt(page, request, CAFE.menu);
    await freddoInCart(page, CAFE.menu);
    await page.getByRole("radio", { name: "Νέα κάρτα" }).check();
    await page.getByLabel("Αριθμός κάρτας").fill("4000 0000 0000 0002");
    // As a phone's numeric keypad types it: no "/" (iOS has none).
    await page.getByLabel("Λήξη (MM/YY)").fill("1230");
    await page.getByLabel("Κωδικός ασφαλείας").fill("123");
    await page.getByRole("button", { name: "Χρήση αυτής της κάρτας" }).click();
    await page.getByTestId("send-order").click();
    await expect(progress(page)).toHaveAttribute("data-stage", "payment-failed");
    // Spec §8 payment failed, in the guest's language; the provider's English reason stays out.
    await expect(progress(page)).toContainText("Η κάρτα απορρίφθηκε");
    await expect(progress(page)).not.toContainText("Your card was declined");
    const [order] = await guestOrderHistory(page, request);
    expect(order?.status).toBe("PAYMENT_FAILED");
  });
});

test("spec §4: a scheduled order whose time has passed when it is sent is refused with its message", async ({
  page,
  request,
}) => {
  // 18:20 in Athens: the beach bar takes scheduled orders until 19:00.
  const now = "2026-07-15T15:20:00Z";
  await setServerClock(request, now);
  await page.route("**/api/utils/date", (route) => route.fulfill({ json: { date: now } }));
  await signedInGuestAt(page, request, BEACH_BAR.menu);
  await freddoInCart(page, BEACH_BAR.menu);
  await page.getByRole("radio", { name: "Προγραμματισμός για αργότερα" }).check();
  const time = page.getByLabel("Ώρα παράδοσης");
  await time.selectOption({ index: 1 });
  const chosen = Date.parse(await time.inputValue());
  expect(chosen - Date.parse(now)).toBeLessThanOrEqual(30 * 60_000);
  // The guest waited before sending: on the server's clock the chosen time is now five minutes ago.
  await setServerClock(request, new Date(chosen + 5 * 60_000).toISOString());
  await page.getByTestId("send-order").click();
  await expect(page.getByText("Η ώρα παράδοσης που επιλέξατε δεν είναι διαθέσιμη")).toBeVisible();
  expect(await guestOrderHistory(page, request)).toHaveLength(0);
});
