/**
 * Every environment variable the server reads, as one TypeBox schema: its type, default, the rule
 * a wrong value breaks (said at start-up) and its meaning. config.ts reads the environment with
 * it; the tables of README.md and src/server/README-config.md are generated from it
 * (`npx tsx scripts/config-docs.ts`, checked by config-docs.test.ts).
 *
 * Keywords of our own on each variable, beside JSON Schema's `default` and `description`:
 * - `rule`: what a right value is, finishing "<NAME> must ..." in the start-up error;
 * - `secret`: the error does not repeat the value (it may hold a password);
 * - `verbatim`: the value is used as given, spaces included (otherwise it is trimmed);
 * - `upperCase`: the value is read in capitals (country codes);
 * - `documentedDefault`: what the tables show as the default when it is not a plain value;
 * - `summary`: the meaning in README.md's short table (variables without one are only in
 *   README-config.md).
 */
import Type, { type Static, type TSchema } from "typebox";

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

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** 32 characters of a password manager's output carry far more than the 128 bits HS256 wants. */
export const JWT_SECRET_MIN_LENGTH = 32;
/** A token a person can type into a Prometheus config, long enough not to be guessed. */
export const METRICS_TOKEN_MIN_LENGTH = 16;

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

interface Documented {
  [keyword: PropertyKey]: unknown;
  description: string;
  summary?: string;
  documentedDefault?: string;
}

/** A positive integer (a count or milliseconds); 0 would mean "no limit", which is what these prevent. */
function Count(defaultValue: number, doc: Documented) {
  return Type.Integer({
    minimum: 1,
    maximum: Number.MAX_SAFE_INTEGER,
    default: defaultValue,
    rule: "be a positive integer",
    ...doc,
  });
}

/** on/off; true/false, 1/0 and yes/no are read too, in any case. */
function Switch(defaultValue: boolean, doc: Documented) {
  return Type.Boolean({ default: defaultValue, rule: "be on or off", ...doc });
}

/** One of a few words, read in any case. */
function Choice<const Values extends string[]>(
  values: readonly [...Values],
  defaultValue: Values[number],
  doc: Documented,
) {
  const listed = values.length === 2 ? values.join(" or ") : `one of ${values.join(", ")}`;
  return Type.Enum(values, { default: defaultValue, rule: `be ${listed}`, ...doc });
}

/** A URL whose scheme `accepts`; it may hold a password, so a wrong one is not repeated. */
function Url(accepts: RegExp, rule: string, doc: Documented & { default?: string }) {
  return Type.Refine(Type.String({ rule, secret: true, ...doc }), (value) => accepts.test(value));
}

function Text(doc: Documented & { default?: string }) {
  return Type.String(doc);
}

/** Read only when SMS_PROVIDER=twilio, and then required (the base URL has a default). */
export const TwilioEnv = Type.Object({
  TWILIO_BASE_URL: Type.Refine(
    Type.String({
      default: "https://api.twilio.com",
      rule: "be an http(s):// URL",
      description:
        "Base URL of the Twilio-shaped API (`2010-04-01` Messages and Calls); another compatible provider's URL.",
    }),
    (value) => /^https?:\/\//i.test(value),
  ),
  TWILIO_ACCOUNT_SID: Text({
    description: "Account sid (HTTP Basic user). Required when `SMS_PROVIDER=twilio`.",
  }),
  TWILIO_AUTH_TOKEN: Type.String({
    secret: true,
    description: "Auth token (HTTP Basic password). Required when `SMS_PROVIDER=twilio`.",
  }),
  TWILIO_FROM: Text({
    description: "Sender of SMS and calls, a number in E.164 (`+3021...`). Required when `SMS_PROVIDER=twilio`.",
  }),
});

const listening = {
  PORT: Type.Integer({
    minimum: 0,
    maximum: 65535,
    default: 3000,
    rule: "be an integer from 0 to 65535",
    description: "TCP port the server listens on.",
    summary: "TCP port the server listens on.",
  }),
  HOST: Text({
    default: "localhost",
    description:
      "Interface to listen on; set `0.0.0.0` to be reachable from phones on the LAN or from outside a container.",
    summary: "Interface to listen on; `0.0.0.0` to be reachable from phones and PDAs on the LAN.",
  }),
};

