/**
 * The admins' back office end to end, on a laptop (1280x800) with one check at 768 px: an admin
 * signed in on the beach hotel's terminal opens it from the staff shell's admin link, changes
 * Freddo espresso's price and saves; a guest's fresh menu shows the new price; a second admin who
 * opened the item before that save gets the "changed meanwhile" notice with the current value; a
 * negative price is refused beside the field and nothing is saved. Freddo's price is restored at
 * the end (the e2e run shares one database). The admin adds a spot "E2E umbrella" (it stays, in its
 * own section "E2E"), saves its QR sheet as a download and renames it; moves a coffee down with the
 * keyboard and a guest's fresh menu has the new order (restored at the end). The admin gives Nachos
 * an option group and a guest's item window shows it (removed at the end). The admin sets the
 * beach bar's minimum order in the services section and a guest's fresh cart says it, then pauses
 * the beach bar with a reason a guest reads, resumes it and puts the minimum back; gives Seasonal
 * fruit salad English details and its category a limit per cart, which a guest's fresh menu shows
 * (restored at the end). axe: no serious violation on the back office.
 */
import { readFileSync } from "node:fs";
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import { type E2eSession, storeSessionInBrowser } from "./support/accounts";
import { atAthensTime } from "./support/athens-time";
import { signInOnTerminal, signInWaiter, staffHeaders } from "./support/orders";
import { ScreenAudit, watchCspViolations } from "./support/screen-audit";
import { expect, test } from "./support/test";

// Demo data (venues/demo/beach-hotel.json): store 7, its terminal's PDA spot 7499, its admin's PIN,
// Freddo espresso (item 70101, 4,00 €) in the beach bar; the guest only reads umbrella 1's menu (no opening).
const HOTEL = { storeId: 7, pda: 7499, adminPin: "707070", guestSpot: 7201, service: "beach-bar" };
const FREDDO = { itemId: 70101, priceCents: 400 };
const LAPTOP = { width: 1280, height: 800 };

const itemUrl = `/api/staff/stores/${HOTEL.storeId}/items/${FREDDO.itemId}`;

async function menuPriceCents(request: APIRequestContext): Promise<number | undefined> {
  const answer = await request.get(`/api/tables/${HOTEL.guestSpot}/menus/${HOTEL.service}`);
  expect(answer.ok()).toBe(true);
  const menu = (await answer.json()) as { items: { id: number; priceCents: number }[] };
  return menu.items.find((item) => item.id === FREDDO.itemId)?.priceCents;
}

async function newLaptop(browser: Browser) {
  return browser.newContext({ viewport: LAPTOP, locale: "el-GR", timezoneId: "Europe/Athens" });
}

/** An admin's session stored in the page, as after signing in on another laptop. */
async function adminSessionIn(page: Page, request: APIRequestContext): Promise<void> {
  const answer = await request.post(`/api/authenticate/login/pin?pin=${HOTEL.adminPin}&storeId=${HOTEL.storeId}`);
  expect(answer.ok()).toBe(true);
  const login = (await answer.json()) as { authToken: { token: string; user: E2eSession["user"] }; jwt: string };
  await storeSessionInBrowser(page, { authToken: login.authToken.token, jwt: login.jwt, user: login.authToken.user });
}

/** A page of the laptop signed in as the hotel's admin, on the back office's items screen. */
async function openBackOffice(laptop: BrowserContext, request: APIRequestContext): Promise<Page> {
  const page = await laptop.newPage();
  await page.goto("/");
  await adminSessionIn(page, request);
  await page.goto("/back-office");
  return page;
}

async function openFreddo(page: Page) {
  await page.getByLabel("Αναζήτηση ειδών").fill("freddo");
  // The beach bar's coffees come first (the room service lists its own Freddo).
  const coffees = page.getByRole("list", { name: "Καφέδες" }).first();
  await coffees.getByRole("button", { name: "Freddo espresso", exact: true }).click();
  return page.getByLabel("Τιμή", { exact: true });
}

