/**
 * Table openings end to end, on a PDA viewport (360x640), with
 * the real server, database and browser. Guests' orders are placed through the API as the guest
 * (the guest's screens are proven by orders.spec.ts); the waiter's PDA is the browser under test.
 * The one faked edge is the clock: the server's (DEV_CLOCK_API) is put at noon in Athens.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { type E2eSession, signInByApi, storeSessionInBrowser } from "./support/accounts";
import { atAthensTime } from "./support/athens-time";
import {
  acceptOrder,
  atServerAthensTime,
  setServerClock,
  signInOnTerminal,
  signInWaiter,
  staffHeaders,
} from "./support/orders";
import { expect, test } from "./support/test";

test.use({ viewport: { width: 360, height: 640 } });

/** Rotonda Café Bar: café 13201 at tables 13401..; waiters 1324 (Γιώργος) and 5768; PDA spot 13499. */
const CAFE = { storeId: 132, serviceId: 13201, pda: 13499, pin: "1324", otherPin: "5768" };
/** Ammoudia Beach Hotel: beach bar 7001 (pool chair 7234), room service 7002 (room 7302); PDA 7499. */
const HOTEL = { storeId: 7, beachBar: 7001, roomService: 7002, pda: 7499, pin: "2580" };

interface Line {
  itemId: number;
  quantity: number;
  priceCents: number;
}

let guest: E2eSession;

test.beforeAll(async ({ request }) => {
  await atServerAthensTime(request, "12:00");
  guest = await signInByApi(request);
});

test.afterAll(async ({ request }) => {
  await setServerClock(request, new Date().toISOString());
});

