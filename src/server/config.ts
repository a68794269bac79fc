/**
 * Every environment variable the server reads, in one place, with its default. Nothing else in
 * src/server reads process.env: the rest of the code receives a ServerConfig.
 * The same table, for humans, is in src/server/README-config.md (keep both in step).
 */
import path from "node:path";

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
  messaging: MessagingConfig;
  /** GET /api/dev/outbox answers (for end-to-end tests and demos); never on in production. */
  devOutboxApi: boolean;
  devClockApi: boolean;
  /** Issue 11 "closed inputs": how long a client may take to send a request. */
  http: HttpTimeouts;
  /** Issue 11 "abuse limits": STOMP connections one session or one client address may hold. */
  stomp: StompConnectionCaps;
  /** Limits on sending one-time codes, against SMS and voice pumping (issue 11 item 3). */
  codeSends: CodeSendConfig;
  /** Orders one guest account may place (issue 11 item 3: each writes rows); staff orders are not counted. */
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

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  // Fastify's default: longer than the 60 s idle time-out of common load balancers.
  keepAliveTimeoutMs: 72_000,
};

export const DEFAULT_STOMP_CONNECTION_CAPS: StompConnectionCaps = {
  maxConnectionsPerSession: 10,
  maxConnectionsPerAddress: 50,
};

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

/** The European Union's members (ISO 3166-1 alpha-2), what "EU" stands for in VOICE_CALL_COUNTRIES. */
export const EU_COUNTRIES = [
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
] as const;
/** The job worker's knobs (issue 11 item 1); all in milliseconds but maxAttempts. */
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
}

export const DEFAULT_JOBS_CONFIG: JobsConfig = {
  leaseMs: 30_000,
  pollIntervalMs: 2_000,
  retryInitialMs: 1_000,
  retryMaxMs: 300_000,
  maxAttempts: 20,
  reconcileIntervalMs: 60_000,
  reconcileGraceMs: 300_000,
};

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

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface ConfigVariable {
  name: string;
  default: string;
  meaning: string;
}

