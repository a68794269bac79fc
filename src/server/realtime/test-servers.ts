/**
 * Servers for the STOMP tests, listening on a loopback port:
 * - `startApiServer`: the whole API (buildTestApp: buildApp with test settings) with an order-event bus the
 *   test holds, so it can publish what a status change publishes;
 * - `startStompOnlyServer`: just the STOMP endpoint with shortened limits (session re-checks),
 *   over an OrdersContext of the same real parts buildApp uses, on the same database;
 * - `startMainProcess`: src/server/main.ts in a child process, a second API process on the same
 *   (PostgreSQL) database, for what must cross processes.
 */

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import websocket from "@fastify/websocket";
import Fastify from "fastify";
import type { Kysely } from "kysely";
import type { App } from "../app";
import { BackgroundTasks } from "../auth/context";
import { KeyRing } from "../auth/secrets";
import { defaultCodeSends, defaultGuestOrders } from "../config";
import type { Database } from "../db/schema";
import { MenuCache } from "../menu/menu-cache";
import { createMessenger } from "../notify/create-messenger";
import { singleProcessOwners } from "../orders/claim-owners";
import type { OrdersContext } from "../orders/context";
import { PROJECT_ROOT } from "../paths";
import { SandboxPaymentProvider } from "../payments/sandbox-provider";
import { buildTestApp, type TestAppOptions } from "../test-support/test-app";
import type { OrderEventBus } from "./order-events";
import { STOMP_WEBSOCKET_OPTIONS, stompEndpoint } from "./stomp-endpoint";
import type { StompLimits } from "./stomp-session";

export interface RunningServer {
  /** ws://127.0.0.1:port/api/stomp */
  stompUrl: string;
  /** http://127.0.0.1:port */
  baseUrl: string;
  close(): Promise<void>;
}

export async function startApiServer(
  db: Kysely<Database>,
  orderEvents: OrderEventBus,
  options: Omit<TestAppOptions, "orderEvents"> = {},
): Promise<RunningServer & { app: App }> {
  const app = buildTestApp(db, { ...options, orderEvents });
  return { app, ...(await listen(app)) };
}

export async function startStompOnlyServer(
  db: Kysely<Database>,
  orderEvents: OrderEventBus,
  limits: Partial<StompLimits>,
): Promise<RunningServer> {
  const app = Fastify({ logger: false }).withTypeProvider<TypeBoxTypeProvider>();
  const now = () => new Date();
  const ctx: OrdersContext = {
    db,
    now,
    messenger: createMessenger({ sms: { provider: "outbox" }, email: { provider: "outbox" } }, db, app.log, now),
    keyRing: new KeyRing(db, null),
    background: new BackgroundTasks(app.log),
    codeSends: defaultCodeSends(),
    guestOrders: defaultGuestOrders(),
    menuCache: new MenuCache(db),
    orderEvents,
    payments: new SandboxPaymentProvider(db, now),
    // Delivers events only; writes no order, so no jobs.
    jobs: { nudge: () => undefined },
    claimOwners: singleProcessOwners(),
  };
  app.addHook("onClose", async () => ctx.menuCache.close());
  app.register(websocket, STOMP_WEBSOCKET_OPTIONS);
  app.register(stompEndpoint, { ctx, limits, prefix: "/api" });
  return listen(app as unknown as App);
}

async function listen(app: App): Promise<RunningServer> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return {
    stompUrl: `ws://127.0.0.1:${address.port}/api/stomp`,
    baseUrl: `http://127.0.0.1:${address.port}`,
    close: () => app.close(),
  };
}

/**
 * main.ts as production starts it (demo venues on, no static app), with the test database's
 * settings in `env` (DATABASE_URL on PostgreSQL, DATA_DIR on SQLite: never this process's own);
 * resolves once it listens. `stop` ends it and removes its empty static folder.
 */
export async function startMainProcess(
  env: Record<string, string | undefined>,
): Promise<{ port: number; stop(): Promise<void>; kill(): Promise<void> }> {
  const emptyStaticDir = mkdtempSync(path.join(tmpdir(), "venue-nostatic-"));
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    STATIC_DIR: emptyStaticDir,
    DEMO_VENUES: "on",
  };
  // This process's own; the test database's (SQLite: its DATA_DIR) comes in `env`.
  delete childEnv.DATA_DIR;
  delete childEnv.DATABASE_URL;
  delete childEnv.PUBLIC_URL;
  Object.assign(childEnv, env);
  const child = spawn(process.execPath, ["--import", "tsx", path.join(PROJECT_ROOT, "src/server/main.ts")], {
    env: childEnv,
    cwd: PROJECT_ROOT,
  });
  let output = "";
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(emptyStaticDir, { recursive: true, force: true });
  };
  /** kill -9: no shutdown hook runs (a process dies holding its jobs). */
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    }
    rmSync(emptyStaticDir, { recursive: true, force: true });
  };
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        const found = output.match(/API description: http:\/\/127\.0\.0\.1:(\d+)\//)?.[1];
        if (found !== undefined) resolve(Number(found));
      });
      child.on("exit", (code) => reject(new Error(`main.ts exited with ${code}:\n${output}`)));
    });
    return { port, stop, kill };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** One JSON call to a server process on loopback: its status, text and parsed body. */
export async function callServer(
  port: number,
  method: string,
  path: string,
  options: { body?: unknown; session?: { authToken: string; jwt: string }; key?: string } = {},
): Promise<{ status: number; text: string; json: <T>() => T }> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.session !== undefined) Object.assign(headers, options.session);
  if (options.key !== undefined) headers["idempotency-key"] = options.key;
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  return { status: response.status, text, json: <T>() => JSON.parse(text) as T };
}
