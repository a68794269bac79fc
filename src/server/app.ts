/**
 * buildApp: the Fastify instance of the API (and, when built, the PWA). Used by main.ts to listen
 * and by tests through app.inject. Order: the response headers and the error handler first (so
 * the routes that external plugins add use them too), then external plugins (OpenAPI, static
 * files), then the application's 404 handling, then the routes under /api. The accounts routes
 * share one AccountsContext: database, clock, messenger (chosen by configuration), keys.
 */
import { existsSync } from "node:fs";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import path from "node:path";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import websocket from "@fastify/websocket";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { AccountsContext } from "./auth/context";
import { BackgroundTasks } from "./auth/context";
import { KeyRing } from "./auth/secrets";
import {
  DEFAULT_HTTP_TIMEOUTS,
  DEFAULT_JOBS_CONFIG,
  defaultCodeSends,
  defaultGuestOrders,
  type HttpTimeouts,
  type JobsConfig,
  type ServerConfig,
} from "./config";
import type { Database } from "./db/schema";
import { AdjustableClock } from "./dev-clock";
import { FrontDoor } from "./http/front-door";
import { NoQuerySchema } from "./http/schemas";
import { strictTypeBoxValidatorCompiler } from "./http/validator-compiler";
import { JobWorker } from "./jobs/worker";
import { loggerOptions, requestId } from "./logging";
import { MenuCache, type MenuCacheOptions } from "./menu/menu-cache";
import type { DatabaseMetricsSource } from "./metrics/database-gauges";
import { metrics } from "./metrics/metrics-plugin";
import { createMessenger } from "./notify/create-messenger";
import type { Messenger } from "./notify/messenger";
import { type ClaimOwners, singleProcessOwners } from "./orders/claim-owners";
import type { OrdersContext, PaymentProvider } from "./orders/context";
import { orderTimeouts } from "./orders/timeouts";
import { uploadsDirOf } from "./paths";
import { SandboxPaymentProvider } from "./payments/sandbox-provider";
import { durableAnswers } from "./plugins/durable-answers";
import { errorHandling } from "./plugins/error-handling";
import { notFoundHandler } from "./plugins/not-found";
import { openApi } from "./plugins/openapi";
import { responseHeaders } from "./plugins/response-headers";
import { staticPwa } from "./plugins/static-pwa";
import { uploadedPhotos } from "./plugins/uploaded-photos";
import { publishCatalogueChanges } from "./realtime/catalogue-publisher";
import { InProcessOrderEvents, type OrderEventBus } from "./realtime/order-events";
import { STOMP_WEBSOCKET_OPTIONS, stompEndpoint } from "./realtime/stomp-endpoint";
import type { FanoutOptions } from "./realtime/topic-fanout";
import { adminApiRoutes } from "./routes/admin-api";
import { billRoutes } from "./routes/bill";
import { cardRoutes } from "./routes/cards";
import { demoRoutes } from "./routes/demo";
import { devRoutes } from "./routes/dev";
import { devClockRoutes } from "./routes/dev/clock";
import { healthRoutes } from "./routes/health";
import { infoRoutes } from "./routes/info";
import { logRoutes } from "./routes/log";
import { orderHistoryRoutes } from "./routes/order-history";
import { orderLinkRoutes } from "./routes/order-links";
import { orderRoutes } from "./routes/orders";
import { passwordResetRoutes } from "./routes/password-reset";
import { paymentRoutes } from "./routes/payments";
import { reviewRoutes } from "./routes/reviews";
import { serviceRoutes } from "./routes/services";
import { menuFastPath } from "./routes/services/menu-fast-path";
import { sessionRoutes } from "./routes/session";
import { signInRoutes } from "./routes/sign-in";
import { staffAdminRoutes } from "./routes/staff-admin";
import { staffCallRoutes } from "./routes/staff-calls";
import { staffCatalogueRoutes } from "./routes/staff-catalogue";
import { staffHistoryRoutes } from "./routes/staff-history";
import { staffOpeningRoutes } from "./routes/staff-openings";
import { staffOrderRoutes } from "./routes/staff-orders";
import { staffSignInRoutes } from "./routes/staff-sign-in";
import { staffSpotRoutes } from "./routes/staff-spots";
import { staffStationRoutes } from "./routes/staff-stations";
import { tableRoutes } from "./routes/tables";
import { userRoutes } from "./routes/user";
import { utilsRoutes } from "./routes/utils";
import { firstPaintStylesOf } from "./ssr/first-paint-styles";
import { SERVER_RENDER_MODULE } from "./ssr/guest-pages";
import { pageFastPath } from "./ssr/page-fast-path";

