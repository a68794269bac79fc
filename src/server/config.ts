/**
 * The server's configuration, read from the environment variables of config-env.ts (their
 * schema: types, defaults, rules, meanings). Nothing else in src/server reads process.env: the
 * rest of the code receives a ServerConfig.
 */
import path from "node:path";
import { EU_COUNTRIES, GeneralEnv, type GeneralEnvValues, type LOG_LEVELS, TwilioEnv } from "./config-env";
import { type Env, readEnv } from "./config-env-read";

export { EU_COUNTRIES, isPostgresUrl, LOG_LEVELS } from "./config-env";

export interface ServerConfig {
  port: number;
  host: string;
  /** PostgreSQL connection URL, or null for the embedded SQLite file under dataDir. */
  databaseUrl: string | null;
  /** PostgreSQL: connections the requests share (the job worker has its own, db/database.ts). */
  databasePoolSize: number;
  dataDir: string;
  staticDir: string;
  logLevel: LogLevel;
  demoVenues: boolean;
  /** Base URL of the printed links; null: http://localhost:<the port actually listened on>. */
  publicUrl: string | null;
  contactEmail: string;
  trustProxy: boolean;
  /** Master secret of jwts and code hashes; null: generated on first start and kept in the database. */
  jwtSecret: string | null;
  /** Lets a scraper on another machine read GET /metrics (loopback needs none); null: loopback only. */
  metricsToken: string | null;
  messaging: MessagingConfig;
  /** GET /api/dev/outbox answers (for end-to-end tests and demos); never on in production. */
  devOutboxApi: boolean;
  devClockApi: boolean;
  /** Crash tests only: how long the sandbox provider holds an authorization's answer (0: not at all). */
  sandboxAuthorizePauseMs: number;
  /** How long a client may take to send a request, so a slow or stalled one cannot hold a connection. */
  http: HttpTimeouts;
  /** STOMP connections one session or one client address may hold, so no one can exhaust them. */
  stomp: StompConnectionCaps;
  /** Limits on sending one-time codes, against SMS and voice pumping. */
  codeSends: CodeSendConfig;
  /** Orders one guest account may place (each writes rows, so a script must not place them unbounded); staff orders are not counted. */
  guestOrders: GuestOrderLimits;
  /** The after-commit job worker and payment reconciliation (src/server/jobs). */
  jobs: JobsConfig;
}

export interface HttpTimeouts {
  /** The whole request (headers and body) must arrive within this; then 408 and close. */
  requestTimeoutMs: number;
  /** The request's headers must arrive within this (at most requestTimeoutMs). */
  headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
}

export interface StompConnectionCaps {
  maxConnectionsPerSession: number;
  maxConnectionsPerAddress: number;
}

/**
 * SMS and voice pumping (toll fraud): a script asking for codes to many numbers, often premium
 * ones abroad, earns its owner a share of every message. Per-number limits (auth/limits.ts) do
 * not stop it; these do (auth/code-send-guard.ts).
 */
export interface CodeSendConfig {
  /** Distinct numbers one client address may have codes sent to in an hour. */
  newNumbersPerAddressPerHour: number;
  /** Codes sent for one store (a sign-in from its link) in an hour. */
  perStorePerHour: number;
  /** Codes sent by the whole system in an hour. */
  perSystemPerHour: number;
  /** ISO 3166-1 alpha-2 countries that voice-call codes may go to. */
  voiceCallCountries: readonly string[];
}

export interface GuestOrderLimits {
  per10Minutes: number;
  perDay: number;
}

/** The job worker's knobs; all in milliseconds but maxAttempts. */
export interface JobsConfig {
  /** How long a claimed job is held; after that a worker of any process may take it over. */
  leaseMs: number;
  /** How often a worker looks for jobs of other processes, retries due and expired leases. */
  pollIntervalMs: number;
  /** First retry delay after a failure, doubled per attempt up to retryMaxMs. */
  retryInitialMs: number;
  retryMaxMs: number;
  /** After this many failed attempts a job is DEAD (logged as an error). */
  maxAttempts: number;
  /** How often the payment reconciliation runs. */
  reconcileIntervalMs: number;
  /** A payment still AUTHORIZED this long after its order's outcome is settled by the reconciliation. */
  reconcileGraceMs: number;
  /** A guest's bill payment still being authorized this long after it started is voided (its process died). */
  billPaymentRecoveryMs: number;
}

/** Where SMS, voice calls and e-mail go (src/server/notify). */
export interface MessagingConfig {
  sms: { provider: "outbox" } | ({ provider: "twilio" } & TwilioSettings);
  email: { provider: "outbox" } | { provider: "smtp"; url: string; from: string };
}

export interface TwilioSettings {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
}

export type LogLevel = (typeof LOG_LEVELS)[number];

