/**
 * The waiter's PDA (360x640) opening its staff screens: a session whose access token (jwt) ran out
 * overnight is refreshed before any staff read goes out, so the server refuses nothing and the
 * console logs no 401; the receipt's paper sizes and the history's filters fit a 360 px screen,
 * and both speak Greek to screen readers and to the eye. Rotonda Café Bar: PDA 13499, waiter 1324.
 * The faked edges: the server's clock (DEV_CLOCK_API), to sign in in the past; a receipt's answer.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { type E2eSession, storeSessionInBrowser } from "./support/accounts";
import { setServerClock, signInOnTerminal } from "./support/orders";
import { ScreenAudit, watchCspViolations } from "./support/screen-audit";
import { expect, test } from "./support/test";

test.use({ viewport: { width: 360, height: 640 } });

const CAFE = { storeId: 132, pda: 13499, pin: "1324", name: "Ροτόντα Café Bar" };
const REFRESH = "/api/authenticate/v2/tokens/validate/refresh";

test.afterEach(async ({ request }) => {
  // The other specs take the server's clock as it really is.
  await setServerClock(request, new Date().toISOString());
});

/** A waiter's PIN session signed 40 minutes ago: its jwt (30 minutes) is spent now, its authToken is not. */
async function sessionSignedInLastShift(request: APIRequestContext): Promise<E2eSession> {
  await setServerClock(request, new Date(Date.now() - 40 * 60_000).toISOString());
  const answer = await request.post(`/api/authenticate/login/pin?pin=${CAFE.pin}&storeId=${CAFE.storeId}`);
  expect(answer.ok()).toBe(true);
  const login = (await answer.json()) as { authToken: { token: string; user: E2eSession["user"] }; jwt: string };
  await setServerClock(request, new Date().toISOString());
  return { authToken: login.authToken.token, jwt: login.jwt, user: login.authToken.user };
}

/** Every API call the page makes, in order, and every refusal and console error. */
function watch(page: Page) {
  const calls: { path: string; jwt: string | undefined }[] = [];
  const refused: string[] = [];
  const consoleErrors: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) calls.push({ path: url.pathname, jwt: request.headers().jwt });
  });
  page.on("response", (response) => {
    if (response.status() === 401) refused.push(new URL(response.url()).pathname);
  });
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  return { calls, refused, consoleErrors };
}

const STAFF_SCREENS = [
  { path: "/order-change-status", heading: "Ζωντανές παραγγελίες", read: "/api/staff/orders" },
  {
    path: `/open-tables/for-store/${CAFE.storeId}/${CAFE.pda}`,
    heading: "Ανοιχτά τραπέζια",
    read: "/api/staff/openings",
  },
  {
    path: `/order-history/for-store/${CAFE.storeId}/${CAFE.pda}`,
    heading: "Ιστορικό παραγγελιών",
    read: `/api/staff/stores/${CAFE.storeId}/orders`,
  },
];

for (const screen of STAFF_SCREENS) {
  test(`${screen.path} opened with a spent access token: the refresh goes first, no call is refused, no 401 in the console`, async ({
    page,
    request,
  }) => {
    // The PDA: its spot makes it the café's terminal (the staff shell reads the live orders too).
    await page.goto(`/menu/${CAFE.pda}`);
    await expect(page.getByRole("heading", { level: 1, name: CAFE.name })).toBeVisible();
    const spent = await sessionSignedInLastShift(request);
    await storeSessionInBrowser(page, spent);

    const seen = watch(page);
    await page.goto(screen.path);
    await expect(page.getByRole("heading", { level: 1, name: screen.heading })).toBeVisible();
    await expect.poll(() => seen.calls.some((call) => call.path === screen.read)).toBe(true);
    // Whatever else starts with the page (the app's own refresh, the shell's feed) has its moment to go wrong.
    await page.waitForTimeout(1_500);

    expect(seen.refused).toEqual([]);
    expect(seen.consoleErrors.filter((text) => /401|Unauthorized/i.test(text))).toEqual([]);
    const firstRefresh = seen.calls.findIndex((call) => call.path === REFRESH);
    const firstRead = seen.calls.findIndex((call) => call.path.startsWith("/api/staff/"));
    expect(firstRefresh).toBeGreaterThanOrEqual(0);
    expect(firstRefresh).toBeLessThan(firstRead);
    // The spent jwt went to the refresh (which accepts one), never to a staff call.
    expect(seen.calls.filter((call) => call.jwt === spent.jwt && call.path.startsWith("/api/staff/"))).toEqual([]);
  });
}