test("an admin changes a price in the back office: the guest's menu shows it; a second admin gets 'changed meanwhile'; a negative price is refused", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await newLaptop(browser);
  const second = await newLaptop(browser);
  const guest = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "el-GR" });
  const audit = new ScreenAudit(await watchCspViolations(admin));
  try {
    expect(await menuPriceCents(request)).toBe(FREDDO.priceCents);

    // The second admin opens the item first: the version they will save with is the old one.
    const secondPage = await openBackOffice(second, request);
    const secondPrice = await openFreddo(secondPage);
    await expect(secondPrice).toHaveValue("4,00");

    // The admin on the terminal: the staff shell's admin link, then the back office.
    const page = await admin.newPage();
    await signInOnTerminal(page, { pda: HOTEL.pda, pin: HOTEL.adminPin });
    await page.getByRole("link", { name: "Διαχείριση καταστήματος" }).first().click();
    await expect(page).toHaveURL(/\/staff-admin$/);
    await page.getByRole("link", { name: "Γραφείο διαχείρισης: μενού, τιμές, απόθεμα και προσωπικό" }).click();
    await expect(page).toHaveURL(/\/back-office\/?$/);
    await expect(page.getByRole("heading", { level: 1, name: "Γραφείο διαχείρισης: είδη" })).toBeVisible();
    await audit.check(page, "back office: items list");

    const price = await openFreddo(page);
    await expect(price).toHaveValue("4,00");
    // Two columns on a laptop: the list beside the form.
    const listBox = await page.getByRole("navigation", { name: "Είδη" }).boundingBox();
    const formBox = await price.boundingBox();
    expect(listBox && formBox && formBox.x > listBox.x + listBox.width - 1).toBe(true);
    await audit.check(page, "back office: item form");

    await price.fill("4,30");
    await page.getByRole("button", { name: "Αποθήκευση", exact: true }).click();
    await expect(page.getByText("Αποθηκεύτηκε.")).toBeVisible();
    expect(await menuPriceCents(request)).toBe(430);

    // A guest's fresh load of the menu shows the new price.
    const guestPage = await guest.newPage();
    await guestPage.goto(`/${HOTEL.service}/${HOTEL.guestSpot}`);
    await expect(guestPage.getByRole("article", { name: "Freddo espresso" })).toContainText("4,30");

    // The second admin saves on the old version: one clear conflict, with the current value.
    await secondPrice.fill("4,50");
    await secondPage.getByRole("button", { name: "Αποθήκευση", exact: true }).click();
    const conflict = secondPage.getByRole("alert").filter({ hasText: "άλλαξε στο μεταξύ από άλλον διαχειριστή" });
    await expect(conflict).toBeVisible();
    await expect(conflict).toContainText("τιμή 4,30");
    expect(await menuPriceCents(request)).toBe(430);
    await conflict
      .getByRole("button", { name: "Πάρτε την τρέχουσα εκδοχή και εφαρμόστε ξανά τις αλλαγές μου" })
      .click();
    await expect(secondPrice).toHaveValue("4,50");
    await expect(secondPage.getByRole("alert").filter({ hasText: "άλλαξε στο μεταξύ" })).toHaveCount(0);

    // A negative price: refused beside the field, focus on it, nothing saved.
    await price.fill("-1");
    await page.getByRole("button", { name: "Αποθήκευση", exact: true }).click();
    await expect(price).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Η τιμή δεν μπορεί να είναι αρνητική.")).toBeVisible();
    await expect(price).toBeFocused();
    await audit.check(page, "back office: a field error");
    expect(await menuPriceCents(request)).toBe(430);

    // A tablet at 768 px: one column, still usable.
    await page.setViewportSize({ width: 768, height: 1024 });
    await price.fill("4,30");
    await expect(page.getByRole("navigation", { name: "Είδη" })).toBeVisible();
    await expect(price)
      .toBeInViewport({ ratio: 0 })
      .catch(() => undefined);
    const narrowList = await page.getByRole("navigation", { name: "Είδη" }).boundingBox();
    const narrowForm = await price.boundingBox();
    expect(narrowList && narrowForm && narrowForm.y > narrowList.y).toBe(true);
    await audit.check(page, "back office at 768 px");

    expect(audit.findings, audit.findings.join("\n")).toEqual([]);
  } finally {
    // Freddo's price as the demo venue has it, for the specs after this one.
    const session = await signInWaiter(request, HOTEL.adminPin, HOTEL.storeId);
    const restored = await request.patch(itemUrl, {
      headers: { ...staffHeaders(session), "idempotency-key": crypto.randomUUID() },
      data: { priceCents: FREDDO.priceCents },
    });
    expect(restored.status()).toBe(200);
    await admin.close();
    await second.close();
    await guest.close();
  }
});