/** A wrong configuration; its message names every wrong variable and what it must be. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads the configuration; relative directories are resolved against `cwd`. Throws ConfigError. */
export function readConfig(env: Env = process.env, cwd: string = process.cwd()): ServerConfig {
  const general = readEnv(GeneralEnv, env);
  if (!general.ok) throw new ConfigError(general.problems.join("; "));
  const values = general.values;
  const problems: string[] = [];
  // Node refuses a headers time-out longer than the request time-out; say so with the variables' names.
  if (values.HTTP_HEADERS_TIMEOUT_MS > values.HTTP_REQUEST_TIMEOUT_MS) {
    problems.push("HTTP_HEADERS_TIMEOUT_MS must not be greater than HTTP_REQUEST_TIMEOUT_MS");
  }
  const sms = readSms(values, env, problems);
  if (problems.length > 0) throw new ConfigError(problems.join("; "));
  return {
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL ?? null,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    dataDir: path.resolve(cwd, values.DATA_DIR),
    staticDir: path.resolve(cwd, values.STATIC_DIR),
    logLevel: values.LOG_LEVEL,
    demoVenues: values.DEMO_VENUES,
    publicUrl: values.PUBLIC_URL?.replace(/\/+$/, "") ?? null,
    contactEmail: values.CONTACT_EMAIL,
    trustProxy: values.TRUST_PROXY,
    jwtSecret: values.JWT_SECRET ?? null,
    metricsToken: values.METRICS_TOKEN ?? null,
    messaging: {
      sms,
      email:
        values.SMTP_URL === undefined
          ? { provider: "outbox" }
          : { provider: "smtp", url: values.SMTP_URL, from: values.MAIL_FROM },
    },
    devOutboxApi: values.DEV_OUTBOX_API,
    devClockApi: values.DEV_CLOCK_API,
    sandboxAuthorizePauseMs: values.SANDBOX_AUTHORIZE_PAUSE_MS,
    jobs: {
      leaseMs: values.JOB_LEASE_MS,
      pollIntervalMs: values.JOB_POLL_INTERVAL_MS,
      retryInitialMs: values.JOB_RETRY_INITIAL_MS,
      retryMaxMs: values.JOB_RETRY_MAX_MS,
      maxAttempts: values.JOB_MAX_ATTEMPTS,
      reconcileIntervalMs: values.PAYMENT_RECONCILE_INTERVAL_MS,
      reconcileGraceMs: values.PAYMENT_RECONCILE_AFTER_MS,
      billPaymentRecoveryMs: values.BILL_PAYMENT_RECOVERY_AFTER_MS,
    },
    http: {
      requestTimeoutMs: values.HTTP_REQUEST_TIMEOUT_MS,
      headersTimeoutMs: values.HTTP_HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs: values.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    stomp: {
      maxConnectionsPerSession: values.STOMP_MAX_CONNECTIONS_PER_SESSION,
      maxConnectionsPerAddress: values.STOMP_MAX_CONNECTIONS_PER_ADDRESS,
    },
    guestOrders: { per10Minutes: values.GUEST_ORDERS_PER_10_MINUTES, perDay: values.GUEST_ORDERS_PER_DAY },
    codeSends: {
      newNumbersPerAddressPerHour: values.CODE_SENDS_NEW_NUMBERS_PER_ADDRESS,
      perStorePerHour: values.CODE_SENDS_PER_STORE_PER_HOUR,
      perSystemPerHour: values.CODE_SENDS_PER_HOUR,
      voiceCallCountries: countriesOf(values.VOICE_CALL_COUNTRIES),
    },
  };
}

/** The Twilio variables are read, and required, only when SMS_PROVIDER=twilio. */
function readSms(values: GeneralEnvValues, env: Env, problems: string[]): MessagingConfig["sms"] {
  if (values.SMS_PROVIDER === "outbox") return { provider: "outbox" };
  const twilio = readEnv(TwilioEnv, env, " when SMS_PROVIDER=twilio");
  if (!twilio.ok) {
    problems.push(...twilio.problems);
    return { provider: "outbox" };
  }
  return {
    provider: "twilio",
    baseUrl: twilio.values.TWILIO_BASE_URL,
    accountSid: twilio.values.TWILIO_ACCOUNT_SID,
    authToken: twilio.values.TWILIO_AUTH_TOKEN,
    from: twilio.values.TWILIO_FROM,
  };
}

/** "EU" stands for its members; each country once, in the order given. */
function countriesOf(entries: readonly string[]): readonly string[] {
  return [...new Set(entries.flatMap((entry) => (entry === "EU" ? [...EU_COUNTRIES] : [entry])))];
}

/** What readConfig gives without any variable set: the schema's defaults. */
const DEFAULTS = readConfig({}, "/");

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = DEFAULTS.http;
export const DEFAULT_STOMP_CONNECTION_CAPS: StompConnectionCaps = DEFAULTS.stomp;
export const DEFAULT_JOBS_CONFIG: JobsConfig = DEFAULTS.jobs;

/** The defaults of the code-send limits (readConfig without any variable set). */
export function defaultCodeSends(): CodeSendConfig {
  return { ...DEFAULTS.codeSends };
}

/** The defaults of the guest order limits (readConfig without any variable set). */
export function defaultGuestOrders(): GuestOrderLimits {
  return { ...DEFAULTS.guestOrders };
}
