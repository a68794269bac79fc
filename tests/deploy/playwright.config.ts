import { defineConfig } from "@playwright/test";

/**
 * The deployment test: nginx with TLS from a local CA in front of two app processes on one
 * PostgreSQL database, driven by Debian's Chromium over https (deploy.spec.ts). It starts its own
 * processes (stack.ts), so there is no webServer here; the browser is launched by the spec, which
 * knows the certificate it must trust only once it has made it. Run under a throwaway PostgreSQL:
 *   bash scripts/with-postgres.sh npx playwright test -c tests/deploy/playwright.config.ts
 */
export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  timeout: 180_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // As the e2e suite: one retry under CI, which the report shows as flaky (a failure is not hidden).
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: { trace: "off" },
});
