/**
 * The close-table log calls of spec §7 that only a failed or abandoned close sends, end to end on a
 * PDA viewport: the waiter backs out of the close sheet (close-table-cancelled), confirms it with
 * no payment type (close-table-not-correctly-inputs-filled, with its reason), and the close call
 * fails (error-at-close-table; the failure is made with page.route). Each goes out as POST
 * /api/log/{event} with the table opening's id. Then the table is closed for real, so the shared
 * server is left without an open table here.
 * The hotel's restaurant table 7406 ("Τραπέζι 6", 4 seats, section "Βεράντα") is used by no other
 * spec; its opening starts with a waiter's order from the PDA spot 7499, placed through the API.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { type E2eSession, storeSessionInBrowser } from "./support/accounts";
import { atAthensTime } from "./support/athens-time";
import { atServerAthensTime, setServerClock, signInWaiter, staffHeaders } from "./support/orders";
import { ScreenAudit, watchCspViolations } from "./support/screen-audit";
import { expect, test } from "./support/test";

test.use({ viewport: { width: 360, height: 640 } });

/** Restaurant 7003 (12:30-23:00) of the beach hotel; Νίκος's PIN 2580; tzatziki 6,00 €. */
const HOTEL = { storeId: 7, restaurant: 7003, pda: 7499, pin: "2580", table: 7406, tableName: "Τραπέζι 6" };
const TZATZIKI = { itemId: 71501, priceCents: 600 };

test.beforeAll(async ({ request }) => {
  await atServerAthensTime(request, "14:00");
});

test.afterAll(async ({ request }) => {
  await setServerClock(request, new Date().toISOString());
});

/** A waiter's order for table 7406 from the PDA spot: accepted at once, it opens the table. */
async function openTable(request: APIRequestContext): Promise<number> {
  const waiter = await signInWaiter(request, HOTEL.pin, HOTEL.storeId);
  const placed = await request.post("/api/orders", {
    headers: { ...staffHeaders(waiter), "idempotency-key": crypto.randomUUID() },
    data: {
      serviceId: HOTEL.restaurant,
      tableId: HOTEL.pda,
      lines: [{ itemId: TZATZIKI.itemId, quantity: 1, kilos: null, comment: "", selection: {} }],
      comment: "",
      expectedTotalCents: TZATZIKI.priceCents,
      scheduledFor: null,
      payment: { type: "CASH" },
      selectedTableId: HOTEL.table,
      deliveryInfo: null,
      location: null,
      language: "GRE",
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const list = await request.get("/api/staff/openings?kind=tables", { headers: staffHeaders(waiter) });
  const { openings } = (await list.json()) as { openings: { id: number; spot: { id: number } }[] };
  const opening = openings.find((o) => o.spot.id === HOTEL.table);
  expect(opening).toBeDefined();
  return opening?.id ?? 0;
}

/** The close-table log calls the page sends, with their bodies. */
function closeTableLogsOf(page: Page) {
  const logs: { event: string; body: Record<string, unknown> }[] = [];
  page.on("request", (sent) => {
    const event = /\/api\/log\/((?:close-table|table-closed|error-at-close)[^/?]*)/.exec(sent.url())?.[1];
    if (event === undefined || sent.method() !== "POST") return;
    logs.push({ event, body: sent.postDataJSON() as Record<string, unknown> });
  });
  return logs;
}

/** The waiter's PDA: the PIN session stored where the app keeps it, on the hotel's open tables. */
async function openTablesOnPda(page: Page, request: APIRequestContext) {
  const answer = await request.post(`/api/authenticate/login/pin?pin=${HOTEL.pin}&storeId=${HOTEL.storeId}`);
  const login = (await answer.json()) as { authToken: { token: string; user: E2eSession["user"] }; jwt: string };
  await atAthensTime(page, "14:00");
  await page.goto("/pin");
  await storeSessionInBrowser(page, { authToken: login.authToken.token, jwt: login.jwt, user: login.authToken.user });
  await page.goto(`/open-tables/for-store/${HOTEL.storeId}/${HOTEL.pda}`);
}

test("spec §7 L23 L25 L26: a close backed out of, confirmed without a payment type and failing each sends its log call with the opening's id", async ({
  page,
  request,
}) => {
  const audit = new ScreenAudit(await watchCspViolations(page.context()));
  const openingId = await openTable(request);
  const logs = closeTableLogsOf(page);
  const sent = (event: string) => logs.filter((log) => log.event === event);
  await openTablesOnPda(page, request);

  // The open table's card names its seats (spec §3 F3: the spot's capacity).
  const card = page.getByRole("link", { name: new RegExp(`^${HOTEL.tableName}: `) });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card).toContainText("4 θέσεις");
  await audit.check(page, "open tables with seats");
  await card.click();
  await expect(page.getByTestId("remaining")).toHaveText(/6,00/);

  // L23: the close sheet opened and left with "Back".
  const closeButton = page.getByRole("button", { name: "Κλείσιμο τραπεζιού" });
  await closeButton.click();
  const sheet = page.getByRole("dialog");
  await expect(sheet).toBeVisible();
  await audit.check(page, "close sheet");
  await sheet.getByRole("button", { name: "Πίσω" }).click();
  await expect(sheet).toBeHidden();
  await expect.poll(() => sent("close-table-cancelled").length, { timeout: 20_000 }).toBe(1);

  // L25: confirmed with no payment type: the sheet says what is missing, and the log says why.
  await closeButton.click();
  // With no type chosen the button reads "Πληρωμή 6,00 €" (no type after a colon).
  await sheet.getByRole("button", { name: /^Πληρωμή [^:]*$/ }).click();
  await expect(sheet.getByRole("alert")).toBeVisible();
  await expect
    .poll(() => sent("close-table-not-correctly-inputs-filled").map((log) => log.body.reason), { timeout: 20_000 })
    .toEqual(["PAYMENT_TYPE_REQUIRED"]);
  await sheet.getByRole("button", { name: "Πίσω" }).click();
  await expect(sheet).toBeHidden();

  // L26: the close call fails (answered by the test, not the server): error-at-close-table.
  await page.route(`**/api/staff/openings/${openingId}/close`, (route) =>
    route.fulfill({ status: 422, json: { code: "VALIDATION_FAILED", message: "refused by the test" } }),
  );
  await closeButton.click();
  await sheet.getByRole("button", { name: "Μετρητά", exact: true }).click();
  await sheet.getByRole("button", { name: /^Πληρωμή .*:/ }).click();
  await expect.poll(() => sent("error-at-close-table").length, { timeout: 20_000 }).toBe(1);
  expect(sent("table-closed-successfully")).toHaveLength(0);
  await page.unroute(`**/api/staff/openings/${openingId}/close`);

  // Every one of them named this opening.
  for (const event of ["close-table-cancelled", "close-table-not-correctly-inputs-filled", "error-at-close-table"]) {
    expect(
      sent(event).map((log) => log.body.tableOpeningId),
      event,
    ).toEqual(sent(event).map(() => openingId));
  }

  // The table is closed for real at the end: the server's shared tables are left as found.
  await expect(page.getByTestId("remaining")).toHaveText(/6,00/);
  await closeButton.click();
  await sheet.getByRole("button", { name: "Μετρητά", exact: true }).click();
  await sheet.getByRole("button", { name: /^Πληρωμή .*:/ }).click();
  await expect(page.getByRole("button", { name: "Τελική απόδειξη" })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => sent("table-closed-successfully").length, { timeout: 20_000 }).toBe(1);
  expect(audit.findings).toEqual([]);
});
