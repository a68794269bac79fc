import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES, ConfigError, DEFAULT_JOBS_CONFIG, EU_COUNTRIES, readConfig } from "./config";

describe("configuration: every environment variable in one place with defaults (brief: config.ts)", () => {
  it("defaults: port 3000, SQLite in ./data, dist in ./dist, info logs, demo venues on", () => {
    expect(readConfig({}, "/srv/app")).toEqual({
      port: 3000,
      host: "localhost",
      databaseUrl: null,
      databasePoolSize: 10,
      dataDir: "/srv/app/data",
      staticDir: "/srv/app/dist",
      logLevel: "info",
      demoVenues: true,
      publicUrl: null,
      contactEmail: "contact@localhost",
      trustProxy: false,
      jwtSecret: null,
      messaging: { sms: { provider: "outbox" }, email: { provider: "outbox" } },
      devOutboxApi: false,
      devClockApi: false,
      http: { requestTimeoutMs: 30_000, headersTimeoutMs: 10_000, keepAliveTimeoutMs: 72_000 },
      stomp: { maxConnectionsPerSession: 10, maxConnectionsPerAddress: 50 },
      codeSends: {
        newNumbersPerAddressPerHour: 5,
        perStorePerHour: 300,
        perSystemPerHour: 1000,
        voiceCallCountries: [...EU_COUNTRIES],
      },
      guestOrders: { per10Minutes: 20, perDay: 100 },
      jobs: DEFAULT_JOBS_CONFIG,
    });
    expect(readConfig({}).codeSends.voiceCallCountries).toContain("GR");
  });

  it("reads every documented variable", () => {
    const config = readConfig(
      {
        PORT: "8080",
        HOST: "0.0.0.0",
        DATABASE_URL: "postgresql://app:secret@db:5432/venue",
        DATA_DIR: "/var/lib/venue",
        STATIC_DIR: "build",
        LOG_LEVEL: "WARN",
        DEMO_VENUES: "off",
        PUBLIC_URL: "https://order.example.com/",
        CONTACT_EMAIL: "hello@example.com",
        TRUST_PROXY: "on",
        JWT_SECRET: "correct horse battery staple 1234567890",
        SMS_PROVIDER: "twilio",
        TWILIO_BASE_URL: "http://127.0.0.1:9999",
        TWILIO_ACCOUNT_SID: "AC123",
        TWILIO_AUTH_TOKEN: "secret-token",
        TWILIO_FROM: "+302100000000",
        SMTP_URL: "smtps://mailer:pw@mail.example.com:465",
        MAIL_FROM: "Κύμα <no-reply@example.com>",
        DEV_OUTBOX_API: "on",
        DEV_CLOCK_API: "on",
        HTTP_REQUEST_TIMEOUT_MS: "20000",
        HTTP_HEADERS_TIMEOUT_MS: "5000",
        HTTP_KEEP_ALIVE_TIMEOUT_MS: "65000",
        STOMP_MAX_CONNECTIONS_PER_SESSION: "4",
        STOMP_MAX_CONNECTIONS_PER_ADDRESS: "500",
        CODE_SENDS_NEW_NUMBERS_PER_ADDRESS: "3",
        CODE_SENDS_PER_STORE_PER_HOUR: "40",
        CODE_SENDS_PER_HOUR: "200",
        VOICE_CALL_COUNTRIES: "gr, CY",
        GUEST_ORDERS_PER_10_MINUTES: "30",
        GUEST_ORDERS_PER_DAY: "200",
        DATABASE_POOL_SIZE: "16",
        JOB_LEASE_MS: "5000",
        JOB_POLL_INTERVAL_MS: "500",
        JOB_RETRY_INITIAL_MS: "200",
        JOB_RETRY_MAX_MS: "60000",
        JOB_MAX_ATTEMPTS: "8",
        PAYMENT_RECONCILE_INTERVAL_MS: "30000",
        PAYMENT_RECONCILE_AFTER_MS: "120000",
      },
      "/srv/app",
    );
    expect(config).toEqual({
      port: 8080,
      host: "0.0.0.0",
      databaseUrl: "postgresql://app:secret@db:5432/venue",
      databasePoolSize: 16,
      dataDir: "/var/lib/venue",
      staticDir: path.join("/srv/app", "build"),
      logLevel: "warn",
      demoVenues: false,
      publicUrl: "https://order.example.com",
      contactEmail: "hello@example.com",
      trustProxy: true,
      jwtSecret: "correct horse battery staple 1234567890",
      messaging: {
        sms: {
          provider: "twilio",
          baseUrl: "http://127.0.0.1:9999",
          accountSid: "AC123",
          authToken: "secret-token",
          from: "+302100000000",
        },
        email: { provider: "smtp", url: "smtps://mailer:pw@mail.example.com:465", from: "Κύμα <no-reply@example.com>" },
      },
      devOutboxApi: true,
      devClockApi: true,
      http: { requestTimeoutMs: 20_000, headersTimeoutMs: 5_000, keepAliveTimeoutMs: 65_000 },
      stomp: { maxConnectionsPerSession: 4, maxConnectionsPerAddress: 500 },
      codeSends: {
        newNumbersPerAddressPerHour: 3,
        perStorePerHour: 40,
        perSystemPerHour: 200,
        voiceCallCountries: ["GR", "CY"],
      },
      guestOrders: { per10Minutes: 30, perDay: 200 },
      jobs: {
        leaseMs: 5000,
        pollIntervalMs: 500,
        retryInitialMs: 200,
        retryMaxMs: 60000,
        maxAttempts: 8,
        reconcileIntervalMs: 30000,
        reconcileGraceMs: 120000,
      },
    });
  });

  it.each([
    [{ PORT: "http" }, /PORT must be an integer/],
    [{ PORT: "70000" }, /PORT must be an integer/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL must be a postgres:\/\/ URL/],
    [{ LOG_LEVEL: "loud" }, /LOG_LEVEL must be one of/],
    [{ DEMO_VENUES: "maybe" }, /DEMO_VENUES must be on or off/],
    [{ JWT_SECRET: "short" }, /JWT_SECRET must be at least 32 characters/],
    [{ SMS_PROVIDER: "pigeon" }, /SMS_PROVIDER must be outbox or twilio/],
    [{ SMS_PROVIDER: "twilio", TWILIO_AUTH_TOKEN: "x", TWILIO_FROM: "+30" }, /TWILIO_ACCOUNT_SID is required/],
    [{ SMTP_URL: "http://mail" }, /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    [{ DEV_OUTBOX_API: "sometimes" }, /DEV_OUTBOX_API must be on or off/],
    [{ STOMP_MAX_CONNECTIONS_PER_SESSION: "0" }, /STOMP_MAX_CONNECTIONS_PER_SESSION must be a positive integer/],
    [{ STOMP_MAX_CONNECTIONS_PER_ADDRESS: "ten" }, /STOMP_MAX_CONNECTIONS_PER_ADDRESS must be a positive integer/],
    [{ HTTP_REQUEST_TIMEOUT_MS: "1.5" }, /HTTP_REQUEST_TIMEOUT_MS must be a positive integer/],
    [{ HTTP_HEADERS_TIMEOUT_MS: "40000" }, /HTTP_HEADERS_TIMEOUT_MS must not be greater than HTTP_REQUEST_TIMEOUT_MS/],
    [{ CODE_SENDS_PER_HOUR: "0" }, /CODE_SENDS_PER_HOUR must be a positive integer/],
    [{ VOICE_CALL_COUNTRIES: "GR,Greece" }, /VOICE_CALL_COUNTRIES must list two-letter country codes/],
    [{ JOB_LEASE_MS: "0" }, /JOB_LEASE_MS must be a positive integer/],
  ])("refuses a wrong value loudly: %o", (env, message) => {
    expect(() => readConfig(env, "/srv/app")).toThrow(ConfigError);
    expect(() => readConfig(env, "/srv/app")).toThrow(message);
  });

  it("the documented table lists exactly the variables readConfig reads, also in README-config.md", async () => {
    const names = CONFIG_VARIABLES.map((v) => v.name);
    expect(names).toEqual([
      "PORT",
      "HOST",
      "DATABASE_URL",
      "DATABASE_POOL_SIZE",
      "DATA_DIR",
      "STATIC_DIR",
      "LOG_LEVEL",
      "DEMO_VENUES",
      "PUBLIC_URL",
      "CONTACT_EMAIL",
      "TRUST_PROXY",
      "JWT_SECRET",
      "SMS_PROVIDER",
      "TWILIO_BASE_URL",
      "TWILIO_ACCOUNT_SID",
      "TWILIO_AUTH_TOKEN",
      "TWILIO_FROM",
      "SMTP_URL",
      "MAIL_FROM",
      "DEV_OUTBOX_API",
      "DEV_CLOCK_API",
      "HTTP_REQUEST_TIMEOUT_MS",
      "HTTP_HEADERS_TIMEOUT_MS",
      "HTTP_KEEP_ALIVE_TIMEOUT_MS",
      "STOMP_MAX_CONNECTIONS_PER_SESSION",
      "STOMP_MAX_CONNECTIONS_PER_ADDRESS",
      "CODE_SENDS_NEW_NUMBERS_PER_ADDRESS",
      "CODE_SENDS_PER_STORE_PER_HOUR",
      "CODE_SENDS_PER_HOUR",
      "VOICE_CALL_COUNTRIES",
      "GUEST_ORDERS_PER_10_MINUTES",
      "GUEST_ORDERS_PER_DAY",
      "JOB_LEASE_MS",
      "JOB_POLL_INTERVAL_MS",
      "JOB_RETRY_INITIAL_MS",
      "JOB_RETRY_MAX_MS",
      "JOB_MAX_ATTEMPTS",
      "PAYMENT_RECONCILE_INTERVAL_MS",
      "PAYMENT_RECONCILE_AFTER_MS",
    ]);
    const { readFileSync } = await import("node:fs");
    const readme = readFileSync(new URL("./README-config.md", import.meta.url), "utf8");
    for (const name of names) expect(readme).toContain(`\`${name}\``);
  });
});
