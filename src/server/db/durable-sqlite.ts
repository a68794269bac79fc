/**
 * The SQLite dialect the server runs on (issue 13 item 5; ARCHITECTURE.md "The write path"):
 * Kysely's SqliteDialect with
 * - statements prepared once (statement-cache.ts), and
 * - group commit (durability-barrier.ts): the connection is given back to the next request as
 *   soon as a statement or transaction that wrote is done, and only then does the caller wait,
 *   off the event loop, for a sync of the -wal file covering every commit made so far.
 * A read does not wait (a request's reads would each wait for a sync under load); instead every
 * HTTP answer waits for the commits made before it is sent (`whenCommitsDurable`, plugins/
 * durable-answers.ts), so nothing another request committed (a stored answer replayed, a status)
 * is shown before it is durable. With nothing pending either wait costs a comparison.
 */
import { closeSync, fdatasync, fsyncSync, openSync } from "node:fs";
import path from "node:path";
import type BetterSqlite3 from "better-sqlite3";
import { type Driver, SqliteDialect, SqliteDriver } from "kysely";
import { DurabilityBarrier } from "./durability-barrier";
import { StatementCache } from "./statement-cache";
import { WalCheckpointer } from "./wal-checkpointer";

export interface DurableSqlite {
  dialect: SqliteDialect;
  statements: StatementCache;
  barrier: DurabilityBarrier;
  checkpointer: WalCheckpointer;
}

/**
 * `connection` must be open on `file` in WAL mode with synchronous=NORMAL and wal_autocheckpoint=0
 * (checkpoints run on their own thread: wal-checkpointer.ts) and have read once (which creates
 * the -wal file).
 */
export function durableSqlite(connection: BetterSqlite3.Database, file: string): DurableSqlite {
  const walFd = openSync(`${file}-wal`, "r");
  // SQLite makes a new -wal file's directory entry durable on its first sync, which NORMAL mode
  // leaves to the checkpoint: done here, once, so the file the barrier syncs is findable after a
  // power cut. (It stays while the server holds the database open: SQLite deletes it only when
  // the last connection closes, and never truncates it without journal_size_limit.)
  const dirFd = openSync(path.dirname(file), "r");
  try {
    fsyncSync(dirFd);
  } finally {
    closeSync(dirFd);
  }
  const statements = new StatementCache(connection);
  const barrier = new DurabilityBarrier(
    () => new Promise((resolve, reject) => fdatasync(walFd, (error) => (error ? reject(error) : resolve()))),
  );
  const checkpointer = new WalCheckpointer(file);
  openBarriers.add(barrier);
  const dialect = new DurableSqliteDialect(statements, barrier, checkpointer, async () => {
    // A sync still running needs the file descriptor; a failure was already told to its waiters.
    await barrier.durable().catch(() => undefined);
    openBarriers.delete(barrier);
    await checkpointer.close();
    closeSync(walFd);
  });
  return { dialect, statements, barrier, checkpointer };
}

/** The barriers of the SQLite databases open in this process (one in the server). */
const openBarriers = new Set<DurabilityBarrier>();

/**
 * null when every commit of every open SQLite database is on disk (the common case, no promise
 * made); else a promise that resolves when the commits made so far are.
 */
export function whenCommitsDurable(): Promise<void> | null {
  const waits: Promise<void>[] = [];
  for (const barrier of openBarriers) {
    if (barrier.pending) waits.push(barrier.durable());
  }
  return waits.length === 0 ? null : Promise.all(waits).then(() => undefined);
}

class DurableSqliteDialect extends SqliteDialect {
  constructor(
    private readonly statements: StatementCache,
    private readonly barrier: DurabilityBarrier,
    private readonly checkpointer: WalCheckpointer,
    private readonly onDestroy: () => Promise<void>,
  ) {
    super({ database: statements });
  }

  override createDriver(): Driver {
    return new DurableSqliteDriver(this.statements, this.barrier, this.checkpointer, this.onDestroy);
  }
}

class DurableSqliteDriver extends SqliteDriver {
  constructor(
    private readonly statements: StatementCache,
    private readonly barrier: DurabilityBarrier,
    private readonly checkpointer: WalCheckpointer,
    private readonly onDestroy: () => Promise<void>,
  ) {
    super({ database: statements });
  }

  override async releaseConnection(): Promise<void> {
    // Kysely releases after a transaction's COMMIT (or ROLLBACK), or after a statement on its own.
    const wrote = this.statements.takeWrites();
    if (wrote !== "none") this.checkpointer.committed();
    // Advisory rows alone (rate limits, a job's state; statement-cache.ts): no wait of their own.
    if (wrote === "durable") this.barrier.committed();
    await super.releaseConnection();
    // The next request may run while this one waits: the commits made meanwhile share a sync.
    if (wrote === "durable") await this.barrier.durable();
  }

  override async destroy(): Promise<void> {
    // The checkpointer's connection first: then the server's, the last, checkpoints everything.
    await this.onDestroy();
    await super.destroy();
  }
}
