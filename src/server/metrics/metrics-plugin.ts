/**
 * GET /metrics: Prometheus text (prom-client), for the server's own machine or a scraper holding
 * METRICS_TOKEN (access.ts); anyone else gets the 404 of a path that does not exist, so a guest
 * cannot even tell it is there. Hidden from the API description: it is not part of the API.
 * - http_request_duration_seconds{route,method,status_class}: every request Fastify answers, by
 *   its route's pattern (not the URL, whose ids would make a series per order); requests no route
 *   matches share route="unmatched". Cached menu reads and kept guest pages answered in front of
 *   Fastify (routes/services/menu-fast-path.ts, ssr/page-fast-path.ts) are not in it: counting
 *   them would cost what those paths save.
 * - orders_placed_total and orders_refused_total{code}: POST /api/orders, guests' and waiters'
 *   placements alike; a replayed answer (the same Idempotency-Key again) is not counted twice.
 * - jobs_pending, jobs_failed (DEAD), stomp_connections and the database's gauge, read on scrape.
 */
import type { FastifyPluginCallback, FastifyReply, FastifyRequest, onSendHookHandler } from "fastify";
import fp from "fastify-plugin";
import type { Kysely } from "kysely";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { ErrorBodyDto } from "../../domain/api";
import type { Database } from "../db/schema";
import { mayReadMetrics } from "./access";
import { countJobs, type DatabaseMetricsSource, type JobCounts, walFileBytes } from "./database-gauges";
import { processMetrics } from "./process-metrics";

export const METRICS_PATH = "/metrics";

export interface MetricsOptions {
  db: Kysely<Database>;
  trustProxy: boolean;
  token: string | null;
  /** Where the WAL file or the pool is; undefined: no database gauge (tests, benches). */
  database?: DatabaseMetricsSource;
}

const PLACEMENT_ROUTE = { method: "POST", url: "/api/orders" };
const ERROR_CODE = /^[A-Z][A-Z0-9_]{0,63}$/;

function statusClass(statusCode: number): string {
  return `${Math.floor(statusCode / 100)}xx`;
}

/** The refusal's code, read from the error body (an error or a stored answer replayed). */
function refusalCode(payload: unknown): string {
  if (typeof payload !== "string") return "UNKNOWN";
  try {
    const code = (JSON.parse(payload) as Partial<ErrorBodyDto>).code;
    return typeof code === "string" && ERROR_CODE.test(code) ? code : "UNKNOWN";
  } catch {
    return "UNKNOWN";
  }
}

const metricsPlugin: FastifyPluginCallback<MetricsOptions> = (app, options, done) => {
  // Started with the app, so the first scrape already has the event loop's delay since the start.
  const processRegistry = processMetrics();
  const registry = new Registry();
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by route pattern, method and status class",
    labelNames: ["route", "method", "status_class"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const placed = new Counter({
    name: "orders_placed_total",
    help: "Orders placed (POST /api/orders answered 201; replays not counted)",
    registers: [registry],
  });
  const refused = new Counter({
    name: "orders_refused_total",
    help: "Order placements refused, by error code (replays not counted)",
    labelNames: ["code"] as const,
    registers: [registry],
  });
  // One query serves both job gauges: the first one's collect starts it, the second one's reuses it.
  let jobCounts: Promise<JobCounts | null> | null = null;
  const readJobs = () => {
    jobCounts ??= countJobs(options.db)
      .catch((error: unknown) => {
        app.log.warn({ err: error }, "metrics: could not count jobs");
        return null;
      })
      .finally(() => setImmediate(() => (jobCounts = null)));
    return jobCounts;
  };
  new Gauge({
    name: "jobs_pending",
    help: "After-commit jobs waiting to run or running",
    registers: [registry],
    async collect() {
      const counts = await readJobs();
      if (counts !== null) this.set(counts.pending);
    },
  });
  new Gauge({
    name: "jobs_failed",
    help: "After-commit jobs that failed their last allowed attempt (DEAD, kept for a person to read)",
    registers: [registry],
    async collect() {
      const counts = await readJobs();
      if (counts !== null) this.set(counts.failed);
    },
  });
  new Gauge({
    name: "stomp_connections",
    help: "Open live-status WebSocket (STOMP) connections",
    registers: [registry],
    collect() {
      this.set(app.websocketServer?.clients.size ?? 0);
    },
  });
  const database = options.database;
  if (database?.kind === "sqlite") {
    new Gauge({
      name: "sqlite_wal_bytes",
      help: "Size of the SQLite write-ahead log file",
      registers: [registry],
      async collect() {
        this.set(await walFileBytes(database.file));
      },
    });
  } else if (database?.kind === "postgres") {
    new Gauge({
      name: "postgres_pool_waiting",
      help: "Queries waiting for a connection of the PostgreSQL pool",
      registers: [registry],
      collect() {
        this.set(database.pool.waitingCount);
      },
    });
    new Gauge({
      name: "postgres_pool_connections",
      help: "Connections the PostgreSQL pool holds",
      registers: [registry],
      collect() {
        this.set(database.pool.totalCount);
      },
    });
  }

  app.addHook("onResponse", function observeRequestDuration(request, reply, next) {
    duration.observe(
      {
        route: request.routeOptions.url ?? "unmatched",
        method: request.method,
        status_class: statusClass(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    next();
  });

  const countPlacement: onSendHookHandler = (_request, reply, payload, next) => {
    if (reply.getHeader("idempotent-replayed") !== "true") {
      if (reply.statusCode === 201) placed.inc();
      else if (reply.statusCode >= 400) refused.inc({ code: refusalCode(payload) });
    }
    next(null, payload);
  };
  // Only the placement route carries the hook: no other request pays for it.
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.url === PLACEMENT_ROUTE.url && methods.includes(PLACEMENT_ROUTE.method)) {
      const existing = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
      route.onSend = [...existing, countPlacement];
    }
  });

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    const allowed = mayReadMetrics(
      {
        remoteAddress: request.socket.remoteAddress,
        forwardedFor: request.headers["x-forwarded-for"],
        authorization: request.headers.authorization,
      },
      { trustProxy: options.trustProxy, token: options.token },
    );
    if (!allowed) {
      // The answer of a path that does not exist (plugins/not-found.ts), not a 403 that says it does.
      const body: ErrorBodyDto = { code: "NOT_FOUND", message: `No route for ${request.method} ${METRICS_PATH}` };
      return reply.code(404).send(body);
    }
    const text = (await processRegistry.metrics()) + (await registry.metrics());
    return reply.header("cache-control", "no-store").type(registry.contentType).send(text);
  });
  done();
};

export const metrics = fp(metricsPlugin, { name: "metrics" });