test("an admin adds a spot in the back office, saves its QR sheet as a download, then renames it", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await newLaptop(browser);
  const audit = new ScreenAudit(await watchCspViolations(admin));
  // The spot stays in the shared database: its own section, and a name no other spec looks for.
  const renamed = `E2E umbrella ${crypto.randomUUID().slice(0, 6)}`;
  try {
    const page = await openBackOffice(admin, request);
    await page.getByRole("link", { name: "Θέσεις", exact: true }).click();
    await expect(page).toHaveURL(/\/back-office\/spots$/);
    await expect(page.getByRole("heading", { level: 1, name: "Γραφείο διαχείρισης: θέσεις" })).toBeVisible();
    await expect(page.getByRole("form").first()).toBeVisible();
    await audit.check(page, "back office: spots");

    await page.locator("#new-spot-name").fill("E2E umbrella");
    await page.locator("#new-spot-type").selectOption("UMBRELLA_AT_HOTEL");
    await page.locator("#new-spot-capacity").fill("2");
    await page.locator("#new-spot-section").fill("E2E");
    await page.getByRole("button", { name: "Προσθήκη της θέσης" }).click();
    const added = page.getByRole("form", { name: "Θέση E2E umbrella", exact: true });
    await expect(added).toBeVisible();
    await expect(page.getByRole("list", { name: "E2E", exact: true })).toContainText("2 άτομα");

    const downloading = page.waitForEvent("download");
    await added.getByRole("button", { name: "Φύλλο QR: E2E umbrella" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^qr-spot-\d+\.html$/);
    const saved = await download.path();
    expect(readFileSync(saved, "utf8")).toContain("data:image/png");

    await added.getByLabel("Όνομα").fill(renamed);
    await added.getByRole("button", { name: "Αποθήκευση", exact: true }).click();
    await expect(page.getByRole("form", { name: `Θέση ${renamed}`, exact: true })).toBeVisible();
    await expect(page.getByRole("form", { name: "Θέση E2E umbrella", exact: true })).toHaveCount(0);
    await audit.check(page, "back office: spots after a save");

    expect(audit.findings, audit.findings.join("\n")).toEqual([]);
  } finally {
    await admin.close();
  }
});

interface CoffeeOrder {
  categoryId: number;
  version: number;
  itemIds: number[];
}

/** The beach bar's coffees (Freddo espresso's category) as the staff catalogue has them now. */
async function coffeeOrder(request: APIRequestContext, headers: Record<string, string>): Promise<CoffeeOrder> {
  const answer = await request.get(`/api/staff/stores/${HOTEL.storeId}/catalogue`, { headers });
  expect(answer.ok()).toBe(true);
  const catalogue = (await answer.json()) as {
    services: { slug: string; categories: { categoryId: number; version: number; items: { itemId: number }[] }[] }[];
  };
  const coffees = catalogue.services
    .find((service) => service.slug === HOTEL.service)
    ?.categories.find((category) => category.items.some((item) => item.itemId === FREDDO.itemId));
  if (coffees === undefined) throw new Error("the beach bar has no coffees");
  return { categoryId: coffees.categoryId, version: coffees.version, itemIds: coffees.items.map((i) => i.itemId) };
}

async function guestMenuIds(request: APIRequestContext): Promise<number[]> {
  const answer = await request.get(`/api/tables/${HOTEL.guestSpot}/menus/${HOTEL.service}`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { items: { id: number }[] }).items.map((item) => item.id);
}

