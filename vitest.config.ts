import { lingui } from "@lingui/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

/**
 * Three suites: pure rules (node), the app's components and machines (jsdom), and the server
 * against a real database (SQLite by default, PostgreSQL when TEST_POSTGRES_URL is set).
 * End-to-end tests run in Playwright, not here.
 */
export default defineConfig({
  plugins: [react({ babel: { plugins: ["@lingui/babel-plugin-lingui-macro"] } }), lingui()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          include: ["src/domain/**/*.test.ts", "sw/**/*.test.ts", "tests/unit/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "app",
          environment: "jsdom",
          include: ["src/app/**/*.test.{ts,tsx}"],
          setupFiles: ["src/app/test-setup.ts"],
          // Screens load their lazy parts on first render; with two workers on the 2-core CI machine
          // a test that takes 0.3 s alone has taken over 5 s (findBy waits up to 10 s: test-setup.ts).
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: "server",
          environment: "node",
          include: ["src/server/**/*.test.ts"],
          pool: "forks",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