/** The documented variables, in the order a reader needs them. */
export const CONFIG_VARIABLES: readonly ConfigVariable[] = [
  { name: "PORT", default: "3000", meaning: "TCP port the server listens on." },
  {
    name: "HOST",
    default: "localhost",
    meaning: "Interface to listen on; set 0.0.0.0 to be reachable from phones on the LAN or from outside a container.",
  },
  {
    name: "DATABASE_URL",
    default: "",
    meaning:
      "postgres://user:password@host:port/db to use PostgreSQL; unset to use the embedded SQLite file in DATA_DIR.",
  },
  {
    name: "DATABASE_POOL_SIZE",
    default: "10",
    meaning:
      "PostgreSQL: connections the API's requests share (4 more are opened for commits that wait for no flush: the job worker's and the daily numbers' draws). Unused on SQLite.",
  },
  {
    name: "DATA_DIR",
    default: "./data",
    meaning: "Directory of the SQLite file venue.sqlite (created on first start).",
  },
  {
    name: "STATIC_DIR",
    default: "./dist",
    meaning: "The built PWA (npm run build); the server runs API-only when it has no index.html.",
  },
  {
    name: "LOG_LEVEL",
    default: "info",
    meaning: "fatal, error, warn, info, debug, trace or silent. Logs are JSON lines on stdout.",
  },
  {
    name: "DEMO_VENUES",
    default: "on",
    meaning: "on: import venues/demo/*.json when the database has no store yet, and print demo links. off: never.",
  },
  {
    name: "PUBLIC_URL",
    default: "http://localhost:PORT",
    meaning:
      "Base URL of the links printed on start (PORT: the port actually listened on). An https:// URL also sends HSTS and limits WebSockets to its wss: origin.",
  },
  {
    name: "CONTACT_EMAIL",
    default: "contact@localhost",
    meaning: "Recipient of contact-form messages that name no store.",
  },
  {
    name: "TRUST_PROXY",
    default: "off",
    meaning: "on when behind a reverse proxy, so client addresses come from X-Forwarded-For.",
  },
  {
    name: "JWT_SECRET",
    default: "",
    meaning:
      "At least 32 characters: the master secret of session jwts and of one-time code hashes. Unset: a random one is generated on first start and kept in the database, so restarts keep sessions; set it in production.",
  },
  {
    name: "SMS_PROVIDER",
    default: "outbox",
    meaning:
      "outbox: SMS and voice-call codes are stored in the outbox table and printed to the log (demo). twilio: sent through a Twilio-shaped REST API (TWILIO_* below).",
  },
  {
    name: "TWILIO_BASE_URL",
    default: "https://api.twilio.com",
    meaning: "Base URL of the Twilio-shaped API (Messages and Calls of 2010-04-01); another compatible provider's URL.",
  },
  {
    name: "TWILIO_ACCOUNT_SID",
    default: "",
    meaning: "Account sid (HTTP Basic user). Required when SMS_PROVIDER=twilio.",
  },
  {
    name: "TWILIO_AUTH_TOKEN",
    default: "",
    meaning: "Auth token (HTTP Basic password). Required when SMS_PROVIDER=twilio.",
  },
  {
    name: "TWILIO_FROM",
    default: "",
    meaning: "Sender of SMS and calls, a number in E.164 (+3021...). Required when SMS_PROVIDER=twilio.",
  },
  {
    name: "SMTP_URL",
    default: "",
    meaning:
      "smtp://user:password@host:port or smtps://... to send e-mail (password reset codes, contact form) by SMTP; unset: e-mail goes to the outbox table and the log.",
  },
  {
    name: "MAIL_FROM",
    default: "no-reply@localhost",
    meaning: "From address of the e-mail the server sends by SMTP.",
  },
  {
    name: "DEV_OUTBOX_API",
    default: "off",
    meaning:
      "on: GET /api/dev/outbox?to=... lists the messages stored in the outbox for a phone or e-mail, codes included (end-to-end tests, demos). Never on in production.",
  },
  {
    name: "DEV_CLOCK_API",
    default: "off",
    meaning:
      "on: PUT /api/dev/clock sets the server's clock (service hours, happy hour, order deadlines, GET /api/utils/date), for end-to-end tests and demos at any hour. Never on in production.",
  },
  {
    name: "HTTP_REQUEST_TIMEOUT_MS",
    default: "30000",
    meaning:
      "Milliseconds a client has to send a whole request (headers and body); then 408 and the connection is closed, so a body shorter than its Content-Length does not hold a connection. WebSockets are not cut by it.",
  },
  {
    name: "HTTP_HEADERS_TIMEOUT_MS",
    default: "10000",
    meaning: "Milliseconds a client has to send a request's headers; at most HTTP_REQUEST_TIMEOUT_MS.",
  },
  {
    name: "HTTP_KEEP_ALIVE_TIMEOUT_MS",
    default: "72000",
    meaning:
      "Milliseconds an idle keep-alive connection stays open; keep it above the idle time-out of a proxy in front.",
  },
  {
    name: "STOMP_MAX_CONNECTIONS_PER_SESSION",
    default: "10",
    meaning:
      "Live-status WebSockets (/api/stomp) one signed-in session may hold at once; one more is refused with a STOMP ERROR.",
  },
  {
    name: "STOMP_MAX_CONNECTIONS_PER_ADDRESS",
    default: "50",
    meaning:
      "Live-status WebSockets one client address may hold at once. Guests behind one venue Wi-Fi share an address: raise it there; behind a proxy, set TRUST_PROXY=on or every client counts as the proxy.",
  },
  {
    name: "CODE_SENDS_NEW_NUMBERS_PER_ADDRESS",
    default: "5",
    meaning:
      "Distinct phone numbers one client address may have sign-in or change-of-phone codes sent to in an hour (SMS and voice pumping); more answer 429 TOO_MANY_NEW_NUMBERS.",
  },
  {
    name: "CODE_SENDS_PER_STORE_PER_HOUR",
    default: "300",
    meaning: "Codes sent for one store's sign-ins in an hour; more answer 429 CODE_SENDING_PAUSED.",
  },
  {
    name: "CODE_SENDS_PER_HOUR",
    default: "1000",
    meaning:
      "Codes sent by the whole system (every store, every address) in an hour; more answer 429 CODE_SENDING_PAUSED. Sized for the busiest hour of every venue together.",
  },
  {
    name: "VOICE_CALL_COUNTRIES",
    default: "EU",
    meaning:
      "Comma-separated ISO country codes that voice-call codes may go to; EU stands for the 27 members (Greece included). A call elsewhere answers 400 VOICE_CALL_COUNTRY_NOT_ALLOWED; SMS is not limited by country.",
  },
  {
    name: "GUEST_ORDERS_PER_10_MINUTES",
    default: "20",
    meaning:
      "Orders one guest account may place in 10 minutes (each writes an order and its stored answer); more answer 429 RATE_LIMITED. Staff orders from PDAs are not counted. Load tests raise it.",
  },
  {
    name: "GUEST_ORDERS_PER_DAY",
    default: "100",
    meaning: "Orders one guest account may place in a day; more answer 429 RATE_LIMITED.",
  },
  {
    name: "JOB_LEASE_MS",
    default: "30000",
    meaning:
      "How long a worker holds a claimed after-commit job (status event, card capture/void, outcome message); after that another API process takes it over.",
  },
  {
    name: "JOB_POLL_INTERVAL_MS",
    default: "2000",
    meaning: "How often the job worker looks for jobs written by other processes, due retries and expired leases.",
  },
  {
    name: "JOB_RETRY_INITIAL_MS",
    default: "1000",
    meaning: "First delay before a failed job is retried; doubled per attempt up to JOB_RETRY_MAX_MS.",
  },
  { name: "JOB_RETRY_MAX_MS", default: "300000", meaning: "Longest delay between two attempts of a failed job." },
  {
    name: "JOB_MAX_ATTEMPTS",
    default: "20",
    meaning: "Attempts before a failing job is given up as DEAD (logged as an error, kept in the jobs table).",
  },
  {
    name: "PAYMENT_RECONCILE_INTERVAL_MS",
    default: "60000",
    meaning:
      "How often the payment reconciliation looks for card payments left AUTHORIZED after their order's outcome.",
  },
  {
    name: "PAYMENT_RECONCILE_AFTER_MS",
    default: "300000",
    meaning:
      "A card payment still AUTHORIZED this long after its order was accepted (captured) or rejected/timed out (voided) is settled by the reconciliation.",
  },
];

