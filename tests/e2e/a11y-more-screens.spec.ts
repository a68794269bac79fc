/**
 * Accessibility, continued from csp-and-a11y.spec.ts (same checks, support/screen-audit.ts):
 * the spec §2 screens, states and dialogs that walk does not reach, in Greek and in English.
 * - the cookie notice on landing and the load error of a screen whose code fails (no service worker);
 * - search with no results, the happy-hour screen, the item modal of a per-kg item;
 * - the entrance dialog's missing-number alert and its verification step (a real sign-in);
 * - the checkout's new-card form, the card ready to be saved, the cart with a saved card, the
 *   delete-card step (cart-with-delete-card), a declined card's "payment failed";
 * - the delivery details form, its missing-field alert and the delivery confirmation dialog;
 * - history-with-entrance, the order-details link screen with a valid link, the staff-only screen
 *   a guest meets, the PIN pad a waiter's "Lock" leaves, /pin signed in and on a phone that is not
 *   a terminal, the store's order history with an order's details and its link open;
 * - touch targets on the info pages (csp-and-a11y checks them with axe only).
 *
 * Demo spots no other spec uses: the beach hotel's umbrellas 3 and 4 (7203 for Greek, 7204 for
 * English; card orders are placed there) and its restaurant table 7403 (browsed only); the
 * delivery link 13450 is browsed only (no order sent). The one faked edge is the clock.
 */
import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import {
  type E2eSession,
  freshGreekMobile,
  readCode,
  sessionInBrowser,
  storeSessionInBrowser,
} from "./support/accounts";
import { type ATHENS, atAthensTime } from "./support/athens-time";
import { atServerAthensTime, pendingOrderIds, setServerClock, signInWaiter, staffHeaders } from "./support/orders";
import { ScreenAudit, smallTouchTargets, watchCspViolations } from "./support/screen-audit";
import { expect, test } from "./support/test";

const PDA_VIEWPORT = { width: 360, height: 640 };
const RESTAURANT_TABLE = "/restaurant/7403";
const HOTEL = { storeId: 7, pda: 7499, pin: "2580" };
const DECLINED_CARD = "4000 0000 0000 0002";
const APPROVED_CARD = "4242 4242 4242 4242";

interface Language {
  code: "el" | "en";
  endonym: string;
  /** The beach bar umbrella this language's guest orders at. */
  umbrella: number;
  text: {
    signIn: string;
    mobile: string;
    code: string;
    newCard: string;
    cardNumber: string;
    securityCode: string;
    useCard: string;
    deleteCard: RegExp;
    ok: string;
    address: string;
    area: string;
    postalCode: string;
    editDetails: string;
    lock: string;
    fish: string;
  };
}

const LANGUAGES: Language[] = [
  {
    code: "el",
    endonym: "Ελληνικά",
    umbrella: 7203,
    text: {
      signIn: "Είσοδος",
      mobile: "Κινητό τηλέφωνο",
      code: "Κωδικός επαλήθευσης",
      newCard: "Νέα κάρτα",
      cardNumber: "Αριθμός κάρτας",
      securityCode: "Κωδικός ασφαλείας",
      useCard: "Χρήση αυτής της κάρτας",
      deleteCard: /^Διαγραφή της κάρτας που λήγει σε/,
      ok: "Εντάξει",
      address: "Διεύθυνση",
      area: "Περιοχή",
      postalCode: "Ταχυδρομικός κώδικας",
      editDetails: "Αλλαγή στοιχείων",
      lock: "Κλείδωμα",
      fish: "Τσιπούρα",
    },
  },
  {
    code: "en",
    endonym: "English",
    umbrella: 7204,
    text: {
      signIn: "Sign in",
      mobile: "Mobile phone",
      code: "Verification code",
      newCard: "New card",
      cardNumber: "Card number",
      securityCode: "Security code",
      useCard: "Use this card",
      deleteCard: /^Delete card ending in/,
      ok: "OK",
      address: "Address",
      area: "Area",
      postalCode: "Postal code",
      editDetails: "Edit details",
      lock: "Lock",
      fish: "Sea bream",
    },
  },
];