test("an admin moves an item down its category with the keyboard (Space, arrow, Space): a guest's fresh menu has the new order", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const session = await signInWaiter(request, HOTEL.adminPin, HOTEL.storeId);
  const headers = staffHeaders(session);
  const before = await coffeeOrder(request, headers);
  const [first, second] = before.itemIds;
  if (first === undefined || second === undefined) throw new Error("the coffees have fewer than two items");
  const admin = await newLaptop(browser);
  const audit = new ScreenAudit(await watchCspViolations(admin));
  try {
    const page = await openBackOffice(admin, request);
    const coffees = page.getByRole("list", { name: "Καφέδες" }).first();
    const handles = coffees.getByRole("button", { name: /^Μετακίνηση: / });
    const firstName = (await handles.first().getAttribute("aria-label")) ?? "";
    await handles.first().focus();
    // Each step waits for what a screen reader hears, so the next key finds the row where it is.
    await page.keyboard.press("Space");
    await expect(page.getByText(/θέση 1 από \d+\.$/)).toBeAttached();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByText(/: μετακινήθηκε στη θέση 2 από \d+\.$/)).toBeAttached();
    await page.keyboard.press("Space");
    await expect(page.getByText("Η νέα σειρά αποθηκεύτηκε.")).toBeVisible();
    await expect(handles.nth(1)).toHaveAttribute("aria-label", firstName);
    await audit.check(page, "back office: items put in order");

    const stored = await coffeeOrder(request, headers);
    expect(stored.itemIds.slice(0, 2)).toEqual([second, first]);
    const menu = await guestMenuIds(request);
    expect(menu.indexOf(second)).toBeLessThan(menu.indexOf(first));
    expect(audit.findings, audit.findings.join("\n")).toEqual([]);
  } finally {
    // The coffees in the demo venue's order, for the specs after this one.
    const now = await coffeeOrder(request, headers);
    const restored = await request.put(`/api/staff/stores/${HOTEL.storeId}/categories/${now.categoryId}/item-order`, {
      headers: { ...headers, "idempotency-key": crypto.randomUUID() },
      data: { version: now.version, itemIds: before.itemIds },
    });
    expect(restored.status()).toBe(200);
    await admin.close();
  }
});

// Nachos (item 70506, 9,50 €) in the beach bar: no other spec touches it, and it has no option groups.
const NACHOS = { itemId: 70506, name: "Νάτσος" };
const nachosGroupsUrl = `/api/staff/stores/${HOTEL.storeId}/items/${NACHOS.itemId}/groups`;