export class ConfigError extends Error {
  override name = "ConfigError";
}

type Env = Readonly<Record<string, string | undefined>>;

/** Reads the configuration; relative directories are resolved against `cwd`. Throws ConfigError. */
export function readConfig(env: Env = process.env, cwd: string = process.cwd()): ServerConfig {
  const port = readPort(env.PORT);
  return {
    port,
    host: nonEmpty(env.HOST) ?? "localhost",
    databaseUrl: readDatabaseUrl(env.DATABASE_URL),
    databasePoolSize: readCount("DATABASE_POOL_SIZE", env.DATABASE_POOL_SIZE, 10),
    dataDir: path.resolve(cwd, nonEmpty(env.DATA_DIR) ?? "./data"),
    staticDir: path.resolve(cwd, nonEmpty(env.STATIC_DIR) ?? "./dist"),
    logLevel: readLogLevel(env.LOG_LEVEL),
    demoVenues: readSwitch("DEMO_VENUES", env.DEMO_VENUES, true),
    publicUrl: nonEmpty(env.PUBLIC_URL)?.replace(/\/+$/, "") ?? null,
    contactEmail: nonEmpty(env.CONTACT_EMAIL) ?? "contact@localhost",
    trustProxy: readSwitch("TRUST_PROXY", env.TRUST_PROXY, false),
    jwtSecret: readJwtSecret(env.JWT_SECRET),
    messaging: { sms: readSmsProvider(env), email: readEmailProvider(env) },
    devOutboxApi: readSwitch("DEV_OUTBOX_API", env.DEV_OUTBOX_API, false),
    devClockApi: readSwitch("DEV_CLOCK_API", env.DEV_CLOCK_API, false),
    jobs: readJobsConfig(env),
    http: readHttpTimeouts(env),
    stomp: {
      maxConnectionsPerSession: readCount(
        "STOMP_MAX_CONNECTIONS_PER_SESSION",
        env.STOMP_MAX_CONNECTIONS_PER_SESSION,
        DEFAULT_STOMP_CONNECTION_CAPS.maxConnectionsPerSession,
      ),
      maxConnectionsPerAddress: readCount(
        "STOMP_MAX_CONNECTIONS_PER_ADDRESS",
        env.STOMP_MAX_CONNECTIONS_PER_ADDRESS,
        DEFAULT_STOMP_CONNECTION_CAPS.maxConnectionsPerAddress,
      ),
    },
    guestOrders: {
      per10Minutes: readCount("GUEST_ORDERS_PER_10_MINUTES", env.GUEST_ORDERS_PER_10_MINUTES, 20),
      perDay: readCount("GUEST_ORDERS_PER_DAY", env.GUEST_ORDERS_PER_DAY, 100),
    },
    codeSends: {
      newNumbersPerAddressPerHour: readCount(
        "CODE_SENDS_NEW_NUMBERS_PER_ADDRESS",
        env.CODE_SENDS_NEW_NUMBERS_PER_ADDRESS,
        5,
      ),
      perStorePerHour: readCount("CODE_SENDS_PER_STORE_PER_HOUR", env.CODE_SENDS_PER_STORE_PER_HOUR, 300),
      perSystemPerHour: readCount("CODE_SENDS_PER_HOUR", env.CODE_SENDS_PER_HOUR, 1000),
      voiceCallCountries: readCountries("VOICE_CALL_COUNTRIES", env.VOICE_CALL_COUNTRIES, ["EU"]),
    },
  };
}