export type App = FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, TypeBoxTypeProvider>;

export interface AppOptions {
  db: Kysely<Database>;
  config: Pick<
    ServerConfig,
    | "staticDir"
    | "contactEmail"
    | "logLevel"
    | "trustProxy"
    | "demoVenues"
    | "jwtSecret"
    | "messaging"
    | "devOutboxApi"
    | "devClockApi"
  > &
    // Optional so tools that build an app (bench/) need not know them: the defaults of readConfig
    // (publicUrl absent: not known, so no HSTS; plugins/security-headers.ts).
    Partial<
      Pick<
        ServerConfig,
        | "http"
        | "stomp"
        | "publicUrl"
        | "codeSends"
        | "guestOrders"
        | "sandboxAuthorizePauseMs"
        | "port"
        | "metricsToken"
        | "dataDir"
      >
    >;
  /** false: no logs at all (tests). Default: JSON logs at config.logLevel. */
  logger?: boolean;
  /** Log lines go here instead of stdout (tests that check what a request logged). */
  logStream?: { write(line: string): void };
  menuCache?: MenuCacheOptions;
  /** The clock of codes, limits and sessions (and /utils/date); tests move it instead of waiting. */
  now?: () => Date;
  /** Replaces the messenger the configuration chooses (tests that make a provider fail). */
  messenger?: Messenger;
  /** Default: in-process (one server); main.ts passes the PostgreSQL bus when on PostgreSQL. */
  orderEvents?: OrderEventBus;
  /** Default: the built-in sandbox provider. */
  payments?: PaymentProvider;
  /** Slices of a STOMP publish (realtime/topic-fanout.ts); default for production, benches compare. */
  stompFanout?: Partial<FanoutOptions>;
  /** The after-commit job worker's knobs (main.ts passes config.jobs). Default: DEFAULT_JOBS_CONFIG. */
  jobs?: JobsConfig;
  /**
   * PostgreSQL's advisory connections (db/database.ts openAdvisoryConnections): where the job
   * worker claims and marks jobs and placements draw their daily numbers. Default (SQLite): db.
   */
  advisoryDb?: Kysely<Database>;
  /**
   * Whose Idempotency-Key claims are abandoned (orders/claim-owners.ts). Default: one process on the
   * database (SQLite); main.ts passes the PostgreSQL check when on PostgreSQL.
   */
  claimOwners?: ClaimOwners;
  /** The SQLite file or PostgreSQL pool whose gauge GET /metrics shows (main.ts); default: none. */
  databaseMetrics?: DatabaseMetricsSource;
  /**
   * The module that renders guest pages (ssr/guest-pages.ts): default its build's when there is
   * one; null, none (every page is the plain shell).
   */
  serverRenderModule?: string | null;
}

/** Contact messages are short; anything bigger than this is not a request of ours. */
const BODY_LIMIT_BYTES = 64 * 1024;

