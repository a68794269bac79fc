/**
 * Guests pay at their table, end to end: two guests at one café table, each in a phone of their
 * own (two browser contexts, 360x640), and the waiter's PDA (a third), with the real server,
 * database, STOMP endpoint, sandbox card and browser. The guests' orders are placed through the API
 * as each guest (orders.spec.ts proves the ordering screens); everything after the waiter's accept
 * is the screens under test. The one faked edge is the clock: noon in Athens.
 */
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import { type E2eSession, signInByApi, storeSessionInBrowser } from "./support/accounts";
import { atAthensTime } from "./support/athens-time";
import {
  acceptOrder,
  atServerAthensTime,
  type StaffSession,
  setServerClock,
  signInOnTerminal,
  signInWaiter,
  staffHeaders,
} from "./support/orders";
import { ScreenAudit, watchCspViolations } from "./support/screen-audit";
import { expect, test } from "./support/test";

test.use({ viewport: { width: 360, height: 640 } });

/** Rotonda Café Bar: café 13201 at tables 13401..; waiter 1324 (Γιώργος); PDA spot 13499. */
const CAFE = { storeId: 132, serviceId: 13201, pda: 13499, pin: "1324" };
/** Filter coffee 2.80, flat white 3.80, koulouri 1.20, freddo 3.80. */
const ITEMS = { filter: 132204, flatWhite: 132205, koulouri: 132401, freddo: 132402 };

test.beforeAll(async ({ request }) => {
  await atServerAthensTime(request, "12:00");
});

test.afterAll(async ({ request }) => {
  await setServerClock(request, new Date().toISOString());
});

