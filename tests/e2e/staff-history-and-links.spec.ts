/**
 * The store's order history and order-details links end to end, on a PDA viewport (360x640): a
 * guest's order (placed and accepted through the API, as orders.spec.ts proves the guest's screens)
 * is found by its daily number in the store's order history on the waiter's PDA and opened; a
 * details link minted there opens the order in a fresh browser without any sign-in; a tampered link
 * is refused. The one faked edge is the clock: the server's (DEV_CLOCK_API) is put at noon in
 * Athens.
 */
import type { APIRequestContext } from "@playwright/test";
import { type E2eSession, signInByApi, storeSessionInBrowser } from "./support/accounts";
import { atAthensTime } from "./support/athens-time";
import { acceptOrder, atServerAthensTime, setServerClock, signInWaiter } from "./support/orders";
import { expect, test } from "./support/test";

const PDA_VIEWPORT = { width: 360, height: 640 };
test.use({ viewport: PDA_VIEWPORT });

/** Rotonda Café Bar: café 13201, Τραπέζι 9 (13409: no other spec orders there or moves a table there), waiter 1324, PDA 13499. */
const CAFE = { storeId: 132, serviceId: 13201, table: 13409, pda: 13499, pin: "1324" };

let guest: E2eSession;

test.beforeAll(async ({ request }) => {
  await atServerAthensTime(request, "12:00");
  guest = await signInByApi(request);
});

test.afterAll(async ({ request }) => {
  await setServerClock(request, new Date().toISOString());
});

/** A guest's cash order at Τραπέζι 9: a filter coffee without sugar and two koulouria; its daily number. */
async function placeOrder(request: APIRequestContext): Promise<{ id: number; dailyNumber: number }> {
  const answer = await request.post("/api/orders", {
    headers: { authToken: guest.authToken, jwt: guest.jwt, "idempotency-key": crypto.randomUUID() },
    data: {
      serviceId: CAFE.serviceId,
      tableId: CAFE.table,
      lines: [
        { itemId: 132204, quantity: 1, kilos: null, comment: "Χωρίς ζάχαρη", selection: {} },
        { itemId: 132401, quantity: 2, kilos: null, comment: "", selection: {} },
      ],
      comment: "",
      expectedTotalCents: 280 + 2 * 120,
      scheduledFor: null,
      payment: { type: "CASH" },
      selectedTableId: null,
      deliveryInfo: null,
      location: null,
      language: "GRE",
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()) as { id: number; dailyNumber: number };
}

test("the waiter finds an order by its daily number in the store's history, opens it, and its details link opens it without sign-in; a tampered link is refused", async ({
  page,
  request,
  browser,
}) => {
  const order = await placeOrder(request);
  const waiter = await signInWaiter(request, CAFE.pin, CAFE.storeId);
  await acceptOrder(request, waiter, order.id);

  // The waiter's PDA: a PIN session where the app keeps it.
  const login = (await (
    await request.post(`/api/authenticate/login/pin?pin=${CAFE.pin}&storeId=${CAFE.storeId}`)
  ).json()) as { authToken: { token: string; user: E2eSession["user"] }; jwt: string };
  await atAthensTime(page, "12:00");
  await page.goto("/pin");
  await storeSessionInBrowser(page, { authToken: login.authToken.token, jwt: login.jwt, user: login.authToken.user });
  await page.goto(`/order-history/for-store/${CAFE.storeId}/${CAFE.pda}`);
  await expect(page.getByRole("heading", { name: "Ιστορικό παραγγελιών" })).toBeVisible();
  await expect(page.getByRole("list", { name: /^Παραγγελίες της / })).toBeVisible();

  await page.getByLabel("Αριθμός παραγγελίας").fill(String(order.dailyNumber));
  await page.getByRole("button", { name: "Εύρεση" }).click();
  const row = page.getByRole("button", { name: new RegExp(`^#${order.dailyNumber}\\b`) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Τραπέζι 9");
  await row.click();
  const details = page.locator(".staff-history__panel");
  await expect(details).toContainText("Καφές φίλτρου");
  await expect(details).toContainText("“Χωρίς ζάχαρη”");
  await expect(details).toContainText("2 × Κουλούρι Θεσσαλονίκης");
  await expect(details).toContainText("Γιώργος Αθανασίου");
  await expect(details).toContainText("5,20");

  await details.getByRole("button", { name: "Σύνδεσμος παραγγελίας" }).click();
  const href = await details.getByRole("link").getAttribute("href");
  expect(href).toMatch(new RegExp(`^/view-order-details/${order.id}/${CAFE.storeId}/[\\w-]+\\.[\\w-]+\\.[\\w-]+$`));
  const path = href as string;

  // A fresh browser context: no session, no cookies, nothing of the waiter's device.
  const stranger = await browser.newContext({ viewport: PDA_VIEWPORT, locale: "el-GR", timezoneId: "Europe/Athens" });
  try {
    const linkPage = await stranger.newPage();
    const apiUrls: string[] = [];
    linkPage.on("request", (r) => {
      if (r.url().includes("/api/order-details/")) apiUrls.push(r.url());
    });
    await linkPage.goto(path);
    await expect(
      linkPage.getByRole("heading", { name: `Παραγγελία #${order.dailyNumber} · Ροτόντα Café Bar` }),
    ).toBeVisible();
    await expect(linkPage.getByText("Καφές φίλτρου")).toBeVisible();
    await expect(linkPage.getByText("“Χωρίς ζάχαρη”")).toBeVisible();
    const token = path.split("/").at(-1) as string;
    expect(apiUrls.length).toBeGreaterThan(0);
    for (const url of apiUrls) expect(url).not.toContain(token);

    // One character of the signature changed: the one refusal, nothing of the order.
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const tampered = `${header}.${payload}.${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
    await linkPage.goto(`/view-order-details/${order.id}/${CAFE.storeId}/${tampered}`);
    await expect(
      linkPage.getByRole("heading", { name: "Αυτός ο σύνδεσμος δεν ανοίγει κάποια παραγγελία" }),
    ).toBeVisible();
    await expect(linkPage.getByText(/Ο σύνδεσμος της παραγγελίας δεν είναι έγκυρος ή έχει λήξει/)).toBeVisible();
    await expect(linkPage.getByText("Καφές φίλτρου")).toHaveCount(0);
  } finally {
    await stranger.close();
  }
});