function readJobsConfig(env: Env): JobsConfig {
  const d = DEFAULT_JOBS_CONFIG;
  return {
    leaseMs: readCount("JOB_LEASE_MS", env.JOB_LEASE_MS, d.leaseMs),
    pollIntervalMs: readCount("JOB_POLL_INTERVAL_MS", env.JOB_POLL_INTERVAL_MS, d.pollIntervalMs),
    retryInitialMs: readCount("JOB_RETRY_INITIAL_MS", env.JOB_RETRY_INITIAL_MS, d.retryInitialMs),
    retryMaxMs: readCount("JOB_RETRY_MAX_MS", env.JOB_RETRY_MAX_MS, d.retryMaxMs),
    maxAttempts: readCount("JOB_MAX_ATTEMPTS", env.JOB_MAX_ATTEMPTS, d.maxAttempts),
    reconcileIntervalMs: readCount(
      "PAYMENT_RECONCILE_INTERVAL_MS",
      env.PAYMENT_RECONCILE_INTERVAL_MS,
      d.reconcileIntervalMs,
    ),
    reconcileGraceMs: readCount("PAYMENT_RECONCILE_AFTER_MS", env.PAYMENT_RECONCILE_AFTER_MS, d.reconcileGraceMs),
  };
}

function readHttpTimeouts(env: Env): HttpTimeouts {
  const timeouts: HttpTimeouts = {
    requestTimeoutMs: readCount(
      "HTTP_REQUEST_TIMEOUT_MS",
      env.HTTP_REQUEST_TIMEOUT_MS,
      DEFAULT_HTTP_TIMEOUTS.requestTimeoutMs,
    ),
    headersTimeoutMs: readCount(
      "HTTP_HEADERS_TIMEOUT_MS",
      env.HTTP_HEADERS_TIMEOUT_MS,
      DEFAULT_HTTP_TIMEOUTS.headersTimeoutMs,
    ),
    keepAliveTimeoutMs: readCount(
      "HTTP_KEEP_ALIVE_TIMEOUT_MS",
      env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      DEFAULT_HTTP_TIMEOUTS.keepAliveTimeoutMs,
    ),
  };
  // Node refuses a headers time-out longer than the request time-out; say so with the variables' names.
  if (timeouts.headersTimeoutMs > timeouts.requestTimeoutMs) {
    throw new ConfigError("HTTP_HEADERS_TIMEOUT_MS must not be greater than HTTP_REQUEST_TIMEOUT_MS");
  }
  return timeouts;
}

/** The defaults of the code-send limits (readConfig without any variable set). */
export function defaultCodeSends(): CodeSendConfig {
  return readConfig({}).codeSends;
}

/** The defaults of the guest order limits (readConfig without any variable set). */
export function defaultGuestOrders(): GuestOrderLimits {
  return readConfig({}).guestOrders;
}

