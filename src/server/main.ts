/**
 * The server process: read the configuration, open and migrate the database, load the demo
 * venues into an empty database, listen, print the links to open, and shut down cleanly on
 * SIGTERM/SIGINT: stop accepting connections, close live WebSockets with 1012 (service restart) so
 * their clients reconnect at once elsewhere, finish the requests in flight, let the job worker finish
 * the jobs it holds (those it has not claimed stay queued for another process or the next start),
 * close the database, and exit 0, well within the 15 s a process manager gives before SIGKILL.
 */
import { randomUUID } from "node:crypto";
import { type App, buildApp } from "./app";
import { ConfigError, readConfig, type ServerConfig } from "./config";
import { databaseTarget, openAdvisoryConnections, openDatabase } from "./db/database";
import { migrateToLatest } from "./db/migrate";
import { demoLinkQrBlocks } from "./demo-link-qr";
import { demoLinkLines, listDemoLinks } from "./demo-links";
import { listenUrl } from "./http/listen-url";
import { statusEventsSince } from "./jobs/replay";
import { postgresOwners, singleProcessOwners } from "./orders/claim-owners";
import { DEMO_VENUES_DIR, PUBLIC_IMAGES_DIR, uploadsDirOf } from "./paths";
import { OPENAPI_PATH } from "./plugins/openapi";
import { currentCatalogueEvents } from "./realtime/catalogue-publisher";
import { PostgresOrderEvents } from "./realtime/postgres-order-events";
import { importDemoVenuesIfEmpty } from "./venue/demo-venues";
import { describeImport } from "./venue/import-summary";

/**
 * After this long a shutdown stops waiting for requests in flight and exits 1. Below the 15 s
 * (compose's stop_grace_period, the systemd unit's TimeoutStopSec) after which the process is killed.
 */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Once everything is closed the process ends by itself; should a handle nobody owns (a socket a
 * library keeps) hold it, it exits after this.
 */
const EXIT_AFTER_CLOSE_MS = 500;

