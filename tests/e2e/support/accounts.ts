/**
 * Sign-in helpers for the e2e suite: a fresh Greek mobile number per test (the server limits codes
 * per number), the code read from the dev outbox as a guest reads the SMS, and a real session put
 * into the app's IndexedDB for tests that start signed in.
 */
import { type APIRequestContext, expect, type Page } from "@playwright/test";

export function freshGreekMobile(): { national: string; e164: string } {
  const national = `69${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  return { national, e164: `+30${national}` };
}

/** The newest code sent to the number (6 digits in the SMS body). */
export async function readCode(request: APIRequestContext, e164: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/dev/outbox?to=${encodeURIComponent(e164)}`);
      const { messages } = (await answer.json()) as { messages: { body: string }[] };
      code = /\b(\d{6})\b/.exec(messages[0]?.body ?? "")?.[1];
      return code;
    })
    .toBeTruthy();
  return code as string;
}

export interface E2eSession {
  authToken: string;
  jwt: string;
  user: { id: number; name: string | null };
}

/** Signs a new guest in through the API (no UI), answering the session as the app stores it. */
export async function signInByApi(request: APIRequestContext): Promise<E2eSession> {
  const phone = freshGreekMobile();
  const body = { phoneNumber: phone.national, countryCode: "30" };
  expect((await request.post("/api/entrance", { data: body })).ok()).toBe(true);
  const code = await readCode(request, phone.e164);
  const answer = await request.post("/api/authenticate/v2/login", { data: { ...body, password: code } });
  expect(answer.ok()).toBe(true);
  const login = (await answer.json()) as { authToken: { token: string; user: E2eSession["user"] }; jwt: string };
  return { authToken: login.authToken.token, jwt: login.jwt, user: login.authToken.user };
}

/** Writes the session where the app keeps it (src/app/session/session-db.ts), then reloads. */
export async function storeSessionInBrowser(page: Page, session: E2eSession): Promise<void> {
  await page.evaluate(
    (stored) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open("kyma-session", 10);
        open.onupgradeneeded = () => {
          if (!open.result.objectStoreNames.contains("sessions"))
            open.result.createObjectStore("sessions", { keyPath: "key" });
        };
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const transaction = open.result.transaction("sessions", "readwrite");
          transaction.objectStore("sessions").put({ ...stored, key: "current" });
          transaction.oncomplete = () => {
            open.result.close();
            resolve();
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
    session,
  );
}

/** The session the app holds now (it rotates the tokens at start, so the ones it was given are spent). */
export async function sessionInBrowser(page: Page): Promise<E2eSession> {
  return page.evaluate(
    () =>
      new Promise<E2eSession>((resolve, reject) => {
        const open = indexedDB.open("kyma-session");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction("sessions").objectStore("sessions").get("current");
          read.onsuccess = () => {
            open.result.close();
            resolve(read.result as E2eSession);
          };
          read.onerror = () => reject(read.error);
        };
      }),
  );
}

/**
 * The guest's orders on the server, asked with the session the app holds. The app rotates its
 * tokens when it decides (at start, which runs after the first screen, and every 20 minutes): a
 * pair read just before a refresh is refused, so the session is read again until one is current.
 */
export async function guestOrderHistory(
  page: Page,
  request: APIRequestContext,
): Promise<{ id: number; status: string }[]> {
  let orders: { id: number; status: string }[] = [];
  await expect
    .poll(
      async () => {
        const session = await sessionInBrowser(page);
        const answer = await request.get("/api/orders/history", {
          headers: { authToken: session.authToken, jwt: session.jwt },
        });
        if (!answer.ok()) return await answer.text();
        orders = ((await answer.json()) as { orders: { id: number; status: string }[] }).orders;
        return "ok";
      },
      { message: "the guest's order history with the browser's current session", timeout: 15_000 },
    )
    .toBe("ok");
  return orders;
}
