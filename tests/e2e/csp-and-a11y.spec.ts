/**
 * Security headers and accessibility: every screen of the spec, guest and staff, under the
 * server's Content-Security-Policy with no violation, and with no serious or critical axe
 * violation, in Greek and in English, dialogs open included (item modal, entrance, language),
 * the dark (brand=dark) language picker too. Touch targets (44x44 px at 360x640) on the main
 * guest and staff screens and the receipt's tools, a Tab walk on key screens, focus trapped in
 * and returned by the dialogs, and prefers-reduced-motion. The screens, states and dialogs this
 * walk does not reach, and the info pages' touch targets, are in a11y-more-screens.spec.ts.
 *
 * One browser context per language walks the guest's screens, then the staff's (PDA sign-ins by
 * API, as the other staff specs do). Demo spots no other spec uses: the café's tables 2, 5, 8, 12
 * and 18 (13402, 13405, 13408, 13412, 13418; not table 6, where table-openings.spec.ts moves a
 * table); the café's PDA spot 13499 and the hotel's 7499 (shared devices, no orders placed there). The one faked edge is the clock (noon in Athens).
 */
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import {
  type E2eSession,
  guestOrderHistory,
  sessionInBrowser,
  signInByApi,
  storeSessionInBrowser,
} from "./support/accounts";
import { atAthensTime } from "./support/athens-time";
import { acceptOrder, atServerAthensTime, setServerClock, signInWaiter } from "./support/orders";
import { controlsTabNeverReaches, ScreenAudit, smallTouchTargets, watchCspViolations } from "./support/screen-audit";
import { expect, test } from "./support/test";

const PDA_VIEWPORT = { width: 360, height: 640 };
const CAFE = { storeId: 132, serviceId: 13201, pda: 13499, pin: "1324", adminPin: "132013" };
const HOTEL = { storeId: 7, pda: 7499, pin: "2580" };

interface Language {
  code: "el" | "en";
  endonym: string;
  /** The café table the guest orders at, the one the staff's opening is at, the one left pending. */
  guestTable: number;
  openingTable: { id: number; name: string };
  pendingTable: number;
  text: {
    language: RegExp;
    signIn: string;
    closeTable: string;
    cash: string;
    pay: RegExp;
    finalReceipt: string;
    signInLinkFor: string;
  };
}

const GREEK: Language = {
  code: "el",
  endonym: "Ελληνικά",
  guestTable: 13412,
  openingTable: { id: 13405, name: "Τραπέζι 5" },
  pendingTable: 13402,
  text: {
    language: /^(Language|Γλώσσα):/,
    signIn: "Είσοδος",
    closeTable: "Κλείσιμο τραπεζιού",
    cash: "Μετρητά",
    pay: /^Πληρωμή .*:/,
    finalReceipt: "Τελική απόδειξη",
    signInLinkFor: "Σύνδεσμος σύνδεσης για",
  },
};

const ENGLISH: Language = {
  code: "en",
  endonym: "English",
  guestTable: 13408,
  // Spots are named in the UI language (the venue file gives each its English name).
  openingTable: { id: 13418, name: "Table 18" },
  pendingTable: 13402,
  text: {
    language: /^(Language|Γλώσσα):/,
    signIn: "Sign in",
    closeTable: "Close table",
    cash: "Cash",
    pay: /^Pay .*:/,
    finalReceipt: "Final receipt",
    signInLinkFor: "Sign-in link for",
  },
};

test.describe.configure({ timeout: 300_000 });
// A step that cannot happen fails in seconds, not at the end of the long walk's time-out.
test.use({ actionTimeout: 15_000, navigationTimeout: 20_000 });

test.beforeAll(async ({ request }) => {
  await atServerAthensTime(request, "12:00");
});

test.afterAll(async ({ request }) => {
  await setServerClock(request, new Date().toISOString());
});

