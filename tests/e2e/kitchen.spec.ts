/**
 * Kitchen and bar end to end, with the real server, database, STOMP endpoint and browsers: a guest
 * orders a freddo espresso and a club sandwich ("Snacks & salads") at umbrella 7 of the beach hotel
 * (store 7, which shows its guests the preparation); the waiter accepts on the PDA; the order is
 * split between the beach bar's display (station 7601: the freddo) and the kitchen's (7602: the
 * sandwich), two tablets (landscape, portrait) signed in with a PIN like any terminal of the store, each
 * showing its ticket within 2 s without a reload; the kitchen marks the sandwich ready and the
 * waiter's PDA shows it ready to carry; the guest is told it is being prepared, ready once the bar
 * made the freddo too, and on its way once the waiter took both. Umbrella 7207 is ordered from by no other spec. The one
 * faked edge is the clock: the server's (DEV_CLOCK_API) and the app's (GET /api/utils/date) at
 * noon in Athens, inside the beach bar's hours.
 */
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import { signInByApi, storeSessionInBrowser } from "./support/accounts";
import { atAthensTime } from "./support/athens-time";
import { atServerAthensTime, setServerClock, signInOnTerminal } from "./support/orders";
import { ScreenAudit, watchCspViolations } from "./support/screen-audit";
import { expect, test } from "./support/test";

const HOTEL = { storeId: 7, pda: 7499, venueName: "Αμμουδιά Beach Hotel" };
const BEACH_BAR = { id: 7601, name: "Μπαρ παραλίας" };
const KITCHEN = { id: 7602, name: "Κουζίνα" };
const UMBRELLA = { id: 7207, name: "Ομπρέλα 7", menu: "/beach-bar/7207" };
const PDA_VIEWPORT = { width: 360, height: 640 };
const TABLET_LANDSCAPE = { width: 1280, height: 800 };
const TABLET_PORTRAIT = { width: 800, height: 1280 };

test.beforeEach(async ({ request }) => {
  await atServerAthensTime(request, "12:00");
});

test.afterAll(async ({ request }) => {
  // The other suites take the server's clock as it really is.
  await setServerClock(request, new Date().toISOString());
});

/** A device of the store: opens the PDA spot (it becomes a terminal) and signs in with a PIN. */
async function staffDevice(
  browser: Browser,
  viewport: { width: number; height: number },
  pin: string,
): Promise<{ context: BrowserContext; page: Page; audit: ScreenAudit }> {
  const context = await browser.newContext({ viewport, locale: "el-GR", timezoneId: "Europe/Athens" });
  const audit = new ScreenAudit(await watchCspViolations(context));
  const page = await context.newPage();
  await atAthensTime(page, "12:00");
  await signInOnTerminal(page, { pda: HOTEL.pda, pin, venueName: HOTEL.venueName });
  return { context, page, audit };
}

const tabs = (page: Page) => page.getByRole("navigation", { name: "Καρτέλες προσωπικού" });

/** From the staff shell's kitchen tab to a station's display, as a cook sets up the tablet. */
async function openDisplay(page: Page, station: { id: number; name: string }): Promise<void> {
  await tabs(page)
    .getByRole("link", { name: /^Κουζίνα/ })
    .click();
  await expect(page).toHaveURL(`/kitchen/for-store/${HOTEL.storeId}/${HOTEL.pda}`);
  await page.getByRole("navigation", { name: "Οθόνες σταθμών" }).getByRole("link", { name: station.name }).click();
  await expect(page).toHaveURL(`/kitchen/for-store/${HOTEL.storeId}/${HOTEL.pda}/${station.id}`);
  await expect(page.getByRole("heading", { level: 1, name: station.name })).toBeVisible();
  // Pushed, not polled: the display is on the store's tickets topic before the guest orders.
  await expect(page.locator("section.kitchen-display")).toHaveAttribute("data-stream", "live");
}

