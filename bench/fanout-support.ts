/**
 * What the STOMP fan-out benches (orders-fanout.ts, catalogue-fanout.ts, stomp-fanout-eventloop.ts)
 * share: the real API in this process on a throwaway SQLite file with the demo venues, a guest
 * signed in as the app does it, the child process of clients and the question-and-answer with it,
 * a waiter's real HTTP request timed to the last delivery it causes, and the figures of a sample.
 */

import { type ChildProcess, fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { SessionResponse } from "../src/domain/auth-api";
import { type App, buildApp } from "../src/server/app";
import { openDatabase } from "../src/server/db/database";
import { migrateToLatest } from "../src/server/db/migrate";
import { listOutboxMessagesTo } from "../src/server/db/repositories/outbox.repository";
import { DEMO_VENUES_DIR, PUBLIC_IMAGES_DIR } from "../src/server/paths";
import { InProcessOrderEvents } from "../src/server/realtime/order-events";
import { importDemoVenuesIfEmpty } from "../src/server/venue/demo-venues";
import { benchAppConfig } from "./bench-app";

type Db = ReturnType<typeof openDatabase>["db"];

export interface FanoutApi {
  app: App;
  db: Db;
  port: number;
  close(): Promise<void>;
}

/**
 * The real API (buildApp with its job worker, so a committed change reaches the subscribers the way
 * production's does: job row, worker, bus, fan-out), SQLite in a throwaway directory, the demo
 * venues, no request logs, listening on loopback.
 */
export async function startFanoutApi(name: string): Promise<FanoutApi> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `venue-${name}-bench-`));
  const { db } = openDatabase({ kind: "sqlite", file: path.join(dataDir, "venue.sqlite") });
  const app = buildApp({
    db,
    config: benchAppConfig({
      // Every bench client is the same guest from 127.0.0.1: the per-session and per-address caps
      // would refuse all but a few.
      stomp: { maxConnectionsPerSession: 1_000_000, maxConnectionsPerAddress: 1_000_000 },
    }),
    logger: false,
    orderEvents: new InProcessOrderEvents(),
  });
  const close = async () => {
    await app.close();
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await migrateToLatest(db, "sqlite");
    await importDemoVenuesIfEmpty(db, DEMO_VENUES_DIR, { imagesDir: PUBLIC_IMAGES_DIR });
    await app.listen({ port: 0, host: "127.0.0.1" });
  } catch (error) {
    await close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { app, db, port, close };
}