/** A guest's cash order (a filter coffee) at a café table, placed through the API; its id. */
async function cashOrder(request: APIRequestContext, guest: E2eSession, tableId: number): Promise<number> {
  const answer = await request.post("/api/orders", {
    headers: { authToken: guest.authToken, jwt: guest.jwt, "idempotency-key": crypto.randomUUID() },
    data: {
      serviceId: CAFE.serviceId,
      tableId,
      lines: [{ itemId: 132204, quantity: 1, kilos: null, comment: "", selection: {} }],
      comment: "",
      expectedTotalCents: 280,
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

/** A staff PIN session, stored where the app keeps it. */
async function staffSession(page: Page, request: APIRequestContext, pin: string, storeId: number): Promise<void> {
  const answer = await request.post(`/api/authenticate/login/pin?pin=${pin}&storeId=${storeId}`);
  expect(answer.ok()).toBe(true);
  const login = (await answer.json()) as { authToken: { token: string; user: E2eSession["user"] }; jwt: string };
  await storeSessionInBrowser(page, { authToken: login.authToken.token, jwt: login.jwt, user: login.authToken.user });
}

async function openLanguageDialog(page: Page) {
  await page.getByRole("button", { name: /^(Language|Γλώσσα):/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  return dialog;
}

async function newLanguageContext(browser: Browser) {
  const context = await browser.newContext({
    viewport: PDA_VIEWPORT,
    locale: "el-GR",
    timezoneId: "Europe/Athens",
    isMobile: true,
    hasTouch: true,
    // axe reads colours as they are when it runs: a notice still fading in (it may mount after the
    // audit's wait for animations) would read as low contrast. Reduced motion shows final states
    // at once; the motion itself is checked by the reduced-motion test below.
    reducedMotion: "reduce",
  });
  const cspConsole = await watchCspViolations(context);
  const page = await context.newPage();
  await atAthensTime(page, "12:00");
  return { context, page, audit: new ScreenAudit(cspConsole) };
}

for (const language of [GREEK, ENGLISH]) {
  test(`[${language.code}] every guest and staff screen: no CSP violation, no serious/critical axe violation, 44 px targets`, async ({
    browser,
    request,
  }) => {
    const { context, page, audit } = await newLanguageContext(browser);
    const menu = `/cafe/${language.guestTable}`;
    try {
      // Landing, then the language dialog (light), where the language is chosen.
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await audit.check(page, "landing", { touchTargets: true });
      const picker = await openLanguageDialog(page);
      await audit.check(page, "language dialog", { touchTargets: true });
      await picker.getByRole("button", { name: language.endonym }).click();
      await expect(picker).toBeHidden();
      await expect(page.locator("html")).toHaveAttribute("lang", language.code);

      // The scanned table: its services, the menu, search, the item modal.
      await page.goto(`/menu/${language.guestTable}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await audit.check(page, "table services", { touchTargets: true });
      await page.getByRole("banner").getByRole("button", { name: language.text.signIn, exact: true }).click();
      const entrance = page.getByRole("dialog", { name: language.text.signIn });
      await expect(entrance).toBeVisible();
      await audit.check(page, "entrance dialog", { touchTargets: true });
      await page.keyboard.press("Escape");
      await expect(entrance).toBeHidden();
      await page.goto(menu);
      await expect(page.getByRole("button", { name: "Freddo espresso", exact: true })).toBeVisible();
      await audit.check(page, "menu", { touchTargets: true });
      await page.goto(`${menu}/search?q=freddo`);
      await expect(page.getByRole("button", { name: "Freddo espresso", exact: true })).toBeVisible();
      await audit.check(page, "search");
      await page.getByRole("button", { name: "Freddo espresso", exact: true }).click();
      const item = page.getByRole("dialog", { name: "Freddo espresso" });
      await expect(item).toBeVisible();
      await audit.check(page, "item modal", { touchTargets: true });
      await item.getByRole("button", { name: /^(Προσθήκη|Add)/ }).click();
      await expect(item).toBeHidden();

      // The cart (checkout) signed out, the entrance dialog, then signed in.
      await page.goto(`${menu}/cart`);
      await expect(page.getByTestId("send-order")).toBeVisible();
      await audit.check(page, "cart", { touchTargets: true });

      const guest = await signInByApi(request);
      await storeSessionInBrowser(page, guest);
      await page.reload();
      await expect(page.getByTestId("send-order")).toBeEnabled();
      await audit.check(page, "checkout (signed in)", { touchTargets: true });
      await page.getByTestId("send-order").click();
      await expect(page.getByTestId("order-progress")).toHaveAttribute("data-stage", "waiting");
      await audit.check(page, "order status: waiting", { touchTargets: true });
      const waiter = await signInWaiter(request, CAFE.pin, CAFE.storeId);
      const [orderId] = (await guestOrderHistory(page, request)).map((order) => order.id);
      await acceptOrder(request, waiter, orderId as number);
      await expect(page.getByTestId("order-progress")).toHaveAttribute("data-stage", "accepted", { timeout: 15_000 });
      await audit.check(page, "order status: accepted");

      // The signed-in guest's screens.
      const userId = (await sessionInBrowser(page)).user.id;
      for (const [screen, path] of [
        ["profile", `/profile/${userId}`],
        ["history", `/history/${userId}`],
        ["review", `/review/${orderId}`],
        ["store reviews", `/stores/${CAFE.storeId}/reviews`],
        ["info index", "/info"],
        ["info: contact us", "/info/contact-us"],
        ["info: terms of service", "/info/terms-of-service"],
        ["info: privacy policy", "/info/privacy-policy"],
        ["info: rating policy", "/info/rating-policy"],
        ["info: cookies policy", "/info/cookies-policy"],
        ["categories", `${menu}/categories?category=13301`],
        ["change phone", `${menu}/cart/change-phone`],
        ["delete account", `/profile/${userId}/delete`],
        ["order link refused", `/view-order-details/${orderId}/${CAFE.storeId}/a.b.c`],
        ["not found", "/no-such-screen"],
        ["delivery services", "/menu/13450"],
        ["delivery menu", "/delivery/13450"],
      ] as const) {
        await page.goto(path);
        await expect(page.locator("h1").first()).toBeVisible();
        await audit.check(page, screen, { touchTargets: screen.startsWith("delivery") || screen === "profile" });
      }

      // The dark (brand=dark) language picker, on the screens the spec gives it.
      for (const [screen, path] of [
        ["profile", `/profile/${userId}?brand=dark`],
        ["menu", `${menu}?brand=dark`],
        ["cart", `${menu}/cart?brand=dark`],
      ] as const) {
        await page.goto(path);
        await expect(page.locator("h1").first()).toBeVisible();
        await openLanguageDialog(page);
        await audit.check(page, `dark language dialog on ${screen}`);
        await page.keyboard.press("Escape");
      }

      // Staff: the sign-in screens, then a waiter's PDA.
      const staffGuest = await signInByApi(request);
      const openingOrder = await cashOrder(request, staffGuest, language.openingTable.id);
      await acceptOrder(request, waiter, openingOrder);
      await cashOrder(request, staffGuest, language.pendingTable);

      for (const [screen, path] of [
        ["staff login", "/staff-login"],
        ["staff sign-in link", "/staff-sign-in"],
      ] as const) {
        await page.goto(path);
        await expect(page.locator("h1").first()).toBeVisible();
        await audit.check(page, screen, { touchTargets: true });
      }
      await forgetSession(page);
      await page.goto(`/menu/${CAFE.pda}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.goto("/pin");
      const pinDialog = page.getByRole("dialog", { name: language.text.signIn });
      await expect(pinDialog).toBeVisible();
      await audit.check(page, "PIN sign-in", { touchTargets: true });
      await staffSession(page, request, CAFE.pin, CAFE.storeId);

      await page.goto("/order-change-status");
      await expect(page.locator("article[data-order-id]").first()).toBeVisible();
      await audit.check(page, "live orders", { touchTargets: true });
      await page.goto(`/open-tables/for-store/${CAFE.storeId}/${CAFE.pda}`);
      const card = page.getByRole("link", { name: new RegExp(`^${language.openingTable.name}: `) });
      await expect(card).toBeVisible();
      await audit.check(page, "open tables", { touchTargets: true });
      await card.click();
      await expect(page.getByTestId("remaining")).toBeVisible();
      await audit.check(page, "opening details", { touchTargets: true });
      await page.getByRole("button", { name: language.text.closeTable }).click();
      const sheet = page.getByRole("dialog");
      await expect(sheet).toBeVisible();
      await sheet.getByRole("button", { name: language.text.cash, exact: true }).click();
      await audit.check(page, "payment sheet", { touchTargets: true });
      await sheet.getByRole("button", { name: language.text.pay }).click();
      await expect(sheet).toBeHidden();
      await page.getByRole("button", { name: language.text.finalReceipt }).click();
      await expect(page).toHaveURL(/\/receipts\/\d+/);
      await expect(page.getByTestId("receipt-total")).toBeVisible();
      // The paper itself is for the printer, but its tools (Print, the paper sizes) are tapped on
      // the PDA's screen: they are measured too.
      await audit.check(page, "receipt", { touchTargets: true });
      await page.goto(`/order-history/for-store/${CAFE.storeId}/${CAFE.pda}`);
      await expect(page.locator("h1").first()).toBeVisible();
      await audit.check(page, "store order history", { touchTargets: true });
      await page.goto(`/day-summary/for-store/${CAFE.storeId}/${CAFE.pda}`);
      await expect(page.locator("h1").first()).toBeVisible();
      await audit.check(page, "day summary", { touchTargets: true });

      // The hotel's rooms, on the hotel's PDA.
      await staffSession(page, request, HOTEL.pin, HOTEL.storeId);
      await page.goto(`/open-rooms/for-store/${HOTEL.storeId}/${HOTEL.pda}`);
      await expect(page.locator("h1").first()).toBeVisible();
      await audit.check(page, "open rooms", { touchTargets: true });

      // The store's admin, with a login link's QR code open (an image from a data: URL).
      await staffSession(page, request, CAFE.adminPin, CAFE.storeId);
      await page.goto("/staff-admin");
      const linkButton = page.getByRole("button", { name: new RegExp(`^${language.text.signInLinkFor}`) }).first();
      await expect(linkButton).toBeVisible();
      await linkButton.click();
      await expect(page.getByTestId("login-link")).toBeVisible();
      await audit.check(page, "staff admin with a login link", { touchTargets: true });

      expect(audit.screens.length).toBeGreaterThanOrEqual(30);
      expect(audit.findings, audit.findings.join("\n")).toEqual([]);
    } finally {
      // On a failure half-way, what was found so far still reaches the report.
      if (audit.findings.length > 0)
        test.info().annotations.push({ type: "findings", description: audit.findings.join("\n") });
      await context.close();
    }
  });
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

test("accessibility: the item modal, entrance and language dialogs trap focus and give it back to their opener", async ({
  page,
}) => {
  await page.setViewportSize(PDA_VIEWPORT);
  await atAthensTime(page, "12:00");
  await page.goto(`/menu/${GREEK.guestTable}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goto(`/cafe/${GREEK.guestTable}`);
  const openers = [
    { opener: page.getByRole("button", { name: "Freddo espresso", exact: true }), name: "Freddo espresso" },
    { opener: page.getByRole("banner").getByRole("button", { name: "Είσοδος", exact: true }), name: "Είσοδος" },
    { opener: page.getByRole("button", { name: /^(Language|Γλώσσα):/ }), name: "Επιλογή γλώσσας" },
  ];
  for (const { opener, name } of openers) {
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name });
    await expect(dialog).toBeVisible();
    // Focus moved inside; 25 Tabs forward and 25 back never leave it.
    await expect.poll(() => dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    for (const key of ["Tab", "Shift+Tab"]) {
      for (let press = 0; press < 25; press++) {
        await page.keyboard.press(key);
        expect(
          await dialog.evaluate((node) => node.contains(document.activeElement)),
          `${name}: ${key} #${press}`,
        ).toBe(true);
      }
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  }
});

test("accessibility: every control of the menu, the cart and the live orders is reached with Tab", async ({
  page,
  request,
}) => {
  await page.setViewportSize(PDA_VIEWPORT);
  await atAthensTime(page, "12:00");
  await page.goto(`/cafe/${GREEK.guestTable}`);
  await expect(page.getByRole("button", { name: "Freddo espresso", exact: true })).toBeVisible();
  expect(await controlsTabNeverReaches(page), "menu").toEqual([]);
  await page.goto(`/cafe/${GREEK.guestTable}/cart`);
  await expect(page.locator("h1").first()).toBeVisible();
  expect(await controlsTabNeverReaches(page), "cart").toEqual([]);
  await page.goto(`/menu/${CAFE.pda}`);
  await staffSession(page, request, CAFE.pin, CAFE.storeId);
  await page.goto("/order-change-status");
  await expect(page.locator("h1").first()).toBeVisible();
  expect(await controlsTabNeverReaches(page), "live orders").toEqual([]);
  await page.goto(`/open-tables/for-store/${CAFE.storeId}/${CAFE.pda}`);
  await expect(page.locator("h1").first()).toBeVisible();
  expect(await controlsTabNeverReaches(page), "open tables").toEqual([]);
});

test("accessibility: with prefers-reduced-motion no animation or transition runs (dialog open, skeletons)", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: PDA_VIEWPORT, locale: "el-GR", reducedMotion: "reduce" });
  try {
    const page = await context.newPage();
    await atAthensTime(page, "12:00");
    await page.goto(`/cafe/${GREEK.guestTable}`);
    await page.getByRole("button", { name: "Freddo espresso", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Freddo espresso" })).toBeVisible();
    const moving = await page.evaluate(() => {
      const seconds = (value: string) =>
        Math.max(...value.split(",").map((part) => Number.parseFloat(part) * (part.trim().endsWith("ms") ? 0.001 : 1)));
      const found: string[] = [];
      for (const element of document.querySelectorAll("*")) {
        for (const pseudo of [null, "::before", "::after"]) {
          const style = getComputedStyle(element, pseudo);
          const animation = style.animationName !== "none" ? seconds(style.animationDuration) : 0;
          const transition = seconds(style.transitionDuration);
          if (animation > 0.001 || transition > 0.001)
            found.push(
              `${element.tagName.toLowerCase()}.${element.className} ${pseudo ?? ""} ${animation}s/${transition}s`,
            );
        }
      }
      return found;
    });
    expect(moving).toEqual([]);
    // The same check without the preference finds motion, so the check above can fail.
    await page.emulateMedia({ reducedMotion: "no-preference" });
    const anyTransition = await page.evaluate(() =>
      [...document.querySelectorAll("*")].some(
        (element) => Number.parseFloat(getComputedStyle(element).transitionDuration) > 0,
      ),
    );
    expect(anyTransition).toBe(true);
  } finally {
    await context.close();
  }
});

test("security headers: the CSP watch reports a violation (it can fail): an image from another host is refused", async ({
  browser,
}) => {
  const { context, page, audit } = await newLanguageContext(browser);
  try {
    await page.goto("/info");
    await expect(page.locator("h1").first()).toBeVisible();
    await page.evaluate(() => {
      const image = document.createElement("img");
      image.alt = "";
      image.src = "http://192.0.2.1/probe.png";
      document.body.append(image);
    });
    await expect
      .poll(async () => {
        await audit.check(page, "probe");
        return audit.findings.join("\n");
      })
      .toMatch(/probe: CSP img-src/);
  } finally {
    await context.close();
  }
});

test("security headers over plain http: WebSockets only to the page's own host; the STOMP socket still opens", async ({
  page,
}) => {
  const response = await page.goto("/info");
  const policy = String(response?.headers()["content-security-policy"]);
  const connectSrc = policy
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === "connect-src");
  expect(connectSrc).toBeDefined();
  expect(connectSrc).not.toContain("ws:");
  expect(connectSrc).not.toContain("wss:");
  await expect(page.locator("h1").first()).toBeVisible();
  const outcome = await page.evaluate(async () => {
    const violations: string[] = [];
    document.addEventListener("securitypolicyviolation", (event) => violations.push(event.blockedURI));
    const opens = (url: string) =>
      new Promise<string>((resolve) => {
        try {
          const socket = new WebSocket(url, ["v12.stomp"]);
          socket.addEventListener("open", () => {
            socket.close();
            resolve("open");
          });
          socket.addEventListener("error", () => resolve("error"));
        } catch (error) {
          resolve(error instanceof Error ? error.name : "thrown");
        }
      });
    const own = await opens(`ws://${location.host}/api/stomp`);
    const foreign = await opens("ws://192.0.2.1:9/api/stomp");
    await new Promise((resolve) => setTimeout(resolve, 200));
    return { own, foreign, violations };
  });
  expect(outcome.own).toBe("open");
  expect(outcome.foreign).not.toBe("open");
  expect(outcome.violations.join(" ")).toContain("192.0.2.1");
  expect(outcome.violations.join(" ")).not.toContain("localhost");
});

test("accessibility: the touch-target check finds a small control (it can fail)", async ({ page }) => {
  await page.setContent('<button style="width:30px;height:30px;padding:0">x</button>');
  expect(await smallTouchTargets(page)).toHaveLength(1);
});