test("the receipt at 360 px: each paper size on one line, the sizes and the paper named in Greek", async ({ page }) => {
  const audit = new ScreenAudit(await watchCspViolations(page.context()));
  await signInOnTerminal(page, { pda: CAFE.pda, pin: CAFE.pin, venueName: CAFE.name });
  await page.route("**/api/staff/receipts/5", (route) =>
    route.fulfill({
      json: {
        id: 5,
        storeId: CAFE.storeId,
        storeNames: { GRE: { name: "Ροτόντα Café Bar" }, ENG: { name: "Rotonda Café Bar" } },
        openingId: 72,
        kind: "FINAL",
        number: 4,
        athensDay: "2026-07-01",
        language: "GRE",
        spotName: "Τραπέζι 3",
        section: "",
        waiterName: "Γιώργος",
        lines: [],
        payments: [],
        amounts: { totalCents: 900, paidCents: 900, treatedCents: 0, canceledCents: 0, remainingCents: 0 },
        minimumConsumption: null,
        openedAt: "2026-07-01T09:00:00.000Z",
        closedAt: "2026-07-01T09:20:00.000Z",
        createdAt: "2026-07-01T09:20:00.000Z",
        byName: "Γιώργος",
      },
    }),
  );
  await page.goto("/receipts/5?paper=58");
  await expect(page.getByRole("article", { name: "Απόδειξη αρ. 4" })).toBeVisible();
  const sizes = page.getByRole("navigation", { name: "Μέγεθος χαρτιού" });
  await expect(sizes.getByRole("link")).toHaveCount(3);
  await expect(sizes.getByRole("link", { name: "58 mm" })).toHaveAttribute("aria-current", "page");
  for (const link of await sizes.getByRole("link").all()) {
    const lines = await link.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines, (await link.textContent()) ?? "").toBe(1);
    const box = await link.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(360);
  }
  // No CSP violation, no serious axe finding, every tool a 44 px target.
  await audit.check(page, "receipt", { touchTargets: true });
  expect(audit.findings).toEqual([]);
});

test("the store history at 360 px: every status fits its drop-down beside the arrow; the day is written in Greek", async ({
  page,
}) => {
  const audit = new ScreenAudit(await watchCspViolations(page.context()));
  await signInOnTerminal(page, { pda: CAFE.pda, pin: CAFE.pin, venueName: CAFE.name });
  await page.goto(`/order-history/for-store/${CAFE.storeId}/${CAFE.pda}`);
  await expect(page.getByRole("heading", { level: 1, name: "Ιστορικό παραγγελιών" })).toBeVisible();

  // The day the input holds, also in the UI's language beside it, as the input's description.
  const dayInput = page.getByLabel("Ημέρα");
  await expect(dayInput).not.toHaveValue("");
  const day = await dayInput.inputValue();
  const inGreek = new Intl.DateTimeFormat("el-GR", {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${day}T00:00:00Z`));
  await expect(page.getByTestId("history-day")).toHaveText(inGreek);
  await expect(dayInput).toHaveAccessibleDescription(inGreek);
  await dayInput.fill("2026-11-27");
  await expect(page.getByTestId("history-day")).toHaveText("Παρ 27 Νοε 2026");
  await expect(
    page
      .getByRole("list", { name: "Παραγγελίες της Παρ 27 Νοε 2026" })
      .or(page.getByText("Δεν υπάρχουν παραγγελίες αυτή την ημέρα.")),
  ).toBeVisible();

  // Each option's text, in the select's own font, fits the room left of the arrow; the arrow is on the screen.
  for (const label of ["Κατάσταση", "Θέση"]) {
    const select = page.getByLabel(label, { exact: true });
    const fit = await select.evaluate((element: HTMLSelectElement) => {
      const style = getComputedStyle(element);
      const context = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return {
        room,
        widest: Math.max(...[...element.options].map((option) => context.measureText(option.text).width)),
        first: context.measureText(element.options[0]?.text ?? "").width,
        arrowRoom: Number.parseFloat(style.paddingRight),
        arrow: style.backgroundImage,
        right: element.getBoundingClientRect().right,
      };
    });
    expect(fit.arrow).toContain("svg");
    expect(fit.arrowRoom).toBeGreaterThanOrEqual(24);
    expect(fit.right).toBeLessThanOrEqual(360);
    // "Όλες οι ..." always; every status too (a spot's own name may end in "…" beside the arrow).
    expect(fit.first, label).toBeLessThanOrEqual(fit.room);
    if (label === "Κατάσταση") expect(fit.widest, label).toBeLessThanOrEqual(fit.room);
  }
  // The drop-down's own arrow is an image from data: (the CSP allows those); nothing else is refused.
  await audit.check(page, "store order history", { touchTargets: true });
  expect(audit.findings).toEqual([]);
});
