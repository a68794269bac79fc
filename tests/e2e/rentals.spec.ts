/**
 * Rentals end to end (spec §5 V22 "Return date required and after pick-up date", §8 E24): a guest at
 * beach chair 7233 of the demo hotel (no other spec orders from it) rents a SUP board (35,00 € a
 * day) from the Rentals service for two days. A return before the pick-up is refused in the modal
 * and nothing is added; valid dates add it with its dates and a price of two days; the waiter's PDA
 * (7499, PIN 2580) shows the order with the dates. The order is then rejected through the API, so
 * no order or table opening is left behind for the other specs. The faked edge is the clock: the
 * server's and the app's are put at noon in Athens on 2026-07-15.
 */
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { signInByApi, storeSessionInBrowser } from "./support/accounts";
import { atAthensTime } from "./support/athens-time";
import {
  atServerAthensTime,
  pendingOrderIds,
  setServerClock,
  signInOnTerminal,
  signInWaiter,
  staffHeaders,
} from "./support/orders";
import { expect, test } from "./support/test";

test.use({ viewport: { width: 360, height: 640 } });
// Two browsers (the guest's and the PDA) on a machine shared with other builds.
test.setTimeout(120_000);

const HOTEL = { storeId: 7, pda: 7499, pin: "2580", chair: 7233, menu: "/rentals/7233" };
const BOARD = "Σανίδα SUP";

test.beforeEach(async ({ request }) => {
  await atServerAthensTime(request, "12:00");
});

test.afterAll(async ({ request }) => {
  // The other suites take the server's clock as it really is.
  await setServerClock(request, new Date().toISOString());
});

/** A guest in their own browser, signed in, on the beach chair's Rentals menu. */
async function guestAtChair(browser: Browser, request: APIRequestContext): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 640 }, locale: "el-GR" });
  const guest = await context.newPage();
  await atAthensTime(guest, "12:00");
  const session = await signInByApi(request);
  await guest.goto(HOTEL.menu);
  await storeSessionInBrowser(guest, session);
  await guest.reload();
  return guest;
}

async function fillPeriod(
  dialog: ReturnType<Page["getByRole"]>,
  pickUp: [date: string, time: string],
  back: [date: string, time: string],
) {
  await dialog.getByLabel("Ημερομηνία παραλαβής").fill(pickUp[0]);
  await dialog.getByLabel("Ώρα παραλαβής").fill(pickUp[1]);
  await dialog.getByLabel("Ημερομηνία επιστροφής").fill(back[0]);
  await dialog.getByLabel("Ώρα επιστροφής").fill(back[1]);
}

test("spec §5 V22 / §8 E24: a return before the pick-up is refused in the modal; a two-day SUP rental is added, sent and shown with its dates on the waiter's PDA", async ({
  page,
  browser,
  request,
}) => {
  const guest = await guestAtChair(browser, request);
  await guest.getByRole("button", { name: BOARD, exact: true }).click();
  const dialog = guest.getByRole("dialog", { name: BOARD });
  await expect(dialog).toBeVisible();

  // The return a day before the pick-up: the rule's text, linked to the inputs and announced.
  await fillPeriod(dialog, ["2026-07-16", "10:00"], ["2026-07-15", "10:00"]);
  const error = dialog.getByRole("alert").filter({ hasText: "Η ημερομηνία επιστροφής πρέπει" });
  await expect(error).toHaveText("Η ημερομηνία επιστροφής πρέπει να είναι μετά την ημερομηνία παραλαβής");
  await expect(dialog.getByLabel("Ημερομηνία επιστροφής")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Ημερομηνία επιστροφής")).toHaveAccessibleDescription(
    /Η ημερομηνία επιστροφής πρέπει να είναι μετά την ημερομηνία παραλαβής/,
  );
  const axe = await new AxeBuilder({ page: guest }).include('[role="dialog"]').analyze();
  expect(axe.violations.filter((violation) => ["serious", "critical"].includes(violation.impact ?? ""))).toEqual([]);
  // Adding anyway adds nothing: the modal stays with its error and the cart bar does not appear.
  await dialog.getByRole("button", { name: /^Προσθήκη στ/ }).click();
  await expect(dialog).toBeVisible();
  await expect(error).toBeVisible();
  await expect(guest.getByRole("link", { name: /Δείτε το καλάθι/ })).toHaveCount(0);

  // Two days: 16 July 10:00 to 18 July 10:00, 2 × 35,00 €.
  await fillPeriod(dialog, ["2026-07-16", "10:00"], ["2026-07-18", "10:00"]);
  await expect(error).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: /^Προσθήκη στ/ })).toContainText("70,00");
  await dialog.getByRole("button", { name: /^Προσθήκη στ/ }).click();
  await expect(dialog).toBeHidden();

  await guest.goto(`${HOTEL.menu}/cart`);
  const line = guest.locator(".cart-line").filter({ hasText: BOARD });
  await expect(line.getByTestId("rental-dates")).toHaveText(
    /^Παραλαβή 16 Ιουλ 2026, 10:00 · Επιστροφή 18 Ιουλ 2026, 10:00 \(2 ημέρες\)$/,
  );
  await expect(line).toContainText("70,00");
  await expect(guest.getByTestId("send-order")).toBeEnabled();
  await guest.getByTestId("send-order").click();
  await expect(guest.getByTestId("order-progress")).toHaveAttribute("data-stage", "waiting", { timeout: 15_000 });

  // The waiter's PDA lists the order with the dates.
  await atAthensTime(page, "12:00");
  await signInOnTerminal(page, { pda: HOTEL.pda, pin: HOTEL.pin, venueName: "Αμμουδιά Beach Hotel" });
  await page
    .getByRole("navigation", { name: "Καρτέλες προσωπικού" })
    .getByRole("link", { name: /^Παραγγελίες/ })
    .click();
  const card = page.locator("article[data-order-id]").filter({ hasText: BOARD });
  await expect(card).toHaveCount(1, { timeout: 15_000 });
  await expect(card.getByTestId("rental-dates")).toHaveText(
    /^Παραλαβή 16 Ιουλ 2026, 10:00 · Επιστροφή 18 Ιουλ 2026, 10:00 \(2 ημέρες\)$/,
  );
  await expect(card).toContainText("70,00");

  // Leave nothing behind: the waiter rejects it (no table opening is started by a rejection).
  const orderId = Number(await card.getAttribute("data-order-id"));
  const waiter = await signInWaiter(request, HOTEL.pin, HOTEL.storeId);
  expect(await pendingOrderIds(request, waiter)).toContain(orderId);
  const rejected = await request.post(`/api/staff/orders/${orderId}/reject`, {
    headers: { ...staffHeaders(waiter), "idempotency-key": crypto.randomUUID() },
    data: { reason: "e2e" },
  });
  expect(rejected.status()).toBe(200);
  await guest.context().close();
});