test("spec option groups: an admin adds a mandatory 'pick one' group with two options (one +0,50 €) in the back office; a guest's fresh item window shows it and the price follows the option; the admin removes it", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const session = await signInWaiter(request, HOTEL.adminPin, HOTEL.storeId);
  const headers = staffHeaders(session);
  const groupsNow = async () => {
    const answer = await request.get(nachosGroupsUrl, { headers });
    expect(answer.ok()).toBe(true);
    return (await answer.json()) as { version: number; groups: { id: number }[] };
  };
  expect((await groupsNow()).groups).toEqual([]);
  const admin = await newLaptop(browser);
  const guest = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "el-GR" });
  const audit = new ScreenAudit(await watchCspViolations(admin));
  try {
    const page = await openBackOffice(admin, request);
    await page.getByLabel("Αναζήτηση ειδών").fill("νάτσος");
    await page.getByRole("button", { name: NACHOS.name, exact: true }).click();
    const toggle = page.getByRole("button", { name: /^Επιλογές \(/ });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const form = page.getByRole("form", { name: `Επιλογές: ${NACHOS.name}` });
    await expect(form.getByText("Αυτό το είδος δεν έχει ομάδες επιλογών.")).toBeVisible();

    await form.getByRole("button", { name: "Προσθήκη ομάδας" }).click();
    const group = form.getByRole("group", { name: "Ομάδα 1", exact: true });
    // The new group's Greek name takes the focus, so the keyboard goes on from there.
    await expect(group.getByLabel("Όνομα ομάδας στα ελληνικά (υποχρεωτικό)")).toBeFocused();
    await page.keyboard.type("Μερίδα E2E");
    await group.getByLabel("Όνομα ομάδας στα αγγλικά (υποχρεωτικό)").fill("Portion E2E");
    await expect(group.getByLabel("Είδος επιλογής")).toHaveValue("RADIO_BUTTON");
    await group.getByLabel("Υποχρεωτική: οι επισκέπτες πρέπει να διαλέξουν").check();
    const first = group.getByRole("group", { name: "Επιλογή 1", exact: true });
    await first.getByLabel("Όνομα επιλογής στα ελληνικά (υποχρεωτικό)").fill("Κανονική");
    await first.getByLabel("Όνομα επιλογής στα αγγλικά (υποχρεωτικό)").fill("Regular");
    await first.getByLabel("Επιλεγμένη από πριν").check();
    await group.getByRole("button", { name: "Προσθήκη επιλογής στην ομάδα 1" }).click();
    const second = group.getByRole("group", { name: "Επιλογή 2", exact: true });
    await second.getByLabel("Όνομα επιλογής στα ελληνικά (υποχρεωτικό)").fill("Διπλή");
    await second.getByLabel("Όνομα επιλογής στα αγγλικά (υποχρεωτικό)").fill("Double");
    await second.getByLabel("Επιπλέον τιμή σε ευρώ (κενό: καμία)").fill("0,50");
    await audit.check(page, "back office: an item's option groups");
    await form.getByRole("button", { name: "Αποθήκευση των επιλογών" }).click();
    await expect(form.getByText("Οι επιλογές αποθηκεύτηκαν.")).toBeVisible();
    expect((await groupsNow()).groups).toHaveLength(1);

    // A guest's fresh menu, at noon (the beach bar is open): the group in the item's window.
    const guestPage = await guest.newPage();
    await atAthensTime(guestPage, "12:00");
    await guestPage.goto(`/${HOTEL.service}/${HOTEL.guestSpot}`);
    await guestPage.getByRole("button", { name: NACHOS.name, exact: true }).click();
    const dialog = guestPage.getByRole("dialog", { name: NACHOS.name });
    await expect(dialog.getByRole("heading", { name: "Μερίδα E2E (υποχρεωτικό)" })).toBeVisible();
    await expect(dialog.getByRole("radio", { name: /^Κανονική/ })).toBeChecked();
    const add = guestPage.getByRole("button", { name: /^Προσθήκη στ/ });
    await expect(add).toContainText("9,50");
    await dialog.getByRole("radio", { name: /^Διπλή/ }).check();
    await expect(add).toContainText("10,00");

    // The admin removes the group again: the item is as the demo venue has it.
    await group.getByRole("button", { name: "Αφαίρεση της ομάδας 1" }).click();
    await expect(form.getByText("Αυτό το είδος δεν έχει ομάδες επιλογών.")).toBeVisible();
    await form.getByRole("button", { name: "Αποθήκευση των επιλογών" }).click();
    await expect(form.getByText("Οι επιλογές αποθηκεύτηκαν.")).toBeVisible();
    expect((await groupsNow()).groups).toEqual([]);
    await audit.check(page, "back office: an item's option groups after a save");
    expect(audit.findings, audit.findings.join("\n")).toEqual([]);
  } finally {
    // Nachos without option groups, as the demo venue has it, whatever happened above.
    const now = await groupsNow();
    if (now.groups.length > 0) {
      const restored = await request.put(nachosGroupsUrl, {
        headers: { ...headers, "idempotency-key": crypto.randomUUID() },
        data: { version: now.version, groups: [] },
      });
      expect(restored.status()).toBe(200);
    }
    await admin.close();
    await guest.close();
  }
});

const BEACH_BAR = { serviceId: 7001, name: "Beach bar" };
const FRUIT_SALAD = "Φρουτοσαλάτα εποχής";
const PAUSE_REASON = "E2E: το μπαρ κλείνει για λίγο";

/** The beach bar's minimum order and pause as the staff catalogue has them now. */
async function beachBarNow(
  request: APIRequestContext,
  headers: Record<string, string>,
): Promise<{ minimumOrderCents: number; paused: boolean }> {
  const answer = await request.get(`/api/staff/stores/${HOTEL.storeId}/catalogue`, { headers });
  expect(answer.ok()).toBe(true);
  const catalogue = (await answer.json()) as {
    services: { serviceId: number; minimumOrderCents: number; pause?: unknown }[];
  };
  const bar = catalogue.services.find((service) => service.serviceId === BEACH_BAR.serviceId);
  if (bar === undefined) throw new Error("the hotel has no beach bar");
  return { minimumOrderCents: bar.minimumOrderCents, paused: bar.pause !== undefined };
}

