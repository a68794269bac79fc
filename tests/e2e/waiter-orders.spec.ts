/**
 * The waiter's own orders from the PDA end to end, on a PDA viewport (360x640) with the real server,
 * database and browser: a waiter signs in by PIN on the hotel's PDA spot, orders from the same menu,
 * item modal and cart for a table picked by section, and the order needs no acceptance: it shows
 * at once on the open tables with its amount. The one faked edge is the clock (the server's
 * DEV_CLOCK_API and the app's GET /api/utils/date): 14:00 in Athens, inside the restaurant's hours.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { atAthensTime } from "./support/athens-time";
import { atServerAthensTime, setServerClock, signInWaiter, staffHeaders } from "./support/orders";
import { expect, test } from "./support/test";

test.use({ viewport: { width: 360, height: 640 } });

/**
 * Ammoudia Beach Hotel (store 7): the beach-bar waiter's PDA 7499 (a TABLE_AT_HOTEL spot, so it
 * orders from the restaurant 7003, 12:30-23:00, a delayed-response service whose guests' orders wait
 * for review); Νίκος's PIN 2580; table 7401 "Τραπέζι 1" in the section "Βεράντα"; tzatziki 6,00 €.
 */
const HOTEL = { storeId: 7, pda: 7499, pin: "2580", table: 7401, tableName: "Τραπέζι 1", section: "Βεράντα" };
const TZATZIKI = { name: "Τζατζίκι", cents: 600 };

test.beforeAll(async ({ request }) => {
  await atServerAthensTime(request, "14:00");
});

test.afterAll(async ({ request }) => {
  await setServerClock(request, new Date().toISOString());
});

/** What table 7401's open opening owes now, as the waiter's API reads it (0 when it has none). */
async function owedAtTable(request: APIRequestContext): Promise<number> {
  const waiter = await signInWaiter(request, HOTEL.pin, HOTEL.storeId);
  const answer = await request.get("/api/staff/openings?kind=tables", { headers: staffHeaders(waiter) });
  expect(answer.ok(), await answer.text()).toBe(true);
  const { openings } = (await answer.json()) as {
    openings: { spot: { id: number }; amounts: { remainingCents: number } }[];
  };
  return openings.find((o) => o.spot.id === HOTEL.table)?.amounts.remainingCents ?? 0;
}

/** Greek money as the app writes it: "6,00". */
const euros = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;

/** The PDA's PIN sign-in: the device knows its store from the PDA link it opened first. */
async function signInByPinOnPda(page: Page): Promise<void> {
  await page.goto(`/menu/${HOTEL.pda}`);
  await expect(page.getByText("Εστιατόριο Κύμα").first()).toBeVisible();
  await page.goto("/pin");
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Pin").fill(HOTEL.pin);
  await dialog.getByRole("button", { name: "Είσοδος", exact: true }).click();
  await expect(dialog).toBeHidden();
}

test("a waiter signs in by PIN on the PDA, orders for table 7401 by section, and the table is open with that amount at once", async ({
  page,
  request,
}) => {
  const owedBefore = await owedAtTable(request);
  await atAthensTime(page, "14:00");
  await signInByPinOnPda(page);

  // The same menu, item modal and cart as a guest's.
  await page.goto(`/restaurant/${HOTEL.pda}`);
  await page.getByRole("button", { name: TZATZIKI.name, exact: true }).click();
  const item = page.getByRole("dialog", { name: TZATZIKI.name });
  await item.getByRole("button", { name: /^Προσθήκη στ/ }).click();
  await expect(item).toBeHidden();
  await page.goto(`/restaurant/${HOTEL.pda}/cart`);

  // The table picker: a section, then its table (the floor comes with the staff session).
  await page.getByLabel("Τμήμα").selectOption(HOTEL.section);
  await page.getByRole("radio", { name: HOTEL.tableName, exact: true }).check();
  await page.getByTestId("send-order").click();

  // No acceptance: the outcome is at once "placed", with the order's daily number.
  const progress = page.getByTestId("order-progress");
  await expect(progress).toHaveAttribute("data-stage", "accepted");
  // The card names the table the order is for, not the PDA's own spot; the page names the store once.
  await expect(
    progress.getByRole("heading", { name: `Η παραγγελία καταχωρήθηκε για ${HOTEL.tableName}` }),
  ).toBeVisible();
  await expect(page.getByText("σταθμός σερβιτόρου")).toHaveCount(0);
  await expect(page.getByText("Αμμουδιά Beach Hotel", { exact: true })).toHaveCount(1);
  const dailyNumber = await progress.getByTestId("order-daily-number").getAttribute("data-daily-number");
  expect(Number(dailyNumber)).toBeGreaterThan(0);

  // The open tables list the table, owing this order's amount (plus what it owed before, if anything).
  await page.goto(`/open-tables/for-store/${HOTEL.storeId}/${HOTEL.pda}`);
  const card = page.getByRole("link", { name: new RegExp(`^${HOTEL.tableName}: `) });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card).toContainText(euros(owedBefore + TZATZIKI.cents));

  // The order shows in the store's history, found by its daily number (the waiter finds it again).
  await page.goto(`/order-history/for-store/${HOTEL.storeId}/${HOTEL.pda}`);
  await page.getByLabel("Αριθμός παραγγελίας").fill(String(dailyNumber));
  await page.getByRole("button", { name: "Εύρεση" }).click();
  const row = page.getByRole("button", { name: new RegExp(`^#${dailyNumber}\\b`) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(HOTEL.tableName);
  await row.click();
  await expect(page.locator(".staff-history__panel")).toContainText(TZATZIKI.name);
});
