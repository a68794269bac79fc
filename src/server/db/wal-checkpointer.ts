/**
 * SQLite's checkpoints (copying the -wal file's pages into the database file, with a sync of each)
 * on a thread of their own: with SQLite's automatic checkpoint the COMMIT that
 * crosses 1000 pages does it, on the event loop, for 5-30 ms on this machine. The server's
 * connection runs with wal_autocheckpoint=0 and asks this thread, every CHECKPOINT_EVERY commits,
 * for a PASSIVE checkpoint on a connection of its own: it copies what no reader still needs and
 * never blocks the writer. In synchronous=NORMAL SQLite syncs the -wal file before a checkpoint
 * and the database file after it, so what it copies is durable before the -wal file is reused.
 * When the server closes its connection, SQLite checkpoints the rest itself.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

export const CHECKPOINT_EVERY_COMMITS = 200;

/** Plain JavaScript (no TypeScript loader in a worker), given better-sqlite3's resolved path. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.betterSqlite3);
const db = new Database(workerData.file);
db.pragma("busy_timeout = 5000");
db.pragma("synchronous = NORMAL");
parentPort.on("message", (message) => {
  if (message === "close") {
    db.close();
    parentPort.close();
    return;
  }
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
    parentPort.postMessage({ ok: true });
  } catch (error) {
    parentPort.postMessage({ ok: false, error: String(error) });
  }
});
`;

export class WalCheckpointer {
  readonly #worker: Worker;
  #commits = 0;
  #running = false;
  #closed = false;
  /** Checkpoints done (for tests). */
  checkpoints = 0;

  constructor(file: string, onError: (message: string) => void = () => undefined) {
    const betterSqlite3 = createRequire(import.meta.url).resolve("better-sqlite3");
    this.#worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, betterSqlite3 } });
    this.#worker.unref();
    this.#worker.on("message", (result: { ok: boolean; error?: string }) => {
      this.#running = false;
      if (result.ok) this.checkpoints++;
      else onError(result.error ?? "checkpoint failed");
    });
    this.#worker.on("error", (error) => onError(String(error)));
  }

  /** A transaction that wrote has committed: every CHECKPOINT_EVERY_COMMITS, a checkpoint (one at a time). */
  committed(): void {
    this.#commits++;
    if (this.#commits < CHECKPOINT_EVERY_COMMITS || this.#running || this.#closed) return;
    this.#commits = 0;
    this.checkpointNow();
  }

  checkpointNow(): void {
    if (this.#closed) return;
    this.#running = true;
    this.#worker.postMessage("checkpoint");
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const exited = new Promise((resolve) => this.#worker.once("exit", resolve));
    // Held while it closes: a CLI whose last work is closing the database must not exit meanwhile.
    this.#worker.ref();
    this.#worker.postMessage("close");
    await exited;
  }
}
