/**
 * The configuration of an app a bench builds in its own process (buildApp): a silent log, the
 * outbox for messages, no dev APIs, the demo venues; what a bench varies is passed over it.
 */
import type { AppOptions } from "../src/server/app";

export function benchAppConfig(overrides: Partial<AppOptions["config"]> = {}): AppOptions["config"] {
  return {
    staticDir: "/nonexistent",
    contactEmail: "bench@example.com",
    logLevel: "silent",
    trustProxy: false,
    demoVenues: true,
    jwtSecret: null,
    messaging: { sms: { provider: "outbox" }, email: { provider: "outbox" } },
    devOutboxApi: false,
    devClockApi: false,
    ...overrides,
  };
}