test("an admin sets the beach bar's minimum order in the back office: a guest's fresh cart says it; a pause with a reason from the back office is read by guests; resumed", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const headers = staffHeaders(await signInWaiter(request, HOTEL.adminPin, HOTEL.storeId));
  const before = await beachBarNow(request, headers);
  expect(before.paused).toBe(false);
  const admin = await newLaptop(browser);
  const guest = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: "el-GR",
    timezoneId: "Europe/Athens",
  });
  const audit = new ScreenAudit(await watchCspViolations(admin));
  try {
    const page = await openBackOffice(admin, request);
    await page.getByRole("link", { name: "Υπηρεσίες", exact: true }).click();
    await expect(page).toHaveURL(/\/back-office\/services$/);
    await expect(page.getByRole("heading", { level: 1, name: "Γραφείο διαχείρισης: υπηρεσίες" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: BEACH_BAR.name })).toBeVisible();
    await audit.check(page, "back office: services");

    const minimum = page.getByLabel("Ελάχιστη παραγγελία σε ευρώ (κενό: καμία)");
    await minimum.fill("50");
    await page.getByRole("button", { name: "Αποθήκευση", exact: true }).click();
    await expect(page.getByText("Αποθηκεύτηκε.")).toBeVisible();
    expect((await beachBarNow(request, headers)).minimumOrderCents).toBe(5_000);

    // A guest's fresh cart at noon (the beach bar open 09:00-20:00): one fruit salad, under the minimum.
    const phone = await guest.newPage();
    await atAthensTime(phone, "12:00");
    await phone.goto(`/${HOTEL.service}/${HOTEL.guestSpot}`);
    await phone.getByRole("button", { name: FRUIT_SALAD, exact: true }).click();
    await phone.getByRole("button", { name: /^Προσθήκη στο καλάθι/ }).click();
    await phone.getByRole("link", { name: /Δείτε το καλάθι/ }).click();
    await expect(phone.getByText(/Η ελάχιστη παραγγελία είναι 50,00\s€/)).toBeVisible();

    // Paused from the back office until resumed, with a reason the guests read.
    const taking = page.getByRole("region", { name: "Λήψη παραγγελιών" });
    await taking.locator("summary").click();
    await taking.getByRole("radio", { name: "Μέχρι να ξαναρχίσουν" }).check();
    await taking.getByRole("textbox", { name: /Αιτία που βλέπουν οι πελάτες/ }).fill(PAUSE_REASON);
    await taking.getByRole("button", { name: /Διακοπή παραγγελιών τώρα/ }).click();
    await expect(taking.getByText("Οι παραγγελίες έχουν διακοπεί", { exact: true })).toBeVisible();
    // The control shows the pause it is sending at once (a waiter's write may wait for the
    // network); the server has it once the write is answered.
    await expect.poll(async () => (await beachBarNow(request, headers)).paused).toBe(true);
    await audit.check(page, "back office: a paused service");

    const newcomer = await guest.newPage();
    await atAthensTime(newcomer, "12:00");
    await newcomer.goto(`/menu/${HOTEL.guestSpot}`);
    await expect(newcomer.getByRole("link", { name: /Beach bar/ })).toContainText(
      `Το κατάστημα λέει: «${PAUSE_REASON}»`,
    );

    await taking.getByRole("button", { name: /Επανέναρξη παραγγελιών τώρα/ }).click();
    await expect(taking.locator("summary")).toBeVisible();
    await expect.poll(async () => (await beachBarNow(request, headers)).paused).toBe(false);

    // The minimum order back as it was, from the form.
    await minimum.fill("");
    await page.getByRole("button", { name: "Αποθήκευση", exact: true }).click();
    await expect(page.getByText("Αποθηκεύτηκε.")).toBeVisible();
    expect((await beachBarNow(request, headers)).minimumOrderCents).toBe(before.minimumOrderCents);
    expect(audit.findings, audit.findings.join("\n")).toEqual([]);
  } finally {
    // The beach bar as the demo venue has it, for the specs after this one.
    const key = () => ({ "idempotency-key": crypto.randomUUID() });
    const resumed = await request.delete(`/api/staff/stores/${HOTEL.storeId}/services/${BEACH_BAR.serviceId}/pause`, {
      headers: { ...headers, ...key() },
    });
    expect(resumed.ok()).toBe(true);
    const restored = await request.patch(`/api/staff/stores/${HOTEL.storeId}/services/${BEACH_BAR.serviceId}`, {
      headers: { ...headers, ...key() },
      data: { minimumOrderCents: before.minimumOrderCents },
    });
    expect(restored.status()).toBe(200);
    await admin.close();
    await guest.close();
  }
});