/** A guest's cash order, placed and then accepted by the waiter: the spot's opening starts or grows. */
async function acceptedOrder(
  request: APIRequestContext,
  waiter: { authToken: string; jwt: string },
  order: { serviceId: number; tableId: number; lines: Line[]; surchargePercent?: number },
): Promise<number> {
  const subtotal = order.lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const total = subtotal + Math.round((subtotal * (order.surchargePercent ?? 0)) / 100);
  const answer = await request.post("/api/orders", {
    headers: { authToken: guest.authToken, jwt: guest.jwt, "idempotency-key": crypto.randomUUID() },
    data: {
      serviceId: order.serviceId,
      tableId: order.tableId,
      lines: order.lines.map((line) => ({
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
  const { id } = (await answer.json()) as { id: number };
  await acceptOrder(request, waiter, id);
  return id;
}

/** The waiter's PDA: a PIN session stored where the app keeps it, on the store's open-tables screen. */
async function pdaOf(page: Page, request: APIRequestContext, pin: string, storeId: number, pda: number, rooms = false) {
  const answer = await request.post(`/api/authenticate/login/pin?pin=${pin}&storeId=${storeId}`);
  const login = (await answer.json()) as { authToken: { token: string; user: E2eSession["user"] }; jwt: string };
  await atAthensTime(page, "12:00");
  await page.goto("/pin");
  await storeSessionInBrowser(page, { authToken: login.authToken.token, jwt: login.jwt, user: login.authToken.user });
  await page.goto(`/open-${rooms ? "rooms" : "tables"}/for-store/${storeId}/${pda}`);
}

/** The close-table log calls the page sends (POST /api/log/close-table-… and table-closed-…). */
function closeTableLogsOf(page: Page) {
  const logs: { event: string; url: string; body: Record<string, unknown>; hasAuthHeaders: boolean }[] = [];
  page.on("request", (sent) => {
    const event = /\/api\/log\/((?:close-table|table-closed|error-at-close)[^/?]*)/.exec(sent.url())?.[1];
    if (event === undefined || sent.method() !== "POST") return;
    const headers = sent.headers();
    logs.push({
      event,
      url: sent.url(),
      body: sent.postDataJSON() as Record<string, unknown>,
      hasAuthHeaders: headers.authtoken !== undefined && headers.jwt !== undefined,
    });
  });
  return logs;
}

function openingCard(page: Page, spot: string) {
  return page.getByRole("link", { name: new RegExp(`^${spot}: `) });
}

async function selectLine(page: Page, name: string) {
  await page.getByRole("checkbox", { name: `Επιλογή: ${name}` }).check();
}

async function pay(page: Page, button: RegExp, type: string) {
  await page.getByRole("button", { name: button }).click();
  const sheet = page.getByRole("dialog");
  await sheet.getByRole("button", { name: type, exact: true }).click();
  await sheet.getByRole("button", { name: /^Πληρωμή .*:/ }).click();
  await expect(sheet).toBeHidden();
}

test("a table appears live, pays two lines by card, treats one, closes the rest in cash and prints the final receipt", async ({
  page,
  request,
}) => {
  const waiter = await signInWaiter(request, CAFE.pin, CAFE.storeId);
  const logs = closeTableLogsOf(page);
  await pdaOf(page, request, CAFE.pin, CAFE.storeId, CAFE.pda);
  await expect(page.getByRole("heading", { name: "Ανοιχτά τραπέζια" })).toBeVisible();

  await acceptedOrder(request, waiter, {
    serviceId: CAFE.serviceId,
    tableId: 13403,
    lines: [
      { itemId: 132204, quantity: 1, priceCents: 280 },
      { itemId: 132205, quantity: 1, priceCents: 380 },
      { itemId: 132401, quantity: 2, priceCents: 120 },
      { itemId: 132402, quantity: 1, priceCents: 380 },
    ],
  });
  // Live: no reload, the list reads itself again within seconds.
  await expect(openingCard(page, "Τραπέζι 3")).toBeVisible({ timeout: 15_000 });
  await expect(openingCard(page, "Τραπέζι 3")).toContainText("12,80");
  await openingCard(page, "Τραπέζι 3").click();
  await expect(page.getByTestId("remaining")).toHaveText(/12,80/);

  await selectLine(page, "Καφές φίλτρου");
  await selectLine(page, "Flat white");
  await pay(page, /^Πληρωμή επιλεγμένων$/, "Κάρτα");
  await expect(page.getByTestId("remaining")).toHaveText(/6,20/);

  await selectLine(page, "Κουλούρι Θεσσαλονίκης");
  await page.getByRole("button", { name: "Κέρασμα", exact: true }).click();
  await page.getByRole("dialog").getByLabel("Αιτία").fill("Τακτικός πελάτης");
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /^Κέρασμα / })
    .click();
  await expect(page.getByTestId("remaining")).toHaveText(/3,80/);

  await pay(page, /^Κλείσιμο τραπεζιού$/, "Μετρητά");
  await expect(page.getByRole("button", { name: "Τελική απόδειξη" })).toBeVisible();
  await expect(page.getByTestId("remaining")).toHaveText(/0,00/);

  await page.getByRole("button", { name: "Τελική απόδειξη" }).click();
  await expect(page).toHaveURL(/\/receipts\/\d+/);
  await expect(page.getByTestId("receipt-total")).toHaveText(/12,80/);
  await expect(page.getByTestId("receipt-paid")).toHaveText(/10,40/);
  await expect(page.getByTestId("receipt-owed")).toHaveText(/0,00/);
  await expect(page.locator(".receipt")).toContainText("Κέρασμα");
  await expect(page.locator(".receipt")).toContainText(/Κάρτα: 6,60/);
  await expect(page.locator(".receipt")).toContainText(/Μετρητά: 3,80/);

  // Spec §7 close-table log calls: each with the opening's id (and the payment type), the staff
  // session in headers, never a token in the URL.
  await expect
    .poll(() => logs.map((log) => log.event), { timeout: 20_000 })
    .toEqual(
      expect.arrayContaining([
        "close-table-screen-initialized",
        "close-table-button-pressed",
        "close-table-confirmed",
        "table-closed-successfully",
      ]),
    );
  const openingIds = new Set(logs.map((log) => log.body.tableOpeningId));
  expect(openingIds.size).toBe(1);
  expect(typeof [...openingIds][0]).toBe("number");
  expect(logs.find((log) => log.event === "close-table-button-pressed")?.body.paymentType).toBe("CASH");
  for (const log of logs) {
    expect(log.url).not.toContain("?");
    expect(log.hasAuthHeaders).toBe(true);
  }
});

test("moves a table; a stale close hears who closed it; a close made offline is pending and goes out once", async ({
  page,
  request,
}) => {
  const waiter = await signInWaiter(request, CAFE.pin, CAFE.storeId);
  const other = await signInWaiter(request, CAFE.otherPin, CAFE.storeId);
  await acceptedOrder(request, waiter, {
    serviceId: CAFE.serviceId,
    tableId: 13404,
    lines: [{ itemId: 132204, quantity: 1, priceCents: 280 }],
  });
  await pdaOf(page, request, CAFE.pin, CAFE.storeId, CAFE.pda);
  await openingCard(page, "Τραπέζι 4").click();
  await page.getByRole("button", { name: "Μεταφορά τραπεζιού" }).click();
  await page.getByRole("dialog").getByLabel("Τραπέζι 6").check();
  await page.getByRole("dialog").getByRole("button", { name: "Μεταφορά", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Τραπέζι 6");
  const openingId = Number(/\/(\d+)$/.exec(page.url())?.[1]);

  // This waiter is about to close it in cash when another waiter closes it first.
  await page.getByRole("button", { name: "Κλείσιμο τραπεζιού" }).click();
  const sheet = page.getByRole("dialog");
  await sheet.getByRole("button", { name: "Μετρητά", exact: true }).click();
  const detail = await (await request.get(`/api/staff/openings/${openingId}`, { headers: staffHeaders(other) })).json();
  const closed = await request.post(`/api/staff/openings/${openingId}/close`, {
    headers: { ...staffHeaders(other), "idempotency-key": crypto.randomUUID() },
    data: { version: detail.version, payment: { type: "CASH" } },
  });
  expect(closed.status()).toBe(200);
  await sheet.getByRole("button", { name: /^Πληρωμή .*:/ }).click();
  await expect(page.getByText(/Το τραπέζι έκλεισε από τον\/την Δέσποινα Τσολάκη στις \d\d:\d\d/)).toBeVisible();

  // Offline: the close is kept, shown as pending, and sent once when the connection returns.
  await acceptedOrder(request, waiter, {
    serviceId: CAFE.serviceId,
    tableId: 13407,
    lines: [{ itemId: 132205, quantity: 1, priceCents: 380 }],
  });
  await page.goto(`/open-tables/for-store/${CAFE.storeId}/${CAFE.pda}`);
  await openingCard(page, "Τραπέζι 7").click();
  await expect(page.getByTestId("remaining")).toHaveText(/3,80/);
  const offlineId = Number(/\/(\d+)$/.exec(page.url())?.[1]);
  await page.context().setOffline(true);
  await pay(page, /^Κλείσιμο τραπεζιού$/, "Μετρητά");
  await expect(page.getByText(/θα σταλεί μία φορά/).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Κλείσιμο τραπεζιού" })).toBeDisabled();
  await page.context().setOffline(false);
  await expect(page.getByRole("button", { name: "Τελική απόδειξη" })).toBeVisible({ timeout: 30_000 });
  const after = await (await request.get(`/api/staff/openings/${offlineId}`, { headers: staffHeaders(waiter) })).json();
  expect(after.status).toBe("CLOSED");
  expect(after.payments).toHaveLength(1);
});

test("a table moved onto a table with an open opening merges into it, and the PDA shows the merged table", async ({
  page,
  request,
}) => {
  const waiter = await signInWaiter(request, CAFE.pin, CAFE.storeId);
  await acceptedOrder(request, waiter, {
    serviceId: CAFE.serviceId,
    tableId: 13410,
    lines: [{ itemId: 132204, quantity: 1, priceCents: 280 }],
  });
  await acceptedOrder(request, waiter, {
    serviceId: CAFE.serviceId,
    tableId: 13411,
    lines: [{ itemId: 132205, quantity: 1, priceCents: 380 }],
  });
  await pdaOf(page, request, CAFE.pin, CAFE.storeId, CAFE.pda);
  await openingCard(page, "Τραπέζι 10").click();
  const movedFrom = page.url();
  await page.getByRole("button", { name: "Μεταφορά τραπεζιού" }).click();
  await page.getByRole("dialog").getByLabel("Τραπέζι 11").check();
  await page.getByRole("dialog").getByRole("button", { name: "Μεταφορά", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Τραπέζι 11");
  expect(page.url()).not.toBe(movedFrom);
  await expect(page.getByTestId("remaining")).toHaveText(/6,60/);
});

test("a hotel room's opening shows on open rooms and takes a charge to room from the pool bar", async ({
  page,
  request,
}) => {
  const waiter = await signInWaiter(request, HOTEL.pin, HOTEL.storeId);
  await acceptedOrder(request, waiter, {
    serviceId: HOTEL.roomService,
    // Room 102: room 101 takes the night order of first-impressions.spec.ts on the same server.
    tableId: 7302,
    lines: [{ itemId: 70902, quantity: 1, priceCents: 1600 }],
    surchargePercent: 10,
  });
  await acceptedOrder(request, waiter, {
    serviceId: HOTEL.beachBar,
    tableId: 7234,
    lines: [{ itemId: 70202, quantity: 2, priceCents: 450 }],
  });
  await pdaOf(page, request, HOTEL.pin, HOTEL.storeId, HOTEL.pda, true);
  await expect(page.getByRole("heading", { name: "Ανοιχτά δωμάτια" })).toBeVisible();
  await expect(openingCard(page, "Δωμάτιο 102")).toContainText("17,60");

  await page.getByRole("link", { name: "Ανοιχτά τραπέζια" }).click();
  await openingCard(page, "Ξαπλώστρα 4").click();
  await page.getByRole("button", { name: "Κλείσιμο τραπεζιού" }).click();
  const sheet = page.getByRole("dialog");
  await sheet.getByRole("button", { name: "Χρέωση στο δωμάτιο", exact: true }).click();
  await sheet.getByLabel("Δωμάτιο 102").check();
  await sheet.getByRole("button", { name: /^Πληρωμή .*:/ }).click();
  await expect(page.getByRole("button", { name: "Τελική απόδειξη" })).toBeVisible();

  await page.goto(`/open-rooms/for-store/${HOTEL.storeId}/${HOTEL.pda}`);
  await expect(openingCard(page, "Δωμάτιο 102")).toContainText("26,60");
});

test("a guest, or a waiter of another store, gets the not-allowed screen", async ({ page, request }) => {
  await pdaOf(page, request, CAFE.pin, CAFE.storeId, CAFE.pda);
  await page.goto(`/open-tables/for-store/${HOTEL.storeId}/${HOTEL.pda}`);
  await expect(
    page.getByRole("heading", { name: "Αυτή η οθόνη είναι για το προσωπικό του καταστήματος" }),
  ).toBeVisible();
});

test("a payment made offline and refused once back (another waiter paid that same line meanwhile) is said on every staff screen until seen", async ({
  page,
  request,
}) => {
  const waiter = await signInWaiter(request, CAFE.pin, CAFE.storeId);
  const other = await signInWaiter(request, CAFE.otherPin, CAFE.storeId);
  // Τραπέζι 6: this file's alone (the move above ended there, closed).
  await acceptedOrder(request, waiter, {
    serviceId: CAFE.serviceId,
    tableId: 13406,
    lines: [
      { itemId: 132204, quantity: 1, priceCents: 280 },
      { itemId: 132205, quantity: 1, priceCents: 380 },
    ],
  });
  // The store's PDA, as a waiter signs in on it: its staff shell (tabs, notices) shows.
  await atAthensTime(page, "12:00");
  await signInOnTerminal(page, { pda: CAFE.pda, pin: CAFE.pin });
  await page.goto(`/open-tables/for-store/${CAFE.storeId}/${CAFE.pda}`);
  await openingCard(page, "Τραπέζι 6").click();
  await expect(page.getByTestId("remaining")).toHaveText(/6,60/);
  const openingId = Number(/\/(\d+)$/.exec(page.url())?.[1]);

  await page.context().setOffline(true);
  await selectLine(page, "Flat white");
  await pay(page, /^Πληρωμή επιλεγμένων$/, "Κάρτα");
  // The pending notice names the action in words, not its code name.
  await expect(page.getByText(/θα σταλεί μία φορά: Πληρωμή 3,80\s€ · Τραπέζι 6/)).toBeVisible();
  await page.getByRole("link", { name: "Τραπέζια" }).click();
  await expect(page.getByRole("heading", { name: "Ανοιχτά τραπέζια" })).toBeVisible();

  // Meanwhile the other waiter takes the flat white's payment himself (a payment of another line
  // would not stand in the way: only a change of the same line does).
  const detail = await (await request.get(`/api/staff/openings/${openingId}`, { headers: staffHeaders(other) })).json();
  const flatWhite = detail.lines.find((line: { amountCents: number }) => line.amountCents === 380);
  const paid = await request.post(`/api/staff/openings/${openingId}/pay`, {
    headers: { ...staffHeaders(other), "idempotency-key": crypto.randomUUID() },
    data: { version: detail.version, lines: [{ lineId: flatWhite.id }], payment: { type: "CASH" } },
  });
  expect(paid.status(), await paid.text()).toBe(200);

  await page.context().setOffline(false);
  const refused = page.getByRole("alert").filter({ hasText: /Δεν καταχωρίστηκε: Πληρωμή 3,80\s€ · Τραπέζι 6\./ });
  await expect(refused).toBeVisible({ timeout: 30_000 });
  // A clear message: who settled the item first, and when.
  await expect(refused).toContainText(/εξόφλησε ήδη ένα είδος στις/);
  // Still there on another staff screen, until someone has seen it.
  await page.getByRole("link", { name: "Παραγγελίες" }).click();
  await expect(refused).toBeVisible();
  await refused.getByRole("button", { name: "Το είδα" }).click();
  await expect(refused).toBeHidden();
  const after = await (await request.get(`/api/staff/openings/${openingId}`, { headers: staffHeaders(waiter) })).json();
  expect(after.payments).toHaveLength(1);
  expect(after.amounts.remainingCents).toBe(280);
});