const storage = {
  DATABASE_URL: Type.Optional(
    Url(/^postgres(ql)?:\/\//i, "be a postgres:// URL; leave it unset to use SQLite in DATA_DIR", {
      description:
        "`postgres://user:password@host:port/db` to use PostgreSQL; unset to use the embedded SQLite file in `DATA_DIR`.",
      summary: "`postgres://user:password@host:port/db` to use PostgreSQL; unset for the embedded SQLite file.",
    }),
  ),
  DATABASE_POOL_SIZE: Count(10, {
    description:
      "PostgreSQL: connections the API's requests share (4 more are opened for commits that wait for no flush: the job worker's and the daily numbers' draws). Unused on SQLite.",
  }),
  DATA_DIR: Text({
    default: "./data",
    description:
      "Directory of the SQLite file `venue.sqlite` (created on first start) and of the item photos admins upload (`uploads/`, also with PostgreSQL).",
    summary:
      "Directory of the SQLite file `venue.sqlite`, created on first start, and of uploaded photos (`uploads/`).",
  }),
  STATIC_DIR: Text({
    default: "./dist",
    description: "The built PWA (`npm run build`); the server runs API-only when it has no `index.html`.",
    summary: "The built PWA; without an `index.html` there the server runs API-only.",
  }),
};

const running = {
  LOG_LEVEL: Choice(LOG_LEVELS, "info", {
    description: "`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`. Logs are JSON lines on stdout.",
    summary: "`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`; JSON lines on stdout.",
  }),
  DEMO_VENUES: Switch(true, {
    description:
      "`on`: import `venues/demo/*.json` when the database has no store yet, and print demo links. `off`: never.",
    summary: "`on`: import `venues/demo/*.json` into an empty database and print the demo links. `off`: never.",
  }),
  PUBLIC_URL: Type.Optional(
    Text({
      documentedDefault: "`http://localhost:PORT`",
      description:
        "Base URL of the links printed on start and of the links in e-mails to guests (the newsletter opt-out; set it before sending real e-mail) (PORT: the port actually listened on). An `https://` URL also sends HSTS and limits WebSockets to its `wss:` origin (README, Security headers).",
      summary:
        "Base URL of the printed links and of e-mails' links; `https://...` also turns on HSTS (see Security headers below).",
    }),
  ),
  CONTACT_EMAIL: Text({
    default: "contact@localhost",
    description: "Recipient of contact-form messages that name no store.",
    summary: "Recipient of contact-form messages that name no store.",
  }),
  TRUST_PROXY: Switch(false, {
    description: "`on` when behind a reverse proxy, so client addresses come from `X-Forwarded-For`.",
    summary: "`on` behind a reverse proxy, so client addresses come from `X-Forwarded-For`.",
  }),
  METRICS_TOKEN: Type.Optional(
    Type.String({
      minLength: METRICS_TOKEN_MIN_LENGTH,
      rule: `be at least ${METRICS_TOKEN_MIN_LENGTH} characters long`,
      secret: true,
      verbatim: true,
      description:
        "At least 16 characters: `GET /metrics` (Prometheus text) also answers a request with `Authorization: Bearer <this>` from any address. Unset: only requests from the server's own machine (loopback, not forwarded by a proxy) get it; everyone else gets 404.",
      summary:
        "Bearer token that lets a Prometheus on another machine read `GET /metrics` (loopback reads it without).",
    }),
  ),
  JWT_SECRET: Type.Optional(
    Type.String({
      minLength: JWT_SECRET_MIN_LENGTH,
      rule: `be at least ${JWT_SECRET_MIN_LENGTH} characters long`,
      secret: true,
      verbatim: true,
      description:
        "At least 32 characters: master secret of session jwts and one-time code hashes. Unset: a random one is generated on first start and kept in the database (`server_secrets`), so restarts keep sessions; set it in production.",
    }),
  ),
};