test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 15_000, navigationTimeout: 20_000 });

test.beforeAll(async ({ request }) => {
  await atServerAthensTime(request, "12:00");
});

test.afterAll(async ({ request }) => {
  await setServerClock(request, new Date().toISOString());
});

async function auditContext(browser: Browser, options: { serviceWorkers?: "block" } = {}) {
  const context = await browser.newContext({
    viewport: PDA_VIEWPORT,
    locale: "el-GR",
    timezoneId: "Europe/Athens",
    isMobile: true,
    hasTouch: true,
    // As in csp-and-a11y.spec.ts: colours are read in their final state, not mid-fade.
    reducedMotion: "reduce",
    ...options,
  });
  const cspConsole = await watchCspViolations(context);
  const page = await context.newPage();
  return { context, page, audit: new ScreenAudit(cspConsole) };
}

async function chooseLanguage(page: Page, language: Language): Promise<void> {
  await page.getByRole("button", { name: /^(Language|Γλώσσα):/ }).click();
  const picker = page.getByRole("dialog");
  await picker.getByRole("button", { name: language.endonym }).click();
  await expect(picker).toBeHidden();
  await expect(page.locator("html")).toHaveAttribute("lang", language.code);
}

async function atClientTime(page: Page, time: keyof typeof ATHENS): Promise<void> {
  await page.unroute("**/api/utils/date");
  await atAthensTime(page, time);
}

/** Opens an item of the menu on screen and adds it to the cart. */
async function addItem(page: Page, name: string, kilos?: string): Promise<void> {
  await page.getByRole("button", { name, exact: true }).click();
  const item = page.getByRole("dialog", { name });
  if (kilos) await item.getByLabel(/^(Βάρος \(κιλά\)|Weight \(kg\))$/).fill(kilos);
  await item.getByRole("button", { name: /^(Προσθήκη|Add)/ }).click();
  await expect(item).toBeHidden();
}

async function payWithNewCard(page: Page, language: Language, number: string): Promise<Locator> {
  await page.getByRole("radio", { name: language.text.newCard }).check();
  await page.getByLabel(language.text.cardNumber).fill(number);
  await page.getByLabel(/MM\/YY/).fill("12/30");
  await page.getByLabel(language.text.securityCode).fill("123");
  return page.getByRole("button", { name: language.text.useCard });
}

/** Taps "Use this card" and waits for the sandbox's token ("Paying with Visa •••• ..."). */
async function applyCard(page: Page, use: Locator): Promise<void> {
  await use.click();
  await expect(page.locator(".new-card__ready")).toBeVisible();
}

function reportFindings(audit: ScreenAudit): void {
  if (audit.findings.length > 0)
    test.info().annotations.push({ type: "findings", description: audit.findings.join("\n") });
}

