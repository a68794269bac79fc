/**
 * A second round while the first waits (spec §4 cart and ordering, design.md "Orders: exactly
 * once"): what a guest adds after sending is never part of the order already sent, goes out as an
 * order of its own with its own key, and is never lost by the first order's outcome or its Done,
 * online or offline. The waiter is played by API calls with a PIN session.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { freshGreekMobile, guestOrderHistory, readCode, signInByApi, storeSessionInBrowser } from "./support/accounts";
import { atAthensTime } from "./support/athens-time";
import { acceptOrder, atServerAthensTime, setServerClock, signInWaiter } from "./support/orders";
import { expect, test } from "./support/test";

/** Rotonda Café Bar: table 13401, café 07:00-18:00, waiter PIN 1324. */
const CAFE = { storeId: 132, menu: "/cafe/13401", pin: "1324" };

// Each test walks two rounds with a waiter in between: more steps than the suite's usual minute.
test.describe.configure({ timeout: 120_000 });
const cards = (page: Page) => page.getByTestId("order-progress");
const nextRound = (page: Page) => page.getByRole("heading", { name: "Η επόμενη παραγγελία σας" });

test.beforeEach(async ({ page, request }) => {
  await atServerAthensTime(request, "12:00");
  await atAthensTime(page, "12:00");
});

test.afterAll(async ({ request }) => {
  await setServerClock(request, new Date().toISOString());
});

/** Adds an item whose mandatory options have defaults, from the menu on screen. */
async function addFromMenu(page: Page, name: string): Promise<void> {
  await page.getByRole("button", { name, exact: true }).click();
  const dialog = page.getByRole("dialog", { name });
  await dialog.getByRole("button", { name: /^Προσθήκη στ/ }).click();
  await expect(dialog).toBeHidden();
}