/** A positive integer (a count or milliseconds); 0 would mean "no limit", which is what these prevent. */
function readCount(name: string, value: string | undefined, fallback: number): number {
  const raw = nonEmpty(value);
  if (raw === undefined) return fallback;
  const count = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(count) || count < 1) {
    throw new ConfigError(`${name} must be a positive integer, got "${raw}"`);
  }
  return count;
}

function readCountries(name: string, value: string | undefined, fallback: readonly string[]): readonly string[] {
  const raw = nonEmpty(value);
  const entries = raw === undefined ? fallback : raw.split(",").map((part) => part.trim().toUpperCase());
  const countries = new Set<string>();
  for (const entry of entries) {
    if (entry === "EU") for (const member of EU_COUNTRIES) countries.add(member);
    else if (/^[A-Z]{2}$/.test(entry)) countries.add(entry);
    else throw new ConfigError(`${name} must list two-letter country codes or EU, got "${entry}"`);
  }
  return [...countries];
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function readPort(value: string | undefined): number {
  const raw = nonEmpty(value);
  if (raw === undefined) return 3000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be an integer from 0 to 65535, got "${raw}"`);
  }
  return port;
}

function readDatabaseUrl(value: string | undefined): string | null {
  const raw = nonEmpty(value);
  if (raw === undefined) return null;
  // Failing loudly beats silently falling back to SQLite when someone meant another database.
  if (!isPostgresUrl(raw)) {
    throw new ConfigError("DATABASE_URL must be a postgres:// URL; leave it unset to use SQLite in DATA_DIR");
  }
  return raw;
}

function readLogLevel(value: string | undefined): LogLevel {
  const raw = nonEmpty(value)?.toLowerCase() ?? "info";
  const level = LOG_LEVELS.find((known) => known === raw);
  if (level === undefined) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, got "${raw}"`);
  return level;
}

/** 32 characters of a password manager's output carry far more than the 128 bits HS256 wants. */
const JWT_SECRET_MIN_LENGTH = 32;

function readJwtSecret(value: string | undefined): string | null {
  // Not trimmed: a secret is used byte for byte, and a space may be part of it.
  if (value === undefined || value === "") return null;
  if (value.length < JWT_SECRET_MIN_LENGTH) {
    throw new ConfigError(`JWT_SECRET must be at least ${JWT_SECRET_MIN_LENGTH} characters long`);
  }
  return value;
}

function readSmsProvider(env: Env): MessagingConfig["sms"] {
  const provider = nonEmpty(env.SMS_PROVIDER)?.toLowerCase() ?? "outbox";
  if (provider === "outbox") return { provider: "outbox" };
  if (provider !== "twilio") throw new ConfigError(`SMS_PROVIDER must be outbox or twilio, got "${provider}"`);
  const required = (name: "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN" | "TWILIO_FROM"): string => {
    const value = nonEmpty(env[name]);
    if (value === undefined) throw new ConfigError(`${name} is required when SMS_PROVIDER=twilio`);
    return value;
  };
  const baseUrl = nonEmpty(env.TWILIO_BASE_URL) ?? "https://api.twilio.com";
  if (!/^https?:\/\//i.test(baseUrl)) throw new ConfigError("TWILIO_BASE_URL must be an http(s):// URL");
  return {
    provider: "twilio",
    baseUrl,
    accountSid: required("TWILIO_ACCOUNT_SID"),
    authToken: required("TWILIO_AUTH_TOKEN"),
    from: required("TWILIO_FROM"),
  };
}

function readEmailProvider(env: Env): MessagingConfig["email"] {
  const url = nonEmpty(env.SMTP_URL);
  if (url === undefined) return { provider: "outbox" };
  if (!/^smtps?:\/\//i.test(url)) throw new ConfigError("SMTP_URL must be an smtp:// or smtps:// URL");
  return { provider: "smtp", url, from: nonEmpty(env.MAIL_FROM) ?? "no-reply@localhost" };
}

const ON = new Set(["on", "true", "1", "yes"]);
const OFF = new Set(["off", "false", "0", "no"]);

function readSwitch(name: string, value: string | undefined, fallback: boolean): boolean {
  const raw = nonEmpty(value)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (ON.has(raw)) return true;
  if (OFF.has(raw)) return false;
  throw new ConfigError(`${name} must be on or off, got "${value}"`);
}