for (const language of LANGUAGES) {
  test(`[${language.code}] the cookie notice, a load error, /pin on a new phone: no CSP violation, no serious/critical axe violation, 44 px targets`, async ({
    browser,
  }) => {
    // No service worker: it would serve the screen's code from its precache (chunk-load.spec.ts).
    const { context, page, audit } = await auditContext(browser, { serviceWorkers: "block" });
    try {
      await atAthensTime(page, "12:00");
      await page.addInitScript(() => {
        globalThis.__CHUNK_LOAD_TIMEOUT_MS__ = 2_000;
      });
      // The notice's 1 s delay and 4 s auto-accept run on a fake clock, so it stays while audited.
      await page.clock.install();
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await chooseLanguage(page, language);
      await page.clock.runFor(1_000);
      const notice = page.getByRole("button", { name: language.text.ok, exact: true });
      await expect(notice).toBeVisible();
      await audit.check(page, "landing with the cookie notice", { touchTargets: true });
      // Its own 4 s auto-accept (a click would wait for animation frames, which the fake clock holds).
      await page.clock.runFor(5_000);
      await expect(notice).toBeHidden();
      await page.clock.resume();

      const infoChunk = "**/assets/info.index-*.js";
      await page.route(infoChunk, (route) => route.abort("internetdisconnected"));
      await page.goto("/info");
      await expect(page.getByRole("button", { name: /^(Δοκιμάστε ξανά|Try again)$/ })).toBeVisible({
        timeout: 10_000,
      });
      await audit.check(page, "load error", { touchTargets: true });

      // /pin on a phone that never opened a venue terminal's link.
      await page.unroute(infoChunk);
      await page.goto("/pin");
      await expect(
        page.getByText(
          /^(Αυτή η συσκευή δεν είναι ακόμη τερματικό καταστήματος|This device is not a venue terminal yet)$/,
        ),
      ).toBeVisible();
      await audit.check(page, "PIN on a device that is not a terminal", { touchTargets: true });
      expect(audit.findings, audit.findings.join("\n")).toEqual([]);
    } finally {
      reportFindings(audit);
      await context.close();
    }
  });

  test(`[${language.code}] the guest screens and dialogs csp-and-a11y does not reach: no CSP violation, no serious/critical axe violation, 44 px targets`, async ({
    browser,
    request,
  }) => {
    const { context, page, audit } = await auditContext(browser);
    const menu = `/beach-bar/${language.umbrella}`;
    try {
      await atAthensTime(page, "12:00");
      await page.goto(`/menu/${language.umbrella}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await chooseLanguage(page, language);

      // Search with no results; the item modal of a per-kg fish (the kilos field).
      await page.goto(`${menu}/search?q=zzzzqx`);
      await expect(page.locator("h1").first()).toBeVisible();
      await expect(page.locator("article")).toHaveCount(0);
      await audit.check(page, "search with no results", { touchTargets: true });
      await page.goto(RESTAURANT_TABLE);
      await page.getByRole("button", { name: language.text.fish, exact: true }).click();
      await expect(page.getByRole("dialog", { name: language.text.fish })).toBeVisible();
      await audit.check(page, "item modal of a per-kg item", { touchTargets: true });

      // The happy-hour screen, inside its window (17:00-19:00 at the beach bar).
      await atClientTime(page, "17:30");
      await page.goto(`${menu}/happy-hour`);
      await expect(page.getByRole("button", { name: "Freddo espresso", exact: true })).toBeVisible();
      await audit.check(page, "happy hour", { touchTargets: true });
      await atClientTime(page, "12:00");

      // The entrance dialog: the missing number's alert, then the verification step; a real sign-in.
      await page.goto(`/menu/${language.umbrella}`);
      await page.getByRole("banner").getByRole("button", { name: language.text.signIn, exact: true }).click();
      const entrance = page.getByRole("dialog", { name: language.text.signIn });
      await entrance.getByRole("button", { name: language.text.signIn, exact: true }).click();
      await expect(entrance.getByRole("alert")).not.toBeEmpty();
      await audit.check(page, "entrance dialog: number missing", { touchTargets: true });
      const phone = freshGreekMobile();
      await entrance.getByLabel(language.text.mobile).fill(phone.national);
      await entrance.getByRole("button", { name: language.text.signIn, exact: true }).click();
      const codeField = entrance.getByLabel(language.text.code);
      await expect(codeField).toBeVisible();
      await audit.check(page, "entrance dialog: verification", { touchTargets: true });
      await codeField.fill(await readCode(request, phone.e164));
      await codeField.press("Enter");
      await expect(entrance.getByRole("status")).not.toBeEmpty();
      await page.keyboard.press("Escape");
      await expect(entrance).toBeHidden();

      // Checkout by card: a declined card ends in "payment failed".
      await page.goto(menu);
      await addItem(page, "Freddo espresso");
      await page.goto(`${menu}/cart`);
      const declinedUse = await payWithNewCard(page, language, DECLINED_CARD);
      await audit.check(page, "checkout: new card form", { touchTargets: true });
      await applyCard(page, declinedUse);
      await page.getByTestId("send-order").click();
      await expect(page.getByTestId("order-progress")).toHaveAttribute("data-stage", "payment-failed");
      await audit.check(page, "order status: payment failed", { touchTargets: true });

      // An approved card, kept for next time; then the cart with the saved card, and its delete step.
      await page.goto(menu);
      await addItem(page, "Freddo espresso");
      await page.goto(`${menu}/cart`);
      await applyCard(page, await payWithNewCard(page, language, APPROVED_CARD));
      await page
        .getByRole("checkbox", { name: /^(Save this card for next time|Αποθήκευση της κάρτας για την επόμενη φορά)$/ })
        .check();
      await audit.check(page, "checkout: card ready, save it", { touchTargets: true });
      await page.getByTestId("send-order").click();
      // The newest card is this order (the declined one's lines went back to the cart and out again).
      await expect(page.getByTestId("order-progress").last()).toHaveAttribute("data-stage", "waiting", {
        timeout: 20_000,
      });
      // The umbrella's cart now follows that order: the saved card is offered at the restaurant table.
      await page.goto(RESTAURANT_TABLE);
      await addItem(page, language.text.fish, language.code === "el" ? "0,8" : "0.8");
      await page.goto(`${RESTAURANT_TABLE}/cart`);
      const deleteCard = page.getByRole("button", { name: language.text.deleteCard });
      await expect(deleteCard).toBeVisible();
      await audit.check(page, "checkout with a saved card", { touchTargets: true });
      await deleteCard.click();
      await expect(page).toHaveURL(/\/cart\/delete-card\?cardToken=/);
      await expect(page.getByRole("dialog")).toBeVisible();
      await audit.check(page, "delete card", { touchTargets: true });
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();

      // Delivery: the details form, its missing fields, the confirmation (cancelled: nothing sent).
      await page.goto("/delivery/13450");
      // Four, over the delivery's 10,00 € minimum.
      for (let count = 0; count < 4; count++) await addItem(page, "Freddo espresso");
      await page.goto("/delivery/13450/cart");
      await expect(page.getByLabel(language.text.address)).toBeVisible();
      await audit.check(page, "delivery details", { touchTargets: true });
      await page.getByTestId("send-order").click();
      await expect(page.getByLabel(language.text.address)).toHaveAttribute("aria-invalid", "true");
      await audit.check(page, "delivery details missing", { touchTargets: true });
      await page.getByLabel(language.text.address).fill("Ερμού 10");
      await page.getByLabel(language.text.area).fill("Σύνταγμα");
      await page.getByLabel(language.text.postalCode).fill("10563");
      await page.getByTestId("send-order").click();
      const confirm = page.getByRole("dialog");
      await expect(confirm).toBeVisible();
      await audit.check(page, "delivery confirmation", { touchTargets: true });
      await confirm.getByRole("button", { name: language.text.editDetails }).click();
      await expect(confirm).toBeHidden();

      // History with the entrance step, and the info pages' touch targets.
      const session = await sessionInBrowser(page);
      await page.goto(`/history/${session.user.id}/entrance`);
      await expect(page.locator("h1").first()).toBeVisible();
      await audit.check(page, "history with entrance", { touchTargets: true });
      for (const path of [
        "/info",
        "/info/contact-us",
        "/info/terms-of-service",
        "/info/privacy-policy",
        "/info/rating-policy",
        "/info/cookies-policy",
        "/info/terms-of-service?isApplication=true",
      ]) {
        await page.goto(path);
        await expect(page.locator("h1").first()).toBeVisible();
        for (const small of await smallTouchTargets(page)) audit.findings.push(`${path}: touch target ${small}`);
      }

      // The order-details link a waiter shares, opened with a valid link.
      // The card order waits at the umbrella: the store's newest pending order (the app's own
      // tokens rotate at each start, so the staff's view is the steady one to ask).
      const waiter = await signInWaiter(request, HOTEL.pin, HOTEL.storeId);
      const orderId = Math.max(...(await pendingOrderIds(request, waiter)));
      const link = await request.get(`/api/staff/orders/${orderId}/details-link`, { headers: staffHeaders(waiter) });
      expect(link.ok(), await link.text()).toBe(true);
      await page.goto(((await link.json()) as { path: string }).path);
      await expect(page.getByText("Freddo espresso").first()).toBeVisible();
      await audit.check(page, "order details by link", { touchTargets: true });

      // A staff screen a guest opens; then the PDA: the PIN pad its "Lock" leaves.
      await page.goto(`/open-tables/for-store/${HOTEL.storeId}/${HOTEL.pda}`);
      await expect(
        page.getByText(
          /^(Αυτή η οθόνη είναι για το προσωπικό του καταστήματος|This screen is for the staff of this store)$/,
        ),
      ).toBeVisible();
      await audit.check(page, "staff only (a guest)", { touchTargets: true });
      await forgetSession(page);
      await page.goto(`/menu/${HOTEL.pda}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.goto("/pin");
      await expect(page.getByRole("dialog", { name: language.text.signIn })).toBeVisible();
      await staffSession(page, request, HOTEL.pin, HOTEL.storeId);
      await page.goto("/order-change-status");
      await expect(page.locator("h1").first()).toBeVisible();
      await page.getByRole("button", { name: language.text.lock }).click();
      await expect(page.getByRole("dialog", { name: language.text.signIn })).toBeVisible();
      await audit.check(page, "PIN after Lock", { touchTargets: true });

      // Signed in again: /pin says who; the store's history with an order's details and its link.
      await staffSession(page, request, HOTEL.pin, HOTEL.storeId);
      await page.goto("/pin");
      await expect(page.getByText(/^(Συνδεδεμένος\/η ως|Signed in as) /)).toBeVisible();
      await audit.check(page, "PIN: signed in", { touchTargets: true });
      await page.goto(`/order-history/for-store/${HOTEL.storeId}/${HOTEL.pda}`);
      await page
        .getByRole("button", { name: /^#\d+\b/ })
        .first()
        .click();
      const details = page.locator(".staff-history__panel");
      await details.getByRole("button", { name: /^(Σύνδεσμος παραγγελίας|Details link)$/ }).click();
      await expect(details.getByRole("link")).toBeVisible();
      await audit.check(page, "store order history: an order's details and link", { touchTargets: true });

      // Every screen above was audited (a step skipped by mistake would shorten the list).
      expect(audit.screens).toHaveLength(19);
      expect(audit.findings, audit.findings.join("\n")).toEqual([]);
    } finally {
      reportFindings(audit);
      await context.close();
    }
  });
}

/** A staff PIN session, stored where the app keeps it. */
async function staffSession(page: Page, request: APIRequestContext, pin: string, storeId: number): Promise<void> {
  const answer = await request.post(`/api/authenticate/login/pin?pin=${pin}&storeId=${storeId}`);
  expect(answer.ok()).toBe(true);
  const login = (await answer.json()) as { authToken: { token: string; user: E2eSession["user"] }; jwt: string };
  await storeSessionInBrowser(page, { authToken: login.authToken.token, jwt: login.jwt, user: login.authToken.user });
}

/** Signs the guest out the quick way: the stored session gone, as after "sign out". */
async function forgetSession(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open("kyma-session");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const transaction = open.result.transaction("sessions", "readwrite");
          transaction.objectStore("sessions").delete("current");
          transaction.oncomplete = () => {
            open.result.close();
            resolve();
          };
        };
      }),
  );
}