const messaging = {
  SMS_PROVIDER: Choice(["outbox", "twilio"], "outbox", {
    description:
      "`outbox`: SMS and voice-call codes are stored in the `outbox` table and printed to the log (demo). `twilio`: sent through a Twilio-shaped REST API (`TWILIO_*`).",
  }),
  ...TwilioEnv.properties,
  SMTP_URL: Type.Optional(
    Url(/^smtps?:\/\//i, "be an smtp:// or smtps:// URL", {
      description:
        "`smtp://user:password@host:port` or `smtps://...`: e-mail (password reset codes, contact form) goes by SMTP. Unset: to the `outbox` table and the log.",
    }),
  ),
  MAIL_FROM: Text({ default: "no-reply@localhost", description: "From address of e-mail sent by SMTP." }),
};

const development = {
  DEV_OUTBOX_API: Switch(false, {
    description:
      "`on`: `GET /api/dev/outbox?to=` lists the outbox messages to a phone (E.164, `%2B30...`) or e-mail, codes included (end-to-end tests, demos). Never on in production.",
  }),
  DEV_CLOCK_API: Switch(false, {
    description:
      "`on`: `PUT /api/dev/clock` sets the server's clock (service hours, happy hour, order deadlines, `GET /api/utils/date`), for end-to-end tests and demos at any hour. Never on in production.",
  }),
  // 0 is the one value for production; a pause exists so a crash test can kill the process at the
  // one moment a provider has authorized a card and the server does not know it yet.
  SANDBOX_AUTHORIZE_PAUSE_MS: Type.Integer({
    minimum: 0,
    maximum: 600_000,
    default: 0,
    rule: "be a whole number of milliseconds from 0 to 600000",
    description:
      "Crash tests only: the sandbox payment provider waits this long after it recorded a card's authorization and before it answers, so a test can kill the server between the authorization and the payment's commit. `0` (no pause) everywhere else.",
  }),
};

/** Closed inputs: a slow or stalled client cannot hold a connection for ever. */
const httpTimeouts = {
  HTTP_REQUEST_TIMEOUT_MS: Count(30_000, {
    description:
      "Milliseconds a client has to send a whole request (headers and body); then `408` and the connection is closed, so a body shorter than its `Content-Length` does not hold a connection. The live-status WebSocket is not cut by it.",
  }),
  HTTP_HEADERS_TIMEOUT_MS: Count(10_000, {
    description: "Milliseconds a client has to send a request's headers; at most `HTTP_REQUEST_TIMEOUT_MS`.",
  }),
  // Fastify's default: longer than the 60 s idle time-out of common load balancers.
  HTTP_KEEP_ALIVE_TIMEOUT_MS: Count(72_000, {
    description:
      "Milliseconds an idle keep-alive connection stays open; keep it above the idle time-out of a proxy in front.",
  }),
};

/** Abuse limits: connections, codes and orders one party may take. */
const abuseLimits = {
  STOMP_MAX_CONNECTIONS_PER_SESSION: Count(10, {
    description:
      "Live-status WebSockets (`/api/stomp`) one signed-in session may hold at once; one more gets a STOMP `ERROR` `TOO_MANY_CONNECTIONS` and close 1008.",
  }),
  STOMP_MAX_CONNECTIONS_PER_ADDRESS: Count(50, {
    description:
      "Live-status WebSockets one client address may hold at once. Guests behind one venue Wi-Fi share an address: raise it there. Behind a proxy set `TRUST_PROXY=on`, or every client counts as the proxy.",
  }),
  CODE_SENDS_NEW_NUMBERS_PER_ADDRESS: Count(5, {
    description:
      "Distinct phone numbers one client address may have sign-in or change-of-phone codes sent to in an hour (SMS and voice pumping); more answer 429 `TOO_MANY_NEW_NUMBERS`.",
  }),
  CODE_SENDS_PER_STORE_PER_HOUR: Count(300, {
    description: "Codes sent for one store's sign-ins in an hour; more answer 429 `CODE_SENDING_PAUSED`.",
  }),
  CODE_SENDS_PER_HOUR: Count(1000, {
    description:
      "Codes sent by the whole system (every store, every address) in an hour; more answer 429 `CODE_SENDING_PAUSED`. Sized for the busiest hour of every venue together.",
  }),
  VOICE_CALL_COUNTRIES: Type.Array(Type.String({ pattern: "^([A-Z]{2})$" }), {
    default: ["EU"],
    upperCase: true,
    rule: "list two-letter country codes or EU",
    description:
      "Comma-separated ISO country codes that voice-call codes may go to; `EU` stands for the 27 members (Greece included). A call elsewhere answers 400 `VOICE_CALL_COUNTRY_NOT_ALLOWED`; SMS is not limited by country.",
  }),
  GUEST_ORDERS_PER_10_MINUTES: Count(20, {
    description:
      "Orders one guest account may place in 10 minutes (each writes an order and its stored answer); more answer `429 RATE_LIMITED`. Staff orders from PDAs are not counted. Load tests (bench/) raise it.",
  }),
  GUEST_ORDERS_PER_DAY: Count(100, {
    description: "Orders one guest account may place in a day; more answer `429 RATE_LIMITED`.",
  }),
};

