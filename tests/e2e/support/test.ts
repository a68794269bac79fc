/**
 * The suite's `test` and `expect`: Playwright's, with one difference. A server-rendered page (a
 * QR's services page or a menu) is on screen before the app has taken it over, and a tap in
 * between does nothing, as it would for a guest whose scripts are still arriving. So every
 * navigation of a page to such a page (goto, reload), in any page of any context, waits for the
 * app to have mounted (<html data-mounted>, app-root.tsx) before the test goes on; a context the
 * test launches itself (a persistent profile) gets the same with waitForTheAppIn.
 */
import { type BrowserContext, test as base, type Page, type Response } from "@playwright/test";
import { SERVER_RENDER_DATA_ID } from "../../../src/domain/server-render";

export { expect } from "@playwright/test";

const MOUNT_TIMEOUT_MS = 15_000;
const waiting = new WeakSet<Page>();

async function untilMounted(page: Page, response: Response | null): Promise<void> {
  if (response === null || !(response.headers()["content-type"] ?? "").startsWith("text/html")) return;
  const body = await response.text().catch(() => "");
  if (!body.includes(`id="${SERVER_RENDER_DATA_ID}"`)) return;
  // Not a failure of its own when it never comes (an offline test's page, say): what the test
  // looks for next fails with a clearer message.
  await page
    .locator("html[data-mounted]")
    .waitFor({ state: "attached", timeout: MOUNT_TIMEOUT_MS })
    .catch(() => undefined);
}

function waitForTheAppOnNavigation(page: Page): void {
  if (waiting.has(page)) return;
  waiting.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await untilMounted(page, response);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await untilMounted(page, response);
    return response;
  };
}

/** The suite's wait for the app, in a context the test launched itself. */
export function waitForTheAppIn(context: BrowserContext): BrowserContext {
  context.on("page", waitForTheAppOnNavigation);
  for (const page of context.pages()) waitForTheAppOnNavigation(page);
  return context;
}

export const test = base.extend<object, object>({
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        if (options?.javaScriptEnabled !== false) context.on("page", waitForTheAppOnNavigation);
        return context;
      };
      await use(browser);
    },
    { scope: "worker" },
  ],
  context: async ({ context }, use) => {
    await use(waitForTheAppIn(context));
  },
});
