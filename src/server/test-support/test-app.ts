/** buildApp with test settings: no logs (unless a stream is given), no static files unless asked, a given database. */

import { tmpdir } from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll } from "vitest";
import { type App, buildApp } from "../app";
import {
  type CodeSendConfig,
  defaultCodeSends,
  type HttpTimeouts,
  type JobsConfig,
  type MessagingConfig,
  type StompConnectionCaps,
} from "../config";
import type { Database } from "../db/schema";
import type { MenuCacheOptions } from "../menu/menu-cache";
import type { DatabaseMetricsSource } from "../metrics/database-gauges";
import type { Messenger } from "../notify/messenger";
import type { ClaimOwners } from "../orders/claim-owners";
import type { PaymentProvider } from "../orders/context";
import type { OrderEventBus } from "../realtime/order-events";
import { testAdvisoryDb } from "./test-database";

export interface TestAppOptions {
  staticDir?: string;
  /** The guest pages' render module (a build of src/app/ssr); default none, the plain shell. */
  serverRenderModule?: string;
  /** DATA_DIR, where uploaded photos are kept; default a folder under the system's temporary one. */
  dataDir?: string;
  contactEmail?: string;
  menuCache?: MenuCacheOptions;
  demoVenues?: boolean;
  /** Default: null, the secret generated and stored in the database. */
  jwtSecret?: string | null;
  /** Default: everything to the outbox. */
  messaging?: MessagingConfig;
  devOutboxApi?: boolean;
  devClockApi?: boolean;
  now?: () => Date;
  messenger?: Messenger;
  trustProxy?: boolean;
  /** PUBLIC_URL; default absent (no HSTS). */
  publicUrl?: string | null;
  /** Tests that watch status events subscribe to a bus of their own. */
  orderEvents?: OrderEventBus;
  /** Default: the built-in sandbox provider. */
  payments?: PaymentProvider;
  /**
   * Default: TEST_CODE_SENDS, since every injected request comes from one address and a test file
   * signs in many guests; the tests of these limits pass readConfig's defaults.
   */
  codeSends?: CodeSendConfig;
  /** Logs at debug (every request) into this stream instead of no logs at all. */
  logStream?: { write(line: string): void };
  /** Default: the production defaults (config.ts). */
  http?: HttpTimeouts;
  stomp?: StompConnectionCaps;
  /** The job worker's knobs (default: DEFAULT_JOBS_CONFIG). */
  jobs?: JobsConfig;
  /** Default: this process alone on the database, under a name of its own. */
  claimOwners?: ClaimOwners;
  /** METRICS_TOKEN; default none (GET /metrics from loopback only). */
  metricsToken?: string | null;
  /** The database gauge of GET /metrics; default none. */
  databaseMetrics?: DatabaseMetricsSource;
}

export const TEST_CONTACT_EMAIL = "team@example.com";

/** Code-send limits no ordinary test reaches; voice calls to Greece and the EU, as by default. */
export const TEST_CODE_SENDS: CodeSendConfig = {
  newNumbersPerAddressPerHour: 10_000,
  perStorePerHour: 10_000,
  perSystemPerHour: 10_000,
  voiceCallCountries: defaultCodeSends().voiceCallCountries,
};

export function buildTestApp(db: Kysely<Database>, options: TestAppOptions = {}): App {
  return buildApp({
    db,
    config: {
      staticDir: options.staticDir ?? "/nonexistent/static-dir",
      dataDir: options.dataDir ?? path.join(tmpdir(), "kyma-test-data"),
      contactEmail: options.contactEmail ?? TEST_CONTACT_EMAIL,
      logLevel: options.logStream === undefined ? "silent" : "debug",
      trustProxy: options.trustProxy ?? false,
      demoVenues: options.demoVenues ?? true,
      jwtSecret: options.jwtSecret ?? null,
      messaging: options.messaging ?? { sms: { provider: "outbox" }, email: { provider: "outbox" } },
      devOutboxApi: options.devOutboxApi ?? false,
      devClockApi: options.devClockApi ?? false,
      http: options.http,
      stomp: options.stomp,
      publicUrl: options.publicUrl ?? null,
      codeSends: options.codeSends ?? TEST_CODE_SENDS,
      metricsToken: options.metricsToken ?? null,
    },
    ...(options.logStream === undefined ? { logger: false } : { logStream: options.logStream }),
    menuCache: options.menuCache,
    now: options.now,
    messenger: options.messenger,
    orderEvents: options.orderEvents,
    payments: options.payments,
    serverRenderModule: options.serverRenderModule ?? null,
    jobs: options.jobs,
    claimOwners: options.claimOwners,
    databaseMetrics: options.databaseMetrics,
    // On PostgreSQL the server's second pool, as main.ts opens it.
    advisoryDb: testAdvisoryDb(db),
  });
}

/** One app for a whole test file, closed after it. */
export function setUpTestApp(db: () => Kysely<Database>, options?: TestAppOptions): { readonly app: App } {
  let app: App | undefined;
  afterAll(async () => {
    await app?.close();
  });
  return {
    get app() {
      app ??= buildTestApp(db(), options);
      return app;
    },
  };
}