/** The after-commit job worker and the payment reconciliation (src/server/jobs). */
const jobs = {
  JOB_LEASE_MS: Count(30_000, {
    description:
      "How long a worker holds a claimed after-commit job (status event, card capture/void, outcome message); after that another API process takes it over (`src/server/jobs`).",
  }),
  JOB_POLL_INTERVAL_MS: Count(2_000, {
    description:
      "How often the job worker looks for jobs written by other processes, due retries and expired leases (its own process's jobs run at once after the commit).",
  }),
  JOB_RETRY_INITIAL_MS: Count(1_000, {
    description:
      "First delay before a failed job is retried; doubled per attempt (plus up to 25% jitter) up to `JOB_RETRY_MAX_MS`.",
  }),
  JOB_RETRY_MAX_MS: Count(300_000, { description: "Longest delay between two attempts of a failed job." }),
  JOB_MAX_ATTEMPTS: Count(20, {
    description:
      "Attempts before a failing job is given up as `DEAD` (logged as an error, kept in the `jobs` table for a person).",
  }),
  PAYMENT_RECONCILE_INTERVAL_MS: Count(60_000, {
    description:
      "How often the payment reconciliation looks for card payments left `AUTHORIZED` after their order's outcome.",
  }),
  BILL_PAYMENT_RECOVERY_AFTER_MS: Count(60_000, {
    description:
      "A guest's card payment of a bill still being authorized this long after it started (its process died mid-payment) is voided by its recovery job, so a card is never charged without a payment.",
  }),
  PAYMENT_RECONCILE_AFTER_MS: Count(300_000, {
    description:
      "A card payment still `AUTHORIZED` this long after its order was accepted (captured) or rejected/timed out (voided) is settled by the reconciliation.",
  }),
};

/** Every variable, in the order a reader needs them (the order of the tables). */
export const ServerEnv = Type.Object({
  ...listening,
  ...storage,
  ...running,
  ...messaging,
  ...development,
  ...httpTimeouts,
  ...abuseLimits,
  ...jobs,
});

/** The variables read whatever SMS_PROVIDER says: all but the Twilio ones. */
export const GeneralEnv = Type.Object({
  ...listening,
  ...storage,
  ...running,
  SMS_PROVIDER: messaging.SMS_PROVIDER,
  SMTP_URL: messaging.SMTP_URL,
  MAIL_FROM: messaging.MAIL_FROM,
  ...development,
  ...httpTimeouts,
  ...abuseLimits,
  ...jobs,
});

export type GeneralEnvValues = Static<typeof GeneralEnv>;
export type TwilioEnvValues = Static<typeof TwilioEnv>;

/** The keywords of our own a variable's schema may carry (see the top of this file). */
export interface VariableKeywords {
  default?: unknown;
  description?: string;
  rule?: string;
  secret?: boolean;
  verbatim?: boolean;
  upperCase?: boolean;
  documentedDefault?: string;
  summary?: string;
}

export function keywordsOf(schema: TSchema): VariableKeywords {
  return schema as VariableKeywords;
}
