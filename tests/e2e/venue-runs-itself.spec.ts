/**
 * The venue runs itself, end to end through the screens people use (the acceptance of "the venue
 * runs itself"): a waiter marks Freddo espresso sold out on a PDA (360x640) from the Stock tab and
 * guests with the menu or a cart open are told within 2 s; an admin on a laptop (1280x800) uploads a
 * photo and guests get the WebP, then removes it and guests get none; an admin adds a waiter with a PIN and that waiter signs in on a
 * PDA; the admin downloads the store as a venue file, with its services and without any PIN.
 * Ammoudia Beach Hotel (store 7): PDA 7499, waiter PIN 2580, admin PIN 707070; guests at beach
 * chairs 1, 2 and 6 (7231, 7232, 7236: no other spec uses them); the photo goes on Nachos (70506),
 * whose photo no other spec looks at, and is removed at the end (no route puts the demo SVG back,
 * so Nachos is left with none). The e2e database is shared and kept: Freddo's stock is put back,
 * the new waiter is deactivated, and each run works on a second run (a fresh waiter name, a fresh
 * photo each time). axe: no serious violation on every screen
 * opened (ScreenAudit, with the CSP check).
 */
import { readFileSync } from "node:fs";
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import sharp from "sharp";
import { atAthensTime } from "./support/athens-time";
import { type StaffSession, signInOnTerminal, signInWaiter, staffHeaders } from "./support/orders";
import { ScreenAudit, watchCspViolations } from "./support/screen-audit";
import { expect, test } from "./support/test";

// Two to three browsers per test and an axe run on every screen, on a shared 2-core machine.
test.describe.configure({ timeout: 240_000 });

