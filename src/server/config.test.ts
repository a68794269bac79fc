import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_JOBS_CONFIG, EU_COUNTRIES, readConfig } from "./config";
import { ServerEnv } from "./config-env";

/** A value other than the default for every variable of the schema. */
const EVERY_VARIABLE = {
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
  METRICS_TOKEN: "scrape-me-please-0123",
  SMS_PROVIDER: "twilio",
  TWILIO_BASE_URL: "http://127.0.0.1:9999",
  TWILIO_ACCOUNT_SID: "AC123",
  TWILIO_AUTH_TOKEN: "secret-token",
  TWILIO_FROM: "+302100000000",
  SMTP_URL: "smtps://mailer:pw@mail.example.com:465",
  MAIL_FROM: "Κύμα <no-reply@example.com>",
  DEV_OUTBOX_API: "on",
  DEV_CLOCK_API: "on",
  SANDBOX_AUTHORIZE_PAUSE_MS: "250",
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
  BILL_PAYMENT_RECOVERY_AFTER_MS: "45000",
};

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
      metricsToken: null,
      messaging: { sms: { provider: "outbox" }, email: { provider: "outbox" } },
      devOutboxApi: false,
      devClockApi: false,
      sandboxAuthorizePauseMs: 0,
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

  it("reads every variable of the schema", () => {
    const config = readConfig(EVERY_VARIABLE, "/srv/app");
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
      metricsToken: "scrape-me-please-0123",
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
      sandboxAuthorizePauseMs: 250,
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
        billPaymentRecoveryMs: 45000,
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
    [{ METRICS_TOKEN: "short" }, /METRICS_TOKEN must be at least 16 characters/],
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
    [{ SANDBOX_AUTHORIZE_PAUSE_MS: "-1" }, /SANDBOX_AUTHORIZE_PAUSE_MS must be a whole number of milliseconds/],
  ])("refuses a wrong value loudly: %o", (env, message) => {
    expect(() => readConfig(env, "/srv/app")).toThrow(ConfigError);
    expect(() => readConfig(env, "/srv/app")).toThrow(message);
  });

  it("the test above sets every variable of the schema, and no other", () => {
    expect(Object.keys(EVERY_VARIABLE).sort()).toEqual(Object.keys(ServerEnv.properties).sort());
  });

  const TWILIO = { SMS_PROVIDER: "twilio", TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "t", TWILIO_FROM: "+30" };
  /** What a variable needs beside it to be read at all. */
  const CONTEXT: Record<string, Record<string, string>> = {
    SMS_PROVIDER: { TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "t", TWILIO_FROM: "+30" },
    TWILIO_BASE_URL: TWILIO,
    TWILIO_ACCOUNT_SID: TWILIO,
    TWILIO_AUTH_TOKEN: TWILIO,
    TWILIO_FROM: TWILIO,
    MAIL_FROM: { SMTP_URL: "smtp://mail:25" },
  };

  it.each(Object.entries(EVERY_VARIABLE))("%s, set on its own, changes the configuration", (name, value) => {
    const context = CONTEXT[name] ?? {};
    expect(readConfig({ ...context, [name]: value }, "/srv/app")).not.toEqual(readConfig(context, "/srv/app"));
  });

  it("names every wrong variable at once", () => {
    expect(() => readConfig({ PORT: "abc", LOG_LEVEL: "loud", JOB_LEASE_MS: "-1" })).toThrow(
      'PORT must be an integer from 0 to 65535, got "abc"; LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"; JOB_LEASE_MS must be a positive integer, got "-1"',
    );
  });

  it("does not repeat a value that may hold a password or secret", () => {
    for (const env of [
      { DATABASE_URL: "mysql://app:hunter2@db/venue" },
      { SMTP_URL: "http://mailer:hunter2@mail" },
      { JWT_SECRET: "hunter2" },
      { METRICS_TOKEN: "hunter2" },
    ]) {
      expect(() => readConfig(env)).toThrow(ConfigError);
      expect(() => readConfig(env)).not.toThrow(/hunter2/);
    }
  });

  it("reads the Twilio variables, and requires them, only when SMS_PROVIDER=twilio", () => {
    expect(readConfig({ TWILIO_BASE_URL: "ftp://unused" }).messaging.sms).toEqual({ provider: "outbox" });
    expect(() => readConfig({ SMS_PROVIDER: "Twilio" })).toThrow(
      "TWILIO_ACCOUNT_SID is required when SMS_PROVIDER=twilio; TWILIO_AUTH_TOKEN is required when SMS_PROVIDER=twilio; TWILIO_FROM is required when SMS_PROVIDER=twilio",
    );
  });

  it("takes a blank value as unset, trims the others, but uses JWT_SECRET byte for byte", () => {
    const config = readConfig({ PORT: "  ", HOST: " 0.0.0.0 ", JWT_SECRET: " 32 characters with spaces around " });
    expect(config.port).toBe(3000);
    expect(config.host).toBe("0.0.0.0");
    expect(config.jwtSecret).toBe(" 32 characters with spaces around ");
  });

  it.each([
    ["on", true],
    ["TRUE", true],
    ["1", true],
    ["Yes", true],
    ["off", false],
    ["false", false],
    ["0", false],
    ["NO", false],
  ])("reads the switch value %s as %s", (value, expected) => {
    expect(readConfig({ TRUST_PROXY: value }).trustProxy).toBe(expected);
  });
});