/** The clients' child process (orders-fanout-clients.ts): 10,000 sockets on each side would pass one process's open-file limit. */
export function forkClients(): ChildProcess {
  return fork(path.join(import.meta.dirname, "orders-fanout-clients.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
}

/** A guest's phone sign-in, as the app does it: entrance, the code from the outbox, login. */
export async function signInGuest(
  app: App,
  db: Parameters<typeof listOutboxMessagesTo>[0],
  phoneNumber: number,
): Promise<{ userId: number; authToken: string; jwt: string }> {
  const phone = { phoneNumber, countryCode: 30 };
  const entrance = await app.inject({ method: "POST", url: "/api/entrance", payload: phone });
  if (entrance.statusCode !== 200) throw new Error(`entrance: ${entrance.statusCode} ${entrance.body}`);
  const [message] = await listOutboxMessagesTo(db, `+30${phoneNumber}`, 1);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (code === undefined) throw new Error("no sign-in code in the outbox");
  const login = await app.inject({
    method: "POST",
    url: "/api/authenticate/v2/login",
    payload: { ...phone, password: code },
  });
  if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
  const body = login.json<SessionResponse>();
  return { userId: body.authToken.user.id, authToken: body.authToken.token, jwt: body.jwt };
}

/** Sends the clients a command and waits for the message that answers it. */
export function askClients<T extends { type: string }>(
  child: ChildProcess,
  command: object,
  answer: T["type"],
  timeoutMs = 30_000,
): Promise<T> {
  const reply = clientsMessage<T>(child, answer, timeoutMs);
  child.send(command);
  return reply;
}

/** The clients' next message of a type, or an error after timeoutMs. */
export function clientsMessage<T extends { type: string }>(
  child: ChildProcess,
  type: T["type"],
  timeoutMs: number,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off("message", onMessage);
      reject(new Error(`no "${type}" from the clients within ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (message: { type: string }) => {
      if (message.type !== type) return;
      clearTimeout(timer);
      child.off("message", onMessage);
      resolve(message as T);
    };
    child.on("message", onMessage);
  });
}

/** A staff member's tokens, as the app sends them. */
export interface StaffTokens {
  authToken: string;
  jwt: string;
}

/**
 * A waiter's real HTTP request over loopback, with a fresh Idempotency-Key, as the app sends it;
 * throws on any answer but 200. Returns the answer's JSON.
 */
export async function staffRequest<T>(
  port: number,
  staff: StaffTokens,
  method: "POST" | "PUT",
  url: string,
  body?: object,
): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      authToken: staff.authToken,
      jwt: staff.jwt,
      "idempotency-key": randomUUID(),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** What the clients must receive for a change to count as delivered (see orders-fanout-clients.ts "expect"). */
export interface Expectation {
  /** Only a MESSAGE to this destination counts. */
  destination?: string;
  /** ... and only one whose frame holds this text (e.g. the new status). */
  includes?: string;
}

export interface TimedChange<T> {
  /** The request's answer. */
  answer: T;
  /** From the request's start to its answer, ms. */
  answeredMs: number;
  /** Every subscriber's arrival, ms from the request's start. */
  latencies: number[];
  /** MESSAGEs the clients got meanwhile that were not the expected one. */
  stray: number;
}

/**
 * One change timed as a guest lives it: the clients told what to expect, then the request sent;
 * every arrival is taken from the request's start, so the request, its commit and whatever follows
 * the commit up to the socket are inside the figure.
 */
export async function timeChange<T>(
  child: ChildProcess,
  expectation: Expectation,
  request: () => Promise<T>,
  timeoutMs = 60_000,
): Promise<TimedChange<T>> {
  await askClients(child, { type: "expect", ...expectation }, "ready");
  const delivered = clientsMessage<{ type: "delivered"; arrivals: number[]; stray: number }>(
    child,
    "delivered",
    timeoutMs,
  ).catch(() => {
    throw new Error(
      `Not every subscriber received ${JSON.stringify(expectation)} within ${timeoutMs} ms of the request`,
    );
  });
  const startedAt = performance.timeOrigin + performance.now();
  const answer = await request();
  const answeredMs = performance.timeOrigin + performance.now() - startedAt;
  const { arrivals, stray } = await delivered;
  return { answer, answeredMs, latencies: arrivals.map((at) => at - startedAt), stray };
}

/** Below this many values a p99 is the sample's maximum under another name: it is not given. */
export const MIN_SAMPLE_FOR_P99 = 100;

export interface Figures {
  /** How many values. */
  n: number;
  p50: number;
  /** null when n < MIN_SAMPLE_FOR_P99. */
  p99: number | null;
  max: number;
}

export function figures(values: number[]): Figures {
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  return {
    n: sorted.length,
    p50: round(at(50) ?? Number.NaN),
    p99: sorted.length >= MIN_SAMPLE_FOR_P99 ? round(at(99) ?? Number.NaN) : null,
    max: round(sorted.at(-1) ?? Number.NaN),
  };
}

/** The median of each figure over runs (a p99 only when every run has one). */
export function medianFigures(all: Figures[]): Figures {
  const middle = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
  };
  const p99s = all.map((f) => f.p99);
  return {
    n: middle(all.map((f) => f.n)),
    p50: middle(all.map((f) => f.p50)),
    p99: p99s.every((p99) => p99 !== null) ? middle(p99s as number[]) : null,
    max: middle(all.map((f) => f.max)),
  };
}

/** "p50 X ms, p99 Y ms, max Z ms", or without the p99 and saying why. */
export function formatFigures(f: Figures): string {
  const p99 = f.p99 === null ? `no p99 (${f.n} values < ${MIN_SAMPLE_FOR_P99})` : `p99 ${f.p99} ms`;
  return `p50 ${f.p50} ms, ${p99}, max ${f.max} ms`;
}

export function round(value: number): number {
  return Math.round(value * 100) / 100;
}