const HOTEL = { storeId: 7, pda: 7499, waiterPin: "2580", adminPin: "707070" };
const FREDDO = { id: 70101, name: "Freddo espresso" };
const NACHOS = { id: 70506, name: "Νάτσος", category: "Σνακ & σαλάτες" };
const SPOTS = { reader: 7231, buyer: 7232, photo: 7236 };
const SERVICES = [
  { id: 7001, slug: "beach-bar" },
  { id: 7002, slug: "room-service" },
  { id: 7003, slug: "restaurant" },
  { id: 7004, slug: "rentals" },
];
// A PIN of this run (6 digits starting 48: no demo venue or other spec has one): a deactivated
// member keeps theirs, so a run on a database kept from an earlier one needs a PIN of its own.
const NEW_WAITER_PIN = `48${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;
const NEW_WAITER_PREFIX = "E2E waiter";
const PDA = { width: 360, height: 640 };
const LAPTOP = { width: 1280, height: 800 };
const LIVE_MS = 2_000;

const store = `/api/staff/stores/${HOTEL.storeId}`;
const key = () => ({ "idempotency-key": crypto.randomUUID() });

interface Stock {
  stockEnabled: boolean;
  stockAmount: number | null;
}

async function freddoStock(request: APIRequestContext, waiter: StaffSession): Promise<Stock> {
  const answer = await request.get(`${store}/catalogue`, { headers: staffHeaders(waiter) });
  expect(answer.ok()).toBe(true);
  const catalogue = (await answer.json()) as {
    services: { categories: { items: ({ itemId: number } & Stock)[] }[] }[];
  };
  const item = catalogue.services
    .flatMap((service) => service.categories.flatMap((category) => category.items))
    .find((candidate) => candidate.itemId === FREDDO.id);
  if (item === undefined) throw new Error("Freddo espresso is not in the staff catalogue");
  return { stockEnabled: item.stockEnabled, stockAmount: item.stockAmount };
}

async function setFreddoStock(request: APIRequestContext, waiter: StaffSession, stock: Stock): Promise<void> {
  const answer = await request.put(`${store}/items/${FREDDO.id}/stock`, {
    headers: { ...staffHeaders(waiter), ...key() },
    data: stock,
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** Every waiter this spec added that is still active (a run that failed midway) is deactivated. */
async function deactivateOurWaiters(request: APIRequestContext): Promise<void> {
  const admin = staffHeaders(await signInWaiter(request, HOTEL.adminPin, HOTEL.storeId));
  const answer = await request.get(`${store}/staff`, { headers: admin });
  expect(answer.ok()).toBe(true);
  const { staff } = (await answer.json()) as {
    staff: { userId: number; name: string; active: boolean; version: number }[];
  };
  for (const member of staff.filter((m) => m.active && m.name.startsWith(NEW_WAITER_PREFIX))) {
    const done = await request.patch(`${store}/staff/${member.userId}`, {
      headers: { ...admin, ...key() },
      data: { version: member.version, active: false },
    });
    expect(done.status(), await done.text()).toBe(200);
  }
}

async function device(browser: Browser, viewport: { width: number; height: number }): Promise<BrowserContext> {
  return browser.newContext({ viewport, locale: "el-GR", timezoneId: "Europe/Athens" });
}

/** A guest's phone with the beach bar's menu open at a spot, at 12:00 (the bar open 09:00-20:00). */
async function guestMenu(context: BrowserContext, spot: number): Promise<Page> {
  const page = await context.newPage();
  await atAthensTime(page, "12:00");
  await page.goto(`/beach-bar/${spot}`);
  await expect(page.getByRole("article", { name: FREDDO.name })).toBeVisible();
  return page;
}

/** The admin signed in on a laptop (as on the terminal, by PIN), in the back office's items. */
async function adminInBackOffice(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await signInOnTerminal(page, { pda: HOTEL.pda, pin: HOTEL.adminPin });
  await page.goto("/back-office");
  await expect(page.getByRole("heading", { level: 1, name: "Γραφείο διαχείρισης: είδη" })).toBeVisible();
  return page;
}

let freddoBefore: Stock;

test.beforeAll(async ({ request }) => {
  const waiter = await signInWaiter(request, HOTEL.waiterPin, HOTEL.storeId);
  freddoBefore = await freddoStock(request, waiter);
  // A run that stopped midway may have left Freddo sold out: the test starts from it in stock.
  if (freddoBefore.stockEnabled && freddoBefore.stockAmount === 0) {
    freddoBefore = { stockEnabled: false, stockAmount: null };
    await setFreddoStock(request, waiter, freddoBefore);
  }
  await deactivateOurWaiters(request);
});

test.afterAll(async ({ request }) => {
  // Back as it was, whatever a failed step left.
  const waiter = await signInWaiter(request, HOTEL.waiterPin, HOTEL.storeId);
  await setFreddoStock(request, waiter, freddoBefore);
  await deactivateOurWaiters(request);
  // An upload a failed step left in place is removed, as the photo test ends.
  const admin = staffHeaders(await signInWaiter(request, HOTEL.adminPin, HOTEL.storeId));
  const removed = await request.delete(`${store}/items/${NACHOS.id}/photo`, { headers: { ...admin, ...key() } });
  expect(removed.status(), await removed.text()).toBe(200);
});

test("sold out from the PDA: a waiter marks Freddo espresso sold out on the Stock tab; an open menu shows it within 2 s with no add button, and a cart holding it names the line before sending", async ({
  browser,
  request,
}) => {
  const pda = await device(browser, PDA);
  const readerPhone = await device(browser, PDA);
  const buyerPhone = await device(browser, PDA);
  const audit = new ScreenAudit(await watchCspViolations(pda));
  const guestAudit = new ScreenAudit([]);
  try {
    // The guests: one reading the menu, one with a Freddo espresso in the open cart.
    const reader = await guestMenu(readerPhone, SPOTS.reader);
    const buyer = await guestMenu(buyerPhone, SPOTS.buyer);
    await buyer.getByRole("button", { name: FREDDO.name, exact: true }).click();
    const buyerDialog = buyer.getByRole("dialog", { name: FREDDO.name });
    await buyerDialog.getByRole("button", { name: /^Προσθήκη στο καλάθι/ }).click();
    await expect(buyerDialog).toBeHidden();
    await buyer.getByRole("link", { name: /Δείτε το καλάθι/ }).click();
    await expect(buyer).toHaveURL(new RegExp(`/beach-bar/${SPOTS.buyer}/cart`));
    await expect(buyer.getByRole("button", { name: new RegExp(FREDDO.name) }).first()).toBeVisible();

    // The waiter: the Stock tab on the PDA, the item found by search.
    const page = await pda.newPage();
    await signInOnTerminal(page, { pda: HOTEL.pda, pin: HOTEL.waiterPin });
    await page.getByRole("navigation", { name: "Καρτέλες προσωπικού" }).getByRole("link", { name: "Απόθεμα" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Απόθεμα" })).toBeVisible();
    await page.getByRole("searchbox", { name: "Αναζήτηση ειδών" }).fill("freddo");
    const row = page.getByTestId(`stock-item-${FREDDO.id}`);
    const soldOut = row.getByRole("button", { name: /Εξαντλήθηκε/ });
    await expect(soldOut).toHaveAttribute("aria-pressed", "false");
    await audit.check(page, "PDA stock", { touchTargets: true });
    // Both guests' live subscriptions settle before the change.
    await reader.waitForTimeout(1_500);

    await soldOut.click();
    await expect(soldOut).toHaveAttribute("aria-pressed", "true");

    // The open menu says so within 2 s of the tap, without a reload...
    const card = reader.getByRole("button", { name: FREDDO.name, exact: true });
    await expect(card).toHaveAccessibleDescription("Εξαντλήθηκε", { timeout: LIVE_MS });
    // ...and the item cannot be added: its modal says why and has no add button.
    await card.click();
    const dialog = reader.getByRole("dialog", { name: FREDDO.name });
    await expect(dialog.getByRole("alert")).toHaveText(
      "Το προϊόν έχει εξαντληθεί και δεν μπορεί να προστεθεί στο καλάθι σας.",
    );
    await expect(dialog.getByRole("button", { name: /^Προσθήκη/ })).toHaveCount(0);
    await guestAudit.check(reader, "guest item modal, sold out");
    await reader.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await guestAudit.check(reader, "guest menu, sold out");

    // The cart holding it names the line before sending.
    const notice = buyer.getByRole("alert", { name: "Ένα προϊόν του καλαθιού σας έχει εξαντληθεί" });
    await expect(notice).toBeVisible({ timeout: LIVE_MS });
    await expect(notice).toContainText(FREDDO.name);
    await expect(notice.getByRole("button", { name: `Αφαίρεση: ${FREDDO.name}` })).toBeVisible();
    await guestAudit.check(buyer, "guest cart with a sold-out line");
    await audit.check(page, "PDA stock, sold out", { touchTargets: true });

    // Back in stock from the PDA: the open menu follows.
    await soldOut.click();
    await expect(soldOut).toHaveAttribute("aria-pressed", "false");
    await expect(card).not.toHaveAccessibleDescription("Εξαντλήθηκε", { timeout: LIVE_MS });
    const waiter = await signInWaiter(request, HOTEL.waiterPin, HOTEL.storeId);
    await expect.poll(() => freddoStock(request, waiter)).toEqual({ stockEnabled: false, stockAmount: null });

    expect([...audit.findings, ...guestAudit.findings]).toEqual([]);
  } finally {
    await pda.close();
    await readerPhone.close();
    await buyerPhone.close();
  }
});

test("photo upload: an admin uploads a photo for an item in the back office on a laptop; a guest's fresh menu shows it as a WebP under /images/uploads/; removed, the menu shows none", async ({
  browser,
  request,
}) => {
  const laptop = await device(browser, LAPTOP);
  const phone = await device(browser, PDA);
  const audit = new ScreenAudit(await watchCspViolations(laptop));
  // A real PNG of a colour of its own, so that each run's photo is a new file (its name is its hash).
  const colour = { r: Math.floor(Math.random() * 256), g: Math.floor(Math.random() * 256), b: 120 };
  const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
    .png()
    .toBuffer();
  try {
    const page = await adminInBackOffice(laptop);
    await page.getByLabel("Αναζήτηση ειδών").fill(NACHOS.name);
    await page
      .getByRole("list", { name: NACHOS.category })
      .first()
      .getByRole("button", { name: NACHOS.name, exact: true })
      .click();
    const picker = page.getByLabel("Ανέβασμα νέας φωτογραφίας (JPEG, PNG ή WebP, έως 8 MB)");
    await expect(picker).toBeVisible();
    await audit.check(page, "back office: item form");
    await picker.setInputFiles({ name: "nachos.png", mimeType: "image/png", buffer: png });
    await expect(page.getByText("Η φωτογραφία ανέβηκε.")).toBeVisible();
    const shown = page.getByRole("group", { name: "Φωτογραφία" }).getByRole("img", { name: NACHOS.name });
    await expect(shown).toHaveAttribute("src", /\/images\/uploads\/7\/[0-9a-f]{16}\.webp$/);
    await audit.check(page, "back office: photo uploaded");

    // A guest's fresh menu: the item's photo is the uploaded WebP.
    const guest = await phone.newPage();
    await atAthensTime(guest, "12:00");
    await guest.goto(`/beach-bar/${SPOTS.photo}`);
    const photo = guest.getByRole("article", { name: NACHOS.name }).locator("img");
    await expect(photo).toHaveAttribute("src", /\/images\/uploads\/7\/[0-9a-f]{16}\.webp$/);
    expect(await photo.getAttribute("src")).toBe(await shown.getAttribute("src"));
    const src = new URL((await photo.getAttribute("src")) ?? "", guest.url()).pathname;
    const image = await request.get(src);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/webp");
    const stored = await sharp(await image.body()).metadata();
    expect(stored).toMatchObject({ format: "webp", width: 320, height: 240 });
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await audit.check(guest, "guest menu with the uploaded photo");

    // The admin removes it: the form shows none, and a guest's fresh menu has no photo for Nachos.
    const photos = page.getByRole("group", { name: "Φωτογραφία" });
    await photos.getByRole("button", { name: "Αφαίρεση φωτογραφίας" }).click();
    await expect(page.getByText("Η φωτογραφία αφαιρέθηκε.")).toBeVisible();
    await expect(photos.getByRole("img")).toHaveCount(0);
    await expect(photos.getByText("Δεν υπάρχει ακόμη φωτογραφία.")).toBeVisible();
    await expect(picker).toBeFocused();
    await audit.check(page, "back office: photo removed");
    await guest.reload();
    const nachos = guest.getByRole("article", { name: NACHOS.name });
    await expect(nachos).toBeVisible();
    await expect(nachos.locator("img")).toHaveCount(0);
    await audit.check(guest, "guest menu without the photo");

    expect(audit.findings, audit.findings.join("\n")).toEqual([]);
  } finally {
    await laptop.close();
    await phone.close();
  }
});

test("staff: an admin adds a waiter with a PIN in the back office; that waiter signs in with it on a PDA and sees the staff shell; deactivated at the end", async ({
  browser,
}) => {
  const laptop = await device(browser, LAPTOP);
  const pda = await device(browser, PDA);
  const audit = new ScreenAudit(await watchCspViolations(laptop));
  const pdaAudit = new ScreenAudit(await watchCspViolations(pda));
  const name = `${NEW_WAITER_PREFIX} ${crypto.randomUUID().slice(0, 6)}`;
  try {
    const page = await adminInBackOffice(laptop);
    await page
      .getByRole("navigation", { name: "Γραφείο διαχείρισης" })
      .getByRole("link", { name: "Προσωπικό" })
      .click();
    await expect(page).toHaveURL(/\/back-office\/staff$/);
    await expect(page.getByRole("heading", { name: "Προσθήκη μέλους προσωπικού" })).toBeVisible();
    await audit.check(page, "back office: staff");

    await page.locator("#new-staff-name").fill(name);
    await page.locator("#new-staff-role").selectOption("waiter");
    await page.getByLabel("PIN (προαιρετικό: αν μείνει κενό δημιουργείται ένα)").fill(NEW_WAITER_PIN);
    await page.getByRole("button", { name: "Προσθήκη", exact: true }).click();
    // The PIN is shown once, as given.
    const shownOnce = page.getByRole("dialog", { name: `PIN του/της ${name}` });
    await expect(shownOnce).toContainText(NEW_WAITER_PIN);
    await audit.check(page, "back office: the new PIN shown once");
    await shownOnce.getByRole("button", { name: "Το σημείωσα" }).first().click();
    await expect(shownOnce).toBeHidden();
    const card = page.getByRole("form", { name: `Μέλος προσωπικού ${name}` });
    await expect(card).toContainText("Ενεργός");

    // The new waiter on a PDA: the staff PIN sign-in, then the staff shell with their name.
    const terminal = await pda.newPage();
    await signInOnTerminal(terminal, { pda: HOTEL.pda, pin: NEW_WAITER_PIN });
    await expect(terminal).toHaveURL(/\/order-change-status$/);
    await expect(terminal.getByRole("navigation", { name: "Καρτέλες προσωπικού" })).toBeVisible();
    await expect(terminal.locator(".staff-strip__waiter")).toHaveText(name);
    await pdaAudit.check(terminal, "PDA staff shell of the new waiter", { touchTargets: true });

    // Deactivated from the back office: the waiter can no longer sign in.
    await card.getByRole("button", { name: "Απενεργοποίηση", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: `Απενεργοποίηση του/της ${name};` });
    await audit.check(page, "back office: deactivate?");
    await confirm.getByRole("button", { name: "Απενεργοποίηση", exact: true }).click();
    await expect(page.getByRole("form", { name: `Μέλος προσωπικού ${name}` })).toContainText("Απενεργοποιημένος");

    expect([...audit.findings, ...pdaAudit.findings]).toEqual([]);
  } finally {
    await laptop.close();
    await pda.close();
  }
});

test("round trip with venue files: the admin downloads the store's venue file from the back office: JSON with the store's services and no PIN anywhere", async ({
  browser,
}) => {
  const laptop = await device(browser, LAPTOP);
  const audit = new ScreenAudit(await watchCspViolations(laptop));
  try {
    const page = await adminInBackOffice(laptop);
    const button = page.getByRole("button", { name: "Λήψη του αρχείου του καταστήματος" });
    await expect(button).toBeVisible();
    await audit.check(page, "back office with the venue file button");
    const downloading = page.waitForEvent("download");
    await button.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${HOTEL.storeId}-venue.json`);
    const text = readFileSync(await download.path(), "utf8");
    const file = JSON.parse(text) as {
      store: { id: number };
      services: { id: number; slug: string }[];
      staff: Record<string, unknown>[];
    };
    expect(file.store.id).toBe(HOTEL.storeId);
    expect(file.services.map(({ id, slug }) => ({ id, slug }))).toEqual(expect.arrayContaining(SERVICES));
    expect(file.staff.length).toBeGreaterThan(0);
    // No PIN and no PIN hash, under any key, at any depth.
    expect([...keysOf(file)].filter((name) => /pin/i.test(name))).toEqual([]);
    expect(text).not.toMatch(/"pin"/i);
    await expect(page.getByRole("alert").filter({ hasText: "δεν κατέβηκε" })).toHaveCount(0);

    expect(audit.findings, audit.findings.join("\n")).toEqual([]);
  } finally {
    await laptop.close();
  }
});

/** Every key of every object in a JSON value, at any depth. */
function keysOf(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const entry of value) keysOf(entry, found);
  else if (typeof value === "object" && value !== null) {
    for (const [name, entry] of Object.entries(value)) {
      found.add(name);
      keysOf(entry, found);
    }
  }
  return found;
}