// Ice cream & fruit (category 7106) and its Seasonal fruit salad (item 70602): no other spec changes them.
const FRUIT = { categoryId: 7106, itemId: 70602 };

test("an admin gives an item English details and a category a limit per cart: a guest's fresh menu shows both", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const session = await signInWaiter(request, HOTEL.adminPin, HOTEL.storeId);
  const headers = staffHeaders(session);
  const staffCatalogue = await request.get(`/api/staff/stores/${HOTEL.storeId}/catalogue`, { headers });
  expect(staffCatalogue.ok()).toBe(true);
  const before = (
    (await staffCatalogue.json()) as {
      services: { categories: { categoryId: number; items: { itemId: number; names: object }[] }[] }[];
    }
  ).services
    .flatMap((service) => service.categories)
    .flatMap((category) => category.items)
    .find((item) => item.itemId === FRUIT.itemId);
  if (before === undefined) throw new Error("the demo venue has no seasonal fruit salad");
  const details = `Fresh fruit, cut to order; honey on request ${crypto.randomUUID().slice(0, 4)}.`;
  const admin = await newLaptop(browser);
  const guest = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "el-GR" });
  const audit = new ScreenAudit(await watchCspViolations(admin));
  try {
    const page = await openBackOffice(admin, request);
    await page.getByLabel("Αναζήτηση ειδών").fill("fruit");
    await page.getByRole("button", { name: "Φρουτοσαλάτα εποχής", exact: true }).click();
    const itemForm = page.locator("form").filter({ has: page.getByRole("heading", { name: "Φρουτοσαλάτα εποχής" }) });
    await itemForm.getByLabel("Περιγραφή στα αγγλικά (κενό: καμία)").fill(details);
    await itemForm.getByRole("button", { name: "Αποθήκευση", exact: true }).click();
    await expect(itemForm.getByText("Αποθηκεύτηκε.")).toBeVisible();
    await audit.check(page, "back office: item details");

    await page.getByRole("button", { name: "Επεξεργασία κατηγορίας: Παγωτά & φρούτα" }).click();
    const categoryForm = page.getByRole("form", { name: "Κατηγορία: Παγωτά & φρούτα" });
    await categoryForm.getByLabel("Μέγιστα τεμάχια αυτής της κατηγορίας ανά καλάθι (κενό: κανένα όριο)").fill("2");
    await categoryForm.getByRole("button", { name: "Αποθήκευση", exact: true }).click();
    await expect(categoryForm.getByText("Αποθηκεύτηκε.")).toBeVisible();
    await audit.check(page, "back office: category form");

    // The guest's fresh menu: the limit goes with the category's items, the details under the name in English.
    const menu = await request.get(`/api/tables/${HOTEL.guestSpot}/menus/${HOTEL.service}`);
    const fruit = (
      (await menu.json()) as { items: { id: number; maxProductsPerCartForThisCategory: number | null }[] }
    ).items.find((item) => item.id === FRUIT.itemId);
    expect(fruit?.maxProductsPerCartForThisCategory).toBe(2);
    const guestPage = await guest.newPage();
    await guestPage.goto(`/${HOTEL.service}/${HOTEL.guestSpot}`);
    await guestPage.getByRole("button", { name: /^(Language|Γλώσσα):/ }).click();
    await guestPage.getByRole("dialog").getByRole("button", { name: "English" }).click();
    await expect(guestPage.getByRole("article", { name: "Seasonal fruit salad" })).toContainText(details);

    expect(audit.findings, audit.findings.join("\n")).toEqual([]);
  } finally {
    // The item's names and the category's limit as the demo venue has them, for the specs after this one.
    const restoredItem = await request.patch(`/api/staff/stores/${HOTEL.storeId}/items/${FRUIT.itemId}`, {
      headers: { ...headers, "idempotency-key": crypto.randomUUID() },
      data: { names: before.names },
    });
    expect(restoredItem.status()).toBe(200);
    const restoredCategory = await request.patch(`/api/staff/stores/${HOTEL.storeId}/categories/${FRUIT.categoryId}`, {
      headers: { ...headers, "idempotency-key": crypto.randomUUID() },
      data: { maxProductsPerCart: null },
    });
    expect(restoredCategory.status()).toBe(200);
    await admin.close();
    await guest.close();
  }
});