/** From the menu to the cart and back inside the app (no page load: it works offline too). */
async function openCart(page: Page): Promise<void> {
  await page.getByRole("link", { name: /^Δείτε το καλάθι/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Το καλάθι μου" })).toBeVisible();
}

async function backToMenu(page: Page): Promise<void> {
  await page.getByRole("link", { name: "Πίσω στον κατάλογο" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Καφέ" })).toBeVisible();
}

/** The guest's orders as the server holds them: each order's lines, oldest first. */
async function itemsOfOrders(page: Page, request: APIRequestContext): Promise<string[][]> {
  type Held = { id: number; lines: { quantity: number; names: { ENG: { name: string } } }[] };
  const orders = (await guestOrderHistory(page, request)) as unknown as Held[];
  return orders
    .sort((a, b) => a.id - b.id)
    .map((order) => order.lines.map((line) => `${line.quantity}× ${line.names.ENG.name}`));
}

/** A signed-in guest at the café sends a Freddo espresso; it waits for the store. */
async function signedInGuestSendsFreddo(page: Page, request: APIRequestContext): Promise<void> {
  await page.goto(CAFE.menu);
  await storeSessionInBrowser(page, await signInByApi(request));
  await page.reload();
  await addFromMenu(page, "Freddo espresso");
  await openCart(page);
  await page.getByTestId("send-order").click();
  await expect(cards(page)).toHaveAttribute("data-stage", "waiting", { timeout: 15_000 });
}

async function acceptAll(request: APIRequestContext, page: Page): Promise<void> {
  const waiter = await signInWaiter(request, CAFE.pin, CAFE.storeId);
  for (const order of await guestOrderHistory(page, request)) await acceptOrder(request, waiter, order.id);
}

test("a round added while the first waits is its own order: the first card keeps what it sent, both are accepted, both in history, nothing is dropped by Done", async ({
  page,
  request,
}) => {
  // As the defect was found: a guest who is not signed in sends, signs in with the SMS code.
  const phone = freshGreekMobile();
  await page.goto(CAFE.menu);
  await addFromMenu(page, "Freddo espresso");
  await openCart(page);
  await page.getByTestId("send-order").click();
  const dialog = page.getByRole("dialog", { name: "Ολοκλήρωση παραγγελίας" });
  await dialog.getByLabel("Κινητό τηλέφωνο").fill(phone.national);
  await dialog.getByRole("button", { name: "Συνέχεια", exact: true }).click();
  await dialog.getByLabel("Κωδικός επαλήθευσης").fill(await readCode(request, phone.e164));
  await dialog.getByRole("button", { name: "Επαλήθευση" }).click();
  await expect(cards(page)).toHaveAttribute("data-stage", "waiting", { timeout: 15_000 });
  await expect(cards(page)).toContainText("Αναμονή αποδοχής");

  // While it waits: back to the menu, a Φραπέ.
  await backToMenu(page);
  await addFromMenu(page, "Φραπέ");
  await openCart(page);

  const first = cards(page).first();
  await expect(first.getByRole("list", { name: "Η παραγγελία σας" })).toHaveText("1× Freddo espresso");
  await expect(first).toContainText("3,00 €");
  await expect(nextRound(page)).toBeVisible();
  await page.getByTestId("send-order").click();
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).nth(1)).toHaveAttribute("data-stage", "waiting", { timeout: 15_000 });
  await expect(cards(page).nth(1).getByRole("list", { name: "Η παραγγελία σας" })).toHaveText("1× Φραπέ");

  expect(await itemsOfOrders(page, request)).toEqual([["1× Freddo espresso"], ["1× Frappé"]]);
  await acceptAll(request, page);
  await expect(cards(page).first()).toHaveAttribute("data-stage", "accepted", { timeout: 15_000 });
  await expect(cards(page).nth(1)).toHaveAttribute("data-stage", "accepted", { timeout: 15_000 });

  // Τέλος on each outcome: the cards go, the cart is empty, the history holds both.
  await cards(page).first().getByTestId("order-progress-done").click();
  await cards(page).first().getByTestId("order-progress-done").click();
  await expect(cards(page)).toHaveCount(0);
  await expect(page.getByText("Το καλάθι σας είναι άδειο")).toBeVisible();
  const history = await guestOrderHistory(page, request);
  expect(history.map((order) => order.status)).toEqual(["ACCEPTED", "ACCEPTED"]);
});

test("a next round added after the first is accepted, before Done, stays in the cart after Done and after a reload", async ({
  page,
  request,
}) => {
  await signedInGuestSendsFreddo(page, request);
  await acceptAll(request, page);
  await expect(cards(page)).toHaveAttribute("data-stage", "accepted", { timeout: 15_000 });

  await backToMenu(page);
  await addFromMenu(page, "Φραπέ");
  await openCart(page);
  // The outcome is still there to read, above the next round.
  await expect(cards(page)).toHaveAttribute("data-stage", "accepted");
  await page.reload();
  await expect(cards(page)).toHaveAttribute("data-stage", "accepted");
  await cards(page).getByTestId("order-progress-done").click();
  await expect(cards(page)).toHaveCount(0);
  await expect(page.locator(".cart__lines")).toContainText("Φραπέ");
  await expect(page.getByTestId("send-order")).toBeEnabled();
});

test("offline between the rounds: the second round is sent offline, goes out once on reconnect as its own order, and both are accepted", async ({
  page,
  context,
  request,
}) => {
  await signedInGuestSendsFreddo(page, request);

  await context.setOffline(true);
  await backToMenu(page);
  await addFromMenu(page, "Φραπέ");
  await openCart(page);
  await page.getByTestId("send-order").click();
  await expect(cards(page).nth(1)).toHaveAttribute("data-stage", "offline");
  await expect(cards(page).first().getByRole("list", { name: "Η παραγγελία σας" })).toHaveText("1× Freddo espresso");
  expect(await guestOrderHistory(page, request)).toHaveLength(1);

  await context.setOffline(false);
  await expect(cards(page).nth(1)).toHaveAttribute("data-stage", "waiting", { timeout: 20_000 });
  expect(await itemsOfOrders(page, request)).toEqual([["1× Freddo espresso"], ["1× Frappé"]]);
  await acceptAll(request, page);
  await expect(cards(page).first()).toHaveAttribute("data-stage", "accepted", { timeout: 15_000 });
  await expect(cards(page).nth(1)).toHaveAttribute("data-stage", "accepted", { timeout: 15_000 });
});