/** A guest's cash order at a table, placed through the API as that guest. */
async function order(
  request: APIRequestContext,
  guest: E2eSession,
  tableId: number,
  lines: Array<{ itemId: number; quantity: number; priceCents: number }>,
): Promise<number> {
  const total = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const answer = await request.post("/api/orders", {
    headers: { authToken: guest.authToken, jwt: guest.jwt, "idempotency-key": crypto.randomUUID() },
    data: {
      serviceId: CAFE.serviceId,
      tableId,
      lines: lines.map((line) => ({
        itemId: line.itemId,
        quantity: line.quantity,
        kilos: null,
        comment: "",
        selection: {},
      })),
      comment: "",
      expectedTotalCents: total,
      scheduledFor: null,
      payment: { type: "CASH" },
      selectedTableId: null,
      deliveryInfo: null,
      location: null,
      language: "GRE",
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { id: number }).id;
}

/** A guest's phone, signed in, on the table's bill. */
async function guestPhone(
  browser: Browser,
  session: E2eSession,
  tableId: number,
): Promise<{ context: BrowserContext; page: Page; audit: ScreenAudit }> {
  const context = await browser.newContext({ viewport: { width: 360, height: 640 }, locale: "el-GR" });
  const audit = new ScreenAudit(await watchCspViolations(context));
  const page = await context.newPage();
  await atAthensTime(page, "12:00");
  await page.goto(`/menu/${tableId}`);
  await storeSessionInBrowser(page, session);
  await page.reload();
  await page.getByRole("link", { name: "Ο λογαριασμός" }).click();
  await expect(page).toHaveURL(new RegExp(`/menu/${tableId}/bill$`));
  return { context, page, audit };
}

async function payWithNewCard(page: Page): Promise<void> {
  await page.getByRole("radio", { name: "Νέα κάρτα" }).check();
  await page.getByLabel("Αριθμός κάρτας").fill("4242 4242 4242 4242");
  await page.getByLabel(/MM\/YY/).fill("12/30");
  await page.getByLabel("Κωδικός ασφαλείας").fill("123");
  await page.getByRole("button", { name: "Χρήση αυτής της κάρτας" }).click();
  await expect(page.locator(".new-card__ready")).toBeVisible();
}

async function openingOf(request: APIRequestContext, waiter: StaffSession, tableId: number) {
  const list = await request.get("/api/staff/openings?kind=tables", { headers: staffHeaders(waiter) });
  const openings = ((await list.json()) as { openings: Array<{ id: number; spot: { id: number } }> }).openings;
  const opening = openings.find((candidate) => candidate.spot.id === tableId);
  if (opening === undefined) return null;
  const detail = await request.get(`/api/staff/openings/${opening.id}`, { headers: staffHeaders(waiter) });
  return (await detail.json()) as {
    id: number;
    version: number;
    payments: Array<{ amountCents: number; tipCents: number }>;
  };
}

/** The café's tables are shared with other specs (one server for the run): each test leaves its table closed. */
async function closeIfOpen(request: APIRequestContext, waiter: StaffSession, tableId: number): Promise<void> {
  const opening = await openingOf(request, waiter, tableId);
  if (opening === null) return;
  const closed = await request.post(`/api/staff/openings/${opening.id}/close`, {
    headers: { ...staffHeaders(waiter), "idempotency-key": crypto.randomUUID() },
    data: { version: opening.version, payment: { type: "CASH" } },
  });
  expect(closed.status(), await closed.text()).toBe(200);
}

const alertsSounded = (page: Page) =>
  page.evaluate(() => Number(document.documentElement.dataset.staffOrderAlerts ?? "0"));

test("two guests split a table: one pays half by card with a 10 % tip, the other pays the waiter in cash; the PDA sees both, the waiter closes, both phones show it settled", async ({
  page,
  browser,
  request,
}) => {
  const TABLE = 13406;
  const waiter = await signInWaiter(request, CAFE.pin, CAFE.storeId);
  const [sessionA, sessionB] = [await signInByApi(request), await signInByApi(request)];
  // 2.80 + 3.80 for A, 3.80 + 2 x 1.20 for B: 12.80 in all, 6.40 each.
  await acceptOrder(
    request,
    waiter,
    await order(request, sessionA, TABLE, [
      { itemId: ITEMS.filter, quantity: 1, priceCents: 280 },
      { itemId: ITEMS.flatWhite, quantity: 1, priceCents: 380 },
    ]),
  );
  await acceptOrder(
    request,
    waiter,
    await order(request, sessionB, TABLE, [
      { itemId: ITEMS.freddo, quantity: 1, priceCents: 380 },
      { itemId: ITEMS.koulouri, quantity: 2, priceCents: 120 },
    ]),
  );

  // The waiter's PDA on live orders, where calls ring like new orders.
  await atAthensTime(page, "12:00");
  await signInOnTerminal(page, { pda: CAFE.pda, pin: CAFE.pin, venueName: "Ροτόντα Café Bar" });

  const a = await guestPhone(browser, sessionA, TABLE);
  const b = await guestPhone(browser, sessionB, TABLE);
  try {
    await expect(a.page.getByTestId("bill-owed")).toHaveText(/12,80/);
    await a.audit.check(a.page, "bill (el)", { touchTargets: true });

    // Guest A: an equal share of two, with a 10 % tip, by a new card.
    await a.page.getByRole("radio", { name: "Ένα ίσο μερίδιο" }).check();
    await a.page.getByLabel("Μοιρασμένο σε (άτομα)").fill("2");
    await expect(a.page.getByTestId("bill-pay-amount")).toHaveText(/6,40/);
    // No tip is ever chosen for the guest.
    await expect(a.page.getByRole("radio", { name: "Χωρίς φιλοδώρημα" })).toBeChecked();
    await a.page.getByRole("radio", { name: /^10 %/ }).check();
    await expect(a.page.getByTestId("bill-pay-charged")).toHaveText(/7,04/);
    await payWithNewCard(a.page);
    // Audited from the top: a control scrolled half under the sticky header is not what is on screen.
    await a.page.evaluate(() => window.scrollTo(0, 0));
    await a.audit.check(a.page, "bill paying (el)");
    await a.page.getByTestId("bill-pay-button").click();
    await expect(a.page.getByTestId("bill-receipt")).toBeVisible();
    await expect(a.page.getByText(/•••• 4242/).first()).toBeVisible();
    await expect(a.page.getByTestId("bill-owed")).toHaveText(/6,40/);

    // Guest B sees it live, in English, and pays the rest to the waiter in cash.
    await expect(b.page.getByTestId("bill-owed")).toHaveText(/6,40/, { timeout: 10_000 });
    await b.page.getByRole("button", { name: /^(Language|Γλώσσα):/ }).click();
    await b.page.getByRole("dialog").getByRole("button", { name: "English" }).click();
    await expect(b.page.getByRole("heading", { level: 1, name: "The bill" })).toBeVisible();
    await b.audit.check(b.page, "bill (en)", { touchTargets: true });
    await b.page.getByRole("radio", { name: /^Everything left/ }).check();
    const before = await alertsSounded(page);
    await b.page.getByRole("button", { name: "I will pay the waiter in cash" }).click();
    await expect(b.page.getByText(/waiter is coming/i)).toBeVisible();

    // The PDA: B's request rings and shows, A's payment and tip are on the table.
    const call = page.getByText("Τραπέζι 6 ζητά λογαριασμό, μετρητά");
    await expect(call).toBeVisible({ timeout: 10_000 });
    await expect.poll(() => alertsSounded(page)).toBeGreaterThan(before);
    await page.getByRole("button", { name: "Έρχομαι" }).first().click();
    await expect(call).toBeHidden({ timeout: 10_000 });
    const opening = await openingOf(request, waiter, TABLE);
    expect(opening?.payments).toEqual([expect.objectContaining({ amountCents: 640, tipCents: 64 })]);
    await page.getByRole("navigation", { name: "Καρτέλες προσωπικού" }).getByRole("link", { name: "Τραπέζια" }).click();
    await page.getByRole("link", { name: /^Τραπέζι 6: / }).click();
    await expect(page.getByTestId("remaining")).toHaveText(/6,40/);
    await expect(page.getByText(/Visa •••• 4242/)).toBeVisible();
    await expect(page.getByText(/0,64/).first()).toBeVisible();

    // The waiter takes B's cash and closes the table.
    await page.getByRole("button", { name: /^Κλείσιμο τραπεζιού$/ }).click();
    const sheet = page.getByRole("dialog");
    await sheet.getByRole("button", { name: "Μετρητά", exact: true }).click();
    await sheet.getByRole("button", { name: /^Πληρωμή .*:/ }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByTestId("remaining")).toHaveText(/0,00/);

    // Both phones: settled, without a reload.
    await expect(a.page.getByTestId("bill-settled")).toBeVisible({ timeout: 10_000 });
    await expect(b.page.getByTestId("bill-settled")).toBeVisible({ timeout: 10_000 });
    expect(a.audit.findings.concat(b.audit.findings)).toEqual([]);
  } finally {
    await a.context.close();
    await b.context.close();
    await closeIfOpen(request, waiter, TABLE);
  }
});

test("two phones pay the same line at once: one is charged, the other gets a clear refusal and no charge", async ({
  browser,
  request,
}) => {
  const TABLE = 13407;
  const waiter = await signInWaiter(request, CAFE.pin, CAFE.storeId);
  const [sessionA, sessionB] = [await signInByApi(request), await signInByApi(request)];
  await acceptOrder(
    request,
    waiter,
    await order(request, sessionA, TABLE, [{ itemId: ITEMS.flatWhite, quantity: 1, priceCents: 380 }]),
  );
  await acceptOrder(
    request,
    waiter,
    await order(request, sessionB, TABLE, [{ itemId: ITEMS.filter, quantity: 1, priceCents: 280 }]),
  );
  const a = await guestPhone(browser, sessionA, TABLE);
  const b = await guestPhone(browser, sessionB, TABLE);
  try {
    for (const phone of [a.page, b.page]) {
      await phone.getByRole("radio", { name: "Επιλεγμένα είδη" }).check();
      await phone.getByRole("checkbox", { name: /Flat white/ }).check();
      await expect(phone.getByTestId("bill-pay-amount")).toHaveText(/3,80/);
      await payWithNewCard(phone);
    }
    await Promise.all([a.page.getByTestId("bill-pay-button").click(), b.page.getByTestId("bill-pay-button").click()]);
    const receipts = async () =>
      (await a.page.getByTestId("bill-receipt").count()) + (await b.page.getByTestId("bill-receipt").count());
    await expect.poll(receipts, { timeout: 15_000 }).toBe(1);
    const loser = (await a.page.getByTestId("bill-receipt").count()) === 1 ? b.page : a.page;
    await expect(loser.getByTestId("bill-error")).toBeVisible({ timeout: 10_000 });
    const opening = await openingOf(request, waiter, TABLE);
    expect(opening?.payments).toEqual([expect.objectContaining({ amountCents: 380 })]);
  } finally {
    await a.context.close();
    await b.context.close();
    await closeIfOpen(request, waiter, TABLE);
  }
});
