/**
 * Order helpers for the e2e suite: the server's clock (DEV_CLOCK_API), a waiter signed in by PIN
 * through the API, and the staff calls that accept an order — what a waiter's PDA would do.
 */
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { ATHENS } from "./athens-time";

/** Puts the server's clock (hours, deadlines, sessions) at an instant. */
export async function setServerClock(request: APIRequestContext, date: string): Promise<void> {
  const answer = await request.put("/api/dev/clock", { data: { date } });
  expect(answer.ok()).toBe(true);
}

/** The server's clock at an Athens time of the summer day the app's clock uses (athens-time.ts). */
export function atServerAthensTime(request: APIRequestContext, time: keyof typeof ATHENS): Promise<void> {
  return setServerClock(request, ATHENS[time]);
}

/**
 * A waiter signs in by PIN on a store's PDA as on the device itself: opening the PDA's link first
 * makes the device the store's terminal (its staff shell then shows). `venueName`: the heading the
 * PDA's page must show before the PIN pad is opened.
 */
export async function signInOnTerminal(
  page: Page,
  terminal: { pda: number; pin: string; venueName?: string },
): Promise<void> {
  await page.goto(`/menu/${terminal.pda}`);
  const heading = page.getByRole("heading", { level: 1, ...(terminal.venueName ? { name: terminal.venueName } : {}) });
  await expect(heading).toBeVisible();
  await page.goto("/pin");
  const pinPad = page.getByRole("dialog", { name: "Είσοδος" });
  await pinPad.getByLabel("Pin").fill(terminal.pin);
  await pinPad.getByRole("button", { name: "Είσοδος", exact: true }).click();
  await expect(pinPad).toBeHidden();
}

export interface StaffSession {
  authToken: string;
  jwt: string;
}

export async function signInWaiter(request: APIRequestContext, pin: string, storeId: number): Promise<StaffSession> {
  const answer = await request.post(`/api/authenticate/login/pin?pin=${pin}&storeId=${storeId}`);
  expect(answer.ok()).toBe(true);
  const login = (await answer.json()) as { authToken: { token: string }; jwt: string };
  return { authToken: login.authToken.token, jwt: login.jwt };
}

export function staffHeaders(session: StaffSession): Record<string, string> {
  return { authToken: session.authToken, jwt: session.jwt };
}

/** The store's pending orders as the waiter sees them, waiting until `count` are there. */
export async function pendingOrderIds(request: APIRequestContext, waiter: StaffSession, count = 1): Promise<number[]> {
  let ids: number[] = [];
  await expect
    .poll(async () => {
      const answer = await request.get("/api/staff/orders", { headers: staffHeaders(waiter) });
      const { orders } = (await answer.json()) as { orders: { id: number; status: string }[] };
      ids = orders.filter((order) => order.status === "WAITING_FOR_ACCEPTANCE").map((order) => order.id);
      return ids.length;
    })
    .toBeGreaterThanOrEqual(count);
  return ids;
}

export async function acceptOrder(request: APIRequestContext, waiter: StaffSession, orderId: number): Promise<void> {
  const answer = await request.post(`/api/staff/orders/${orderId}/accept`, {
    headers: { ...staffHeaders(waiter), "idempotency-key": crypto.randomUUID() },
  });
  expect(answer.status()).toBe(200);
}

/** Blocks the live stream, so the app can only learn the status by polling. */
export async function blockWebSocket(page: Page): Promise<void> {
  await page.routeWebSocket(/\/api\/stomp/, (socket) => socket.close({ code: 1011, reason: "blocked by test" }));
}
