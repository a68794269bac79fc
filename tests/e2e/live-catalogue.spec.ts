/**
 * Guests see catalogue changes live (phone, 360x640): with the beach bar's menu open at
 * umbrella 7202 (a spot no other spec uses), a waiter's API call marks Freddo espresso (item 70101)
 * sold out; within 2 s the open menu says so and the item cannot be added, and a guest whose cart
 * holds it is told which line before sending, with a way to remove it. An admin's price change
 * shows in the open menu within 2 s. No reload anywhere. The item's stock and price are restored
 * at the end (the e2e database is shared by the whole run). axe: no serious violation on the
 * changed screens (menu, item modal, cart).
 */
import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { atAthensTime } from "./support/athens-time";
import { type StaffSession, signInWaiter, staffHeaders } from "./support/orders";
import { expect, test } from "./support/test";

test.use({ viewport: { width: 360, height: 640 } });

const STORE = 7;
const FREDDO = 70101;
const SPOT = 7202;
const MENU = `/beach-bar/${SPOT}`;
const LIVE_MS = 2_000;

interface MenuItemFacts {
  id: number;
  priceCents: number;
  stockEnabled: boolean;
  stockAmount: number | null;
}

async function freddoNow(request: APIRequestContext): Promise<MenuItemFacts> {
  const answer = await request.get(`/api/tables/${SPOT}/menus/beach-bar`);
  expect(answer.ok()).toBe(true);
  const menu = (await answer.json()) as { items: MenuItemFacts[] };
  const item = menu.items.find((entry) => entry.id === FREDDO);
  if (item === undefined) throw new Error("Freddo espresso is not on the beach bar's menu");
  return item;
}

async function setStock(request: APIRequestContext, staff: StaffSession, stock: object): Promise<void> {
  const answer = await request.put(`/api/staff/stores/${STORE}/items/${FREDDO}/stock`, {
    headers: { ...staffHeaders(staff), "idempotency-key": randomUUID() },
    data: stock,
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

async function setPrice(request: APIRequestContext, admin: StaffSession, priceCents: number): Promise<void> {
  const answer = await request.patch(`/api/staff/stores/${STORE}/items/${FREDDO}`, {
    headers: { ...staffHeaders(admin), "idempotency-key": randomUUID() },
    data: { priceCents },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

async function guestWithMenu(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
  const page = await context.newPage();
  await atAthensTime(page, "12:00");
  await page.goto(MENU);
  await expect(page.getByRole("article", { name: "Freddo espresso" })).toBeVisible();
  return page;
}

async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join("; ")}`);
}

let original: MenuItemFacts;
let waiter: StaffSession;
let admin: StaffSession;

test.beforeAll(async ({ request }) => {
  original = await freddoNow(request);
  waiter = await signInWaiter(request, "2580", STORE);
  admin = await signInWaiter(request, "707070", STORE);
});

test.afterAll(async ({ request }) => {
  // Back as the venue file has it, whatever a failed step left.
  await setStock(request, waiter, { stockEnabled: original.stockEnabled, stockAmount: original.stockAmount });
  await setPrice(request, admin, original.priceCents);
});

test("live: a waiter marks Freddo espresso sold out; the open menu, its item modal and a cart holding it say so within 2 s, without a reload", async ({
  browser,
  request,
}) => {
  const reader = await guestWithMenu(browser);
  const buyer = await guestWithMenu(browser);
  // The buyer puts a Freddo espresso in the cart and keeps the cart open.
  await buyer.getByRole("button", { name: "Freddo espresso", exact: true }).click();
  const buyerDialog = buyer.getByRole("dialog", { name: "Freddo espresso" });
  await buyerDialog.getByRole("button", { name: /^Προσθήκη στο καλάθι/ }).click();
  await expect(buyerDialog).toBeHidden();
  await buyer.getByRole("link", { name: /Δείτε το καλάθι/ }).click();
  await expect(buyer).toHaveURL(/\/beach-bar\/7202\/cart/);
  await expect(buyer.getByRole("button", { name: /Freddo espresso/ }).first()).toBeVisible();
  // Let both pages' STOMP subscriptions settle.
  await reader.waitForTimeout(1_500);

  await setStock(request, waiter, { stockEnabled: true, stockAmount: 0 });

  // The open menu: the item says so in words, within 2 s.
  const card = reader.getByRole("button", { name: "Freddo espresso", exact: true });
  await expect(card).toHaveAccessibleDescription("Εξαντλήθηκε", { timeout: LIVE_MS });
  // ...and cannot be added: its modal says why and has no add button.
  await card.click();
  const dialog = reader.getByRole("dialog", { name: "Freddo espresso" });
  await expect(dialog.getByRole("alert")).toHaveText(
    "Το προϊόν έχει εξαντληθεί και δεν μπορεί να προστεθεί στο καλάθι σας.",
  );
  await expect(dialog.getByRole("button", { name: /^Προσθήκη/ })).toHaveCount(0);
  expect(await seriousViolations(reader, '[role="dialog"]')).toEqual([]);
  await reader.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  expect(await seriousViolations(reader)).toEqual([]);

  // The cart: which line, and the way to remove it, before sending.
  const notice = buyer.getByRole("alert", { name: "Ένα προϊόν του καλαθιού σας έχει εξαντληθεί" });
  await expect(notice).toBeVisible({ timeout: LIVE_MS });
  await expect(notice).toContainText("Freddo espresso");
  expect(await seriousViolations(buyer)).toEqual([]);
  await notice.getByRole("button", { name: "Αφαίρεση: Freddo espresso" }).click();
  await expect(notice).toBeHidden();
  await expect(buyer.getByRole("heading", { name: "Το καλάθι σας είναι άδειο" })).toBeVisible();

  // Back in stock: the menu follows again.
  await setStock(request, waiter, { stockEnabled: original.stockEnabled, stockAmount: original.stockAmount });
  await expect(card).not.toHaveAccessibleDescription("Εξαντλήθηκε", { timeout: LIVE_MS });
});

test("live: an admin changes Freddo espresso's price; the open menu shows it within 2 s, without a reload", async ({
  browser,
  request,
}) => {
  const page = await guestWithMenu(browser);
  const article = page.getByRole("article", { name: "Freddo espresso" });
  const euros = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
  await expect(article).toContainText(euros(original.priceCents));
  await page.waitForTimeout(1_500);
  const changed = original.priceCents + 70;
  await setPrice(request, admin, changed);
  await expect(article).toContainText(euros(changed), { timeout: LIVE_MS });
  expect(await seriousViolations(page)).toEqual([]);
  await setPrice(request, admin, original.priceCents);
  await expect(article).toContainText(euros(original.priceCents), { timeout: LIVE_MS });
});
