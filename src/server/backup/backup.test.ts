/**
 * `npm run backup` and `npm run restore` against the real server process: orders are placed
 * through the API while a backup is taken, the backup is restored into an empty data directory (or
 * an empty PostgreSQL database, through scripts/with-postgres.sh), and a server started on it finds
 * every order that was acknowledged before the backup started.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import {
  type Answer,
  call,
  DEMO_ORDER as DEMO,
  demoOrderBody,
  mustCall,
  newKey,
  type Session,
  signInGuest,
} from "../../../bench/crash-suite/client";
import { CrashableServer } from "../../../bench/crash-suite/server";
import { freePort } from "../../../bench/servers";
import { PROJECT_ROOT } from "../paths";
import { createEmptyTestDatabase, type TestDatabase, testDialect } from "../test-support/test-database";

/** The demo beach hotel's beach bar, from umbrella 7201; a 6.00 item without options or stock. */
/** 12:00 in Athens on a summer day: the beach bar is open. */
const CLOCK_START = Date.parse("2026-07-01T09:00:00.000Z");
const startedAt = Date.now();
const serverNow = () => new Date(CLOCK_START + (Date.now() - startedAt)).toISOString();

const workDir = mkdtempSync(path.join(tmpdir(), "venue-backup-test-"));
const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const database of databases) await database.destroy();
  rmSync(workDir, { recursive: true, force: true });
});

interface Outcome {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run SCRIPT -- ARGS` with the server's configuration of `target`, as an operator types it. */
function npmRun(script: string, args: string[], target: { dataDir: string; databaseUrl?: string }): Promise<Outcome> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: target.dataDir };
  delete env.DATABASE_URL;
  delete env.TEST_POSTGRES_URL;
  if (target.databaseUrl !== undefined) env.DATABASE_URL = target.databaseUrl;
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", script, "--", ...args], { cwd: PROJECT_ROOT, env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/** A database of this run's dialect for a server: a data directory, and on PostgreSQL an empty database. */
async function newTarget(name: string): Promise<{ dataDir: string; databaseUrl?: string }> {
  const dataDir = path.join(workDir, name);
  if (testDialect() === "sqlite") return { dataDir };
  const database = await createEmptyTestDatabase();
  databases.push(database);
  return { dataDir, databaseUrl: database.env.DATABASE_URL };
}

async function startServer(target: { dataDir: string; databaseUrl?: string }): Promise<CrashableServer> {
  const server = new CrashableServer(await freePort(), target.dataDir, PROJECT_ROOT, target.databaseUrl);
  await server.start();
  // A session made on the dev clock looks expired to a process on the real one.
  await mustCall(server.origin, "PUT", "/api/dev/clock", { body: { date: serverNow() } });
  return server;
}

interface Acknowledged {
  orderId: number;
  guest: Session;
}

/** Places orders one after the other until stopped; each 201 is recorded the moment it arrives. */
async function placeOrders(
  origin: string,
  guest: Session,
  price: number,
  acked: Acknowledged[],
  running: () => boolean,
) {
  const body = demoOrderBody(price);
  while (running()) {
    const answer: Answer | null = await call(origin, "POST", "/api/orders", { body, session: guest, key: newKey() });
    if (answer?.status !== 201) throw new Error(`placement: ${answer?.status ?? "no answer"} ${answer?.text ?? ""}`);
    acked.push({ orderId: (JSON.parse(answer.text) as { id: number }).id, guest });
  }
}

describe(`backup and restore (${testDialect()}): a backup taken under load holds every order acknowledged before it`, () => {
  it("npm run backup while guests place orders; npm run restore into an empty database; a server on it finds them all", async () => {
    const source = await newTarget("live");
    const server = await startServer(source);
    const backupFile = path.join(workDir, testDialect() === "sqlite" ? "venue-backup.sqlite" : "venue-backup.dump");
    let ackedBeforeBackup: Acknowledged[] = [];
    let backupsOrders = 0;
    try {
      const menu = await mustCall(server.origin, "GET", `/api/services/${DEMO.serviceId}/menu`);
      const price = (JSON.parse(menu.text) as { items: { id: number; priceCents: number }[] }).items.find(
        (item) => item.id === DEMO.itemId,
      )?.priceCents;
      expect(price).toBeTypeOf("number");
      const guests = [
        await signInGuest(server.origin, 6945000201),
        await signInGuest(server.origin, 6945000202),
        await signInGuest(server.origin, 6945000203),
      ];
      const acked: Acknowledged[] = [];
      let running = true;
      const loops = guests.map((guest) => placeOrders(server.origin, guest, price ?? 0, acked, () => running));
      try {
        while (acked.length < 30) await new Promise((resolve) => setTimeout(resolve, 20));
        // Every order answered 201 so far; the backup starts after this line.
        ackedBeforeBackup = [...acked];
        const backup = await npmRun("backup", ["--out", backupFile], source);
        expect(backup.status, backup.stderr).toBe(0);
        expect(backup.stdout).toMatch(/written to /);
        backupsOrders = acked.length;
        // The load went on through the backup: it was taken online.
        while (acked.length < backupsOrders + 10) await new Promise((resolve) => setTimeout(resolve, 20));
      } finally {
        running = false;
        await Promise.all(loops);
      }
    } finally {
      await server.stop();
    }

    if (testDialect() === "sqlite") {
      // The contract: an SQLite file whose integrity_check is ok and which holds the orders table.
      const copy = new SqliteDatabase(backupFile, { readonly: true });
      try {
        expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
        const orders = copy.prepare("select count(*) as count from orders").get() as { count: number };
        expect(orders.count).toBeGreaterThanOrEqual(ackedBeforeBackup.length);
      } finally {
        copy.close();
      }
    }

    const restored = await newTarget("restored");
    const restore = await npmRun("restore", [backupFile], restored);
    expect(restore.status, restore.stderr).toBe(0);
    // A second restore would overwrite the database now there: refused, with what to do.
    const again = await npmRun("restore", [backupFile], restored);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(
      testDialect() === "sqlite"
        ? /exists: restore only into an empty data directory/
        : /restore only into an empty database/,
    );

    const revived = await startServer(restored);
    try {
      const missing: number[] = [];
      for (const { orderId, guest } of ackedBeforeBackup) {
        const answer = await call(revived.origin, "GET", `/api/orders/${orderId}`, { session: guest });
        if (answer?.status !== 200) missing.push(orderId);
      }
      expect(missing, `orders acknowledged before the backup but not in it`).toEqual([]);
      expect(ackedBeforeBackup.length).toBeGreaterThanOrEqual(30);
    } finally {
      await revived.stop();
    }
  }, 420_000);
});