export function buildApp(options: AppOptions): App {
  const { db, config } = options;
  const frontDoor = new FrontDoor();
  const app = Fastify({
    ...(options.logger === false ? { logger: false } : loggerOptions(config.logLevel, options.logStream)),
    genReqId: requestId,
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    ...httpServerTimeouts(config.http ?? DEFAULT_HTTP_TIMEOUTS),
    serverFactory: frontDoor.serverFactory,
    // While a stopping process closes its WebSockets (preClose, up to 2 s) it still listens: a
    // request that reaches it then is answered as usual rather than with 503, which a proxy would
    // hand to the guest; once the listener closes, new connections are refused and the proxy
    // takes them to another process.
    return503OnClosing: false,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(strictTypeBoxValidatorCompiler);

  // A server-rendered page's stylesheets, inline and allowed by their hash (ssr/first-paint-styles.ts).
  const pageStyles = firstPaintStylesOf(config.staticDir);
  app.register(responseHeaders, {
    publicUrl: config.publicUrl ?? null,
    styleHashes: pageStyles ? [pageStyles.cspSource] : [],
  });
  app.register(durableAnswers);
  app.register(errorHandling);
  // Before the routes: it times every request and hooks onto the placement route as it is added.
  app.register(metrics, {
    db,
    trustProxy: config.trustProxy,
    token: config.metricsToken ?? null,
    database: options.databaseMetrics,
  });

  // External plugins.
  app.register(openApi);
  // At the root: its hooks close an upgrade request that reaches any route but /api/stomp.
  app.register(websocket, STOMP_WEBSOCKET_OPTIONS);
  const servePwa = existsSync(path.join(config.staticDir, "index.html"));
  if (servePwa) app.register(staticPwa, { root: config.staticDir });
  // readConfig's default DATA_DIR when a tool (bench/) gives none.
  const uploadsDir = path.resolve(uploadsDirOf(config.dataDir ?? "data"));
  app.register(uploadedPhotos, { root: uploadsDir });

  const devClock = config.devClockApi ? new AdjustableClock() : null;
  const now = options.now ?? devClock?.now ?? (() => new Date());
  const menuCache = new MenuCache(db, options.menuCache);
  app.addHook("onClose", async () => menuCache.close());

  // Application plugins.
  app.register(notFoundHandler, {
    spaFallback: servePwa ? { staticDir: config.staticDir } : null,
    serverRenderModule: options.serverRenderModule === undefined ? SERVER_RENDER_MODULE : options.serverRenderModule,
    // An answer in a page is trusted as long as the menu cache trusts a version: by its clock too.
    pages: {
      now,
      onCatalogueChange: (listener) => menuCache.onStoreInvalidated(listener),
      elapsed: options.menuCache?.now,
      styles: pageStyles,
    },
  });

  // Routes.
  app.register(menuFastPath, { frontDoor, menuCache });
  app.register(pageFastPath, { frontDoor });
  const messenger = options.messenger ?? createMessenger(config.messaging, db, app.log, now);
  const accounts: AccountsContext = {
    db,
    now,
    messenger,
    keyRing: new KeyRing(db, config.jwtSecret),
    background: new BackgroundTasks(app.log),
    codeSends: config.codeSends ?? defaultCodeSends(),
    guestOrders: config.guestOrders ?? defaultGuestOrders(),
  };
  const orders: OrdersContext = {
    ...accounts,
    menuCache,
    orderEvents: options.orderEvents ?? new InProcessOrderEvents(),
    payments:
      options.payments ??
      new SandboxPaymentProvider(db, now, { authorizePauseMs: config.sandboxAuthorizePauseMs ?? 0 }),
    jobs: { nudge: () => worker.nudge() },
    advisoryDb: options.advisoryDb,
    claimOwners: options.claimOwners ?? singleProcessOwners(),
    billPaymentRecoveryMs: (options.jobs ?? DEFAULT_JOBS_CONFIG).billPaymentRecoveryMs,
    publicUrl: config.publicUrl ?? (config.port === undefined ? null : `http://localhost:${config.port}`),
  };
  // Every committed catalogue change, to the open menus (STOMP /topic/stores/{id}/catalogue).
  const stopCataloguePublisher = publishCatalogueChanges({ menuCache, db, bus: orders.orderEvents, log: app.log });
  app.addHook("onClose", async () => stopCataloguePublisher());
  // The after-commit jobs (status events, card capture/void, outcome messages).
  const worker = new JobWorker(orders, options.jobs ?? DEFAULT_JOBS_CONFIG, app.log);
  app.decorate("jobWorker", worker);
  app.addHook("onReady", async () => worker.start());
  app.addHook("onClose", async () => {
    // The worker first: it finishes the jobs it holds while the database and bus are still open.
    await worker.stop();
    await accounts.background.settled();
    await messenger.close?.();
    await orders.orderEvents.close();
  });
  app.register(
    async (api) => {
      // Closed inputs: a route that declares no query string takes none, so an unknown
      // parameter (a card number sent in a URL) is a 400, never silently accepted.
      api.addHook("onRoute", (route) => {
        if (route.schema !== undefined && route.schema.querystring === undefined && route.websocket !== true) {
          route.schema = { ...route.schema, querystring: NoQuerySchema };
        }
      });
      await api.register(tableRoutes, { db });
      await api.register(serviceRoutes, { menuCache });
      await api.register(utilsRoutes, { now });
      await api.register(infoRoutes, { db, messenger, contactEmail: config.contactEmail, now });
      await api.register(healthRoutes, { db });
      await api.register(demoRoutes, { db, enabled: config.demoVenues, now });
      await api.register(signInRoutes, { ctx: accounts });
      await api.register(staffSignInRoutes, { ctx: accounts });
      await api.register(sessionRoutes, { ctx: accounts });
      await api.register(userRoutes, { ctx: accounts });
      await api.register(passwordResetRoutes, { ctx: accounts });
      await api.register(cardRoutes, { ctx: accounts });
      await api.register(orderRoutes, { ctx: orders });
      await api.register(orderHistoryRoutes, { ctx: orders });
      await api.register(paymentRoutes, { ctx: orders });
      await api.register(staffOrderRoutes, { ctx: orders });
      await api.register(staffOpeningRoutes, { ctx: orders });
      await api.register(staffStationRoutes, { ctx: orders });
      await api.register(billRoutes, { ctx: orders });
      await api.register(staffCallRoutes, { ctx: orders });
      await api.register(staffHistoryRoutes, { ctx: orders });
      await api.register(staffCatalogueRoutes, { ctx: orders });
      await api.register(staffSpotRoutes, { ctx: orders });
      await api.register(staffAdminRoutes, { ctx: orders, uploadsDir });
      await api.register(orderLinkRoutes, { ctx: orders });
      await api.register(reviewRoutes, { ctx: orders });
      await api.register(logRoutes, { ctx: orders });
      await api.register(stompEndpoint, { ctx: orders, limits: config.stomp, fanout: options.stompFanout });
      await api.register(orderTimeouts, { ctx: orders });
      // Hands out sign-in codes: only where DEV_OUTBOX_API=on (end-to-end tests, demos).
      if (config.devOutboxApi) await api.register(devRoutes, { db });
      if (devClock !== null) await api.register(devClockRoutes, { clock: devClock });
    },
    { prefix: "/api" },
  );
  // The admin service (spec §7), on its own base path; the app's VITE_ADMIN_API_URL points at it.
  app.register(adminApiRoutes, { prefix: "/admin-api", ctx: orders });

  return app;
}

/**
 * Closed inputs: Fastify and Node wait for a request without limit by default (Fastify's
 * requestTimeout is 0), so a body shorter than its Content-Length held a connection for minutes.
 * Node checks the time-outs every connectionsCheckingInterval (30 s by default, which would let a
 * 10 s time-out last 40 s): a quarter of the shorter one, at most a second. A WebSocket leaves
 * Node's HTTP parser once upgraded (and ws clears the socket's idle time-out), so /api/stomp is not
 * cut by them.
 */
function httpServerTimeouts(timeouts: HttpTimeouts) {
  const shorter = Math.min(timeouts.requestTimeoutMs, timeouts.headersTimeoutMs);
  return {
    requestTimeout: timeouts.requestTimeoutMs,
    keepAliveTimeout: timeouts.keepAliveTimeoutMs,
    http: {
      headersTimeout: timeouts.headersTimeoutMs,
      connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(shorter / 4))),
    },
  };
}