/** The guest, in their own browser, sends a freddo espresso and a club sandwich (their defaults chosen). */
async function guestOrdersFreddoAndSandwich(browser: Browser, request: APIRequestContext) {
  const context = await browser.newContext({ viewport: PDA_VIEWPORT, locale: "el-GR" });
  const guest = await context.newPage();
  await atAthensTime(guest, "12:00");
  const session = await signInByApi(request);
  await guest.goto(UMBRELLA.menu);
  await storeSessionInBrowser(guest, session);
  await guest.reload();
  for (const item of ["Freddo espresso", "Club sandwich"]) {
    await guest.getByRole("button", { name: item, exact: true }).click();
    const dialog = guest.getByRole("dialog", { name: item });
    await dialog.getByRole("button", { name: /^Προσθήκη στ/ }).click();
    await expect(dialog).toBeHidden();
  }
  await guest.goto(`${UMBRELLA.menu}/cart`);
  await expect(guest.getByTestId("send-order")).toBeEnabled();
  await guest.getByTestId("send-order").click();
  await expect(guest.getByTestId("order-progress")).toHaveAttribute("data-stage", "waiting");
  return { context, page: guest };
}

test("an accepted order reaches each station's display within 2 s, split by what it makes; the kitchen marks it ready and the waiter's PDA shows it ready to carry; the guest reads being prepared, ready, on its way", async ({
  browser,
  request,
}) => {
  // Four browsers (a PDA, two tablets, a guest's phone) on a 2-core machine.
  test.setTimeout(180_000);
  const waiter = await staffDevice(browser, PDA_VIEWPORT, "2580");
  const bar = await staffDevice(browser, TABLET_LANDSCAPE, "3691");
  // The kitchen's tablet stands upright: one column of tickets.
  const kitchen = await staffDevice(browser, TABLET_PORTRAIT, "707070");
  await openDisplay(bar.page, BEACH_BAR);
  await openDisplay(kitchen.page, KITCHEN);

  const beeps = (page: Page) =>
    page.evaluate(() => Number(document.documentElement.dataset.kitchenTicketAlerts ?? "0"));
  const barBeepsBefore = await beeps(bar.page);

  const guest = await guestOrdersFreddoAndSandwich(browser, request);

  // The waiter accepts the umbrella's order on the live orders screen (where the PIN left the PDA).
  await expect(waiter.page).toHaveURL(/\/order-change-status$/);
  const order = waiter.page.locator("article[data-order-id]", { hasText: UMBRELLA.name });
  await expect(order).toHaveCount(1, { timeout: 15_000 });
  const accept = order.getByRole("button", { name: /^Αποδοχή παραγγελίας #/ });
  const number = /#(\d+)/.exec((await accept.getAttribute("aria-label")) ?? (await accept.textContent()) ?? "")?.[1];
  expect(number).toBeTruthy();
  const accepted = waiter.page.waitForResponse(
    (response) => response.request().method() === "POST" && /\/api\/staff\/orders\/\d+\/accept$/.test(response.url()),
  );
  await accept.click();
  expect((await accepted).status()).toBe(200);
  const acceptedAt = Date.now();

  // The guest's store shows preparation: accepted, and being prepared.
  const progress = guest.page.getByTestId("order-progress");
  await expect(progress).toHaveAttribute("data-preparation", "PREPARING");
  await expect(progress).toContainText("Ετοιμάζεται.");

  // Each station gets its own part of the order, pushed by the store's topic: no reload.
  const ticketName = `#${number} · ${UMBRELLA.name}`;
  const barTicket = bar.page.getByRole("article", { name: ticketName });
  const kitchenTicket = kitchen.page.getByRole("article", { name: ticketName });
  const [barMs, kitchenMs] = await Promise.all(
    [barTicket, kitchenTicket].map(async (ticket) => {
      await expect(ticket).toBeVisible({ timeout: 2_000 });
      return Date.now() - acceptedAt;
    }),
  );
  const timing = `after the accept's answer: beach bar display ${barMs} ms, kitchen display ${kitchenMs} ms`;
  test.info().annotations.push({ type: "timing", description: timing });
  console.log(`kitchen displays: ticket shown ${timing}`);
  // Heard and announced: one beep, and the polite live region reads the new ticket.
  expect(await beeps(bar.page)).toBe(barBeepsBefore + 1);
  await expect(bar.page.getByRole("status").filter({ hasText: `Νέο δελτίο ${ticketName}` })).toHaveText(
    `Νέο δελτίο ${ticketName}: 1 × Freddo espresso`,
  );
  await expect(barTicket).toContainText("Freddo espresso");
  await expect(barTicket).not.toContainText("Club sandwich");
  await expect(kitchenTicket).toContainText("Club sandwich");
  await expect(kitchenTicket).not.toContainText("Freddo espresso");
  await expect(kitchenTicket).toContainText("Στην ώρα του");
  await kitchen.page.screenshot({ path: "test-results/kitchen-display-kitchen-portrait.png" });
  await bar.page.screenshot({ path: "test-results/kitchen-display-bar.png" });
  await bar.audit.check(bar.page, "kitchen display (beach bar, landscape tablet)", { touchTargets: true });

  // The kitchen taps the sandwich: made. Its only line, so the ticket is ready and leaves the display.
  await kitchenTicket.getByRole("button", { name: /^1 × Club sandwich/ }).click();
  await expect(kitchenTicket).toHaveCount(0);
  await kitchen.audit.check(kitchen.page, "kitchen display after a ticket was made", { touchTargets: true });

  // The waiter's PDA, on any screen: the kitchen tab counts what is ready; the list shows it.
  const badge = tabs(waiter.page).getByTestId("ready-tickets-badge");
  await expect(badge).toBeVisible({ timeout: 5_000 });
  await tabs(waiter.page)
    .getByRole("link", { name: /^Κουζίνα/ })
    .click();
  const ready = waiter.page
    .getByRole("list", { name: "Έτοιμα για σερβίρισμα, τα παλαιότερα πρώτα" })
    .getByRole("article", { name: ticketName });
  await expect(ready).toContainText(KITCHEN.name);
  await expect(ready).toContainText("1 × Club sandwich");
  await waiter.audit.check(waiter.page, "kitchen tab: ready to carry (PDA)", { touchTargets: true });
  await waiter.page.screenshot({ path: "test-results/kitchen-ready-to-carry-pda.png" });

  // Half made: the guest still reads "being prepared". The bar makes the freddo: all made, "ready".
  await expect(progress).toHaveAttribute("data-preparation", "PREPARING");
  await barTicket.getByRole("button", { name: "Όλα έτοιμα" }).click();
  await expect(barTicket).toHaveCount(0);
  await expect(progress).toHaveAttribute("data-preparation", "READY", { timeout: 5_000 });
  await expect(progress).toContainText("Είναι έτοιμη και έρχεται σε λίγο.");

  // "Taking it", both: the tickets leave the list, and the guest reads it is on its way.
  const readyList = waiter.page.getByRole("list", { name: "Έτοιμα για σερβίρισμα, τα παλαιότερα πρώτα" });
  await expect(readyList.getByRole("article", { name: ticketName })).toHaveCount(2);
  const take = () =>
    readyList
      .getByRole("article", { name: ticketName })
      .first()
      .getByRole("button", { name: /^Το πήρα/ })
      .click();
  await take();
  await expect(readyList.getByRole("article", { name: ticketName })).toHaveCount(1);
  await take();
  await expect(readyList.getByRole("article", { name: ticketName })).toHaveCount(0);
  await expect(progress).toHaveAttribute("data-preparation", "ON_ITS_WAY", { timeout: 5_000 });
  await expect(progress).toContainText("Έρχεται σε εσάς.");

  const findings = [...bar.audit.findings, ...kitchen.audit.findings, ...waiter.audit.findings];
  expect(findings, findings.join("\n")).toEqual([]);
  await Promise.all([guest.context.close(), waiter.context.close(), bar.context.close(), kitchen.context.close()]);
});