function configOrExit(): ServerConfig {
  try {
    return readConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`Configuration error: ${error.message}\n`);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const config = configOrExit();
  const target = databaseTarget(config.databaseUrl, config.dataDir);
  const onPoolError = (error: Error) => app.log.error({ err: error }, "idle database connection failed");
  const { db, dialect, location, pool } = openDatabase(target, { onPoolError, poolSize: config.databasePoolSize });
  // The job worker's claims and completions, the events' NOTIFY and the placements' daily numbers:
  // connections of their own on PostgreSQL, committing without a flush wait (db/database.ts);
  // SQLite has the one connection.
  const advisoryDb = target.kind === "postgres" ? openAdvisoryConnections(target.url, { onPoolError }) : undefined;
  // This run's name: on the Idempotency-Key claims it makes, and on its LISTEN connection on
  // PostgreSQL, by which other processes see it running (orders/claim-owners.ts).
  const processId = randomUUID();
  // Order status events: through LISTEN/NOTIFY on PostgreSQL, so that every API process on the
  // database hears every change; in-process (buildApp's default) on SQLite, which has one process.
  const orderEvents =
    target.kind === "postgres"
      ? new PostgresOrderEvents({
          connectionString: target.url,
          processId,
          // Only the job worker publishes (jobs/handlers.ts): through its connections.
          db: advisoryDb ?? db,
          // What this process missed while its LISTEN connection was down.
          replay: async (since) => [...(await statusEventsSince(db, since)), ...(await currentCatalogueEvents(db))],
          log: {
            info: (message) => app.log.info(message),
            warn: (details, message) => app.log.warn(details, message),
            error: (details, message) => app.log.error(details, message),
          },
        })
      : undefined;
  const claimOwners = target.kind === "postgres" ? postgresOwners(db, processId) : singleProcessOwners(processId);
  // What GET /metrics shows of the database: the pool's queue, or the size of SQLite's WAL file.
  const databaseMetrics =
    target.kind === "sqlite"
      ? { kind: "sqlite" as const, file: target.file }
      : pool && { kind: "postgres" as const, pool };
  const app = buildApp({ db, config, orderEvents, jobs: config.jobs, advisoryDb, claimOwners, databaseMetrics });

  try {
    await migrateToLatest(db, dialect);
    await orderEvents?.start();
    app.log.info({ dialect, location, orderEvents: orderEvents ? "listen/notify" : "in-process" }, "database ready");
    logMessagingSetup(app.log, config);
    if (config.demoVenues) {
      const imported = await importDemoVenuesIfEmpty(db, DEMO_VENUES_DIR, {
        imagesDir: PUBLIC_IMAGES_DIR,
        uploadsDir: uploadsDirOf(config.dataDir),
      });
      for (const summary of imported)
        app.log.info({ storeId: summary.storeId }, `demo venue imported: ${describeImport(summary)}`);
    }
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.fatal({ err: error }, "could not start");
    await app.close().catch(() => undefined);
    await orderEvents?.close().catch(() => undefined);
    await db.destroy().catch(() => undefined);
    await advisoryDb?.destroy().catch(() => undefined);
    process.exit(1);
  }

  const address = app.server.address();
  const baseUrl =
    config.publicUrl ?? listenUrl(config.host, typeof address === "object" && address ? address.port : config.port);
  const demoLinks = config.demoVenues ? await listDemoLinks(db, new Date()) : [];
  const links = demoLinkLines(demoLinks, baseUrl);
  // The QR codes first, so the short list of links stays on screen above the prompt.
  const codes = await demoLinkQrBlocks(demoLinks, baseUrl);
  process.stdout.write(
    [...codes, "", `Open ${baseUrl}/`, ...links, `API description: ${baseUrl}${OPENAPI_PATH}`, ""].join("\n"),
  );

  let stoppingSince: number | null = null;
  const stop = (signal: NodeJS.Signals) => {
    // Ctrl-C under `npm start` reaches the server twice (from the terminal and forwarded by npm):
    // a second signal within a second is the same request, not an impatient second press.
    if (stoppingSince !== null && Date.now() - stoppingSince < 1000) return;
    if (stoppingSince !== null) {
      app.log.warn({ signal }, "second signal: exiting at once");
      process.exit(1);
    }
    stoppingSince = Date.now();
    app.log.info({ signal }, "shutting down");
    setTimeout(() => {
      app.log.error("requests still running after the grace period: exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    // app.close() closes the order-event bus too (buildApp's onClose); closing again is a no-op.
    app
      .close()
      .then(() => orderEvents?.close())
      .then(() => db.destroy())
      .then(() => advisoryDb?.destroy())
      .then(() => app.log.info({ ms: Date.now() - (stoppingSince ?? Date.now()) }, "stopped"))
      .catch((error: unknown) => {
        app.log.error({ err: error }, "error while shutting down");
        process.exitCode = 1;
      })
      .finally(() => setTimeout(() => process.exit(), EXIT_AFTER_CLOSE_MS).unref());
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

/** Where codes go, said once at start: an outbox in production means nobody receives them. */
function logMessagingSetup(log: App["log"], config: ServerConfig): void {
  const { sms, email } = config.messaging;
  log.info(
    { sms: sms.provider, email: email.provider, jwtSecret: config.jwtSecret === null ? "stored" : "configured" },
    "messaging and sign-in keys",
  );
  if (sms.provider === "outbox" || email.provider === "outbox") {
    log.info(
      "codes sent to the outbox are printed in this log (demo delivery); set SMS_PROVIDER and SMTP_URL to send them",
    );
  }
  if (config.devOutboxApi) {
    log.warn("DEV_OUTBOX_API is on: GET /api/dev/outbox hands out sign-in codes; never use it in production");
  }
}

await main();
