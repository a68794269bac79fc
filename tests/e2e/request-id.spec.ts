/**
 * A server error on a screen's data shows the failed request's id (the server's X-Request-Id), in
 * small text under the retry, so a guest's complaint can be found in the server's log; the screen
 * keeps no serious or critical axe finding and no CSP violation (support/screen-audit.ts).
 * The table read of umbrella 7201 (demo beach hotel) is answered with a 500 by the test.
 */

import { ScreenAudit, watchCspViolations } from "./support/screen-audit";
import { expect, test } from "./support/test";

const REQUEST_ID = "0f3a9c2e-11aa-4b2c-9d00-00000000002a";

test("a server error's screen shows 'Κωδικός αιτήματος' with the request id; no serious axe finding", async ({
  browser,
}) => {
  // No service worker: the route below must see the page's own request.
  const context = await browser.newContext({
    locale: "el-GR",
    timezoneId: "Europe/Athens",
    reducedMotion: "reduce",
    serviceWorkers: "block",
  });
  const cspConsole = await watchCspViolations(context);
  const page = await context.newPage();
  const audit = new ScreenAudit(cspConsole);
  try {
    await page.route("**/api/tables/7201", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        headers: { "x-request-id": REQUEST_ID },
        body: JSON.stringify({ code: "INTERNAL_ERROR", message: "Something went wrong, try again later" }),
      }),
    );
    // A screen the app loads itself: a QR's own pages come with their data inside the HTML.
    await page.goto("/beach-bar/7201/categories?category=7101");
    await expect(page.getByRole("heading", { level: 1, name: "Κάτι πήγε στραβά" })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(`Κωδικός αιτήματος: ${REQUEST_ID}`)).toBeVisible();
    await audit.check(page, "data error with its request id", { touchTargets: true });
    expect(audit.findings, audit.findings.join("\n")).toEqual([]);
  } finally {
    await context.close();
  }
});
