/**
 * The SQLite dialect the server runs on (ARCHITECTURE.md "The write path"):
 * Kysely's SqliteDialect with
 * - statements prepared once (statement-cache.ts), and
 * - group commit (durability-barrier.ts): the connection is given back to the next request as
 *   soon as a statement or transaction that wrote is done, and only then does the caller wait,
 *   off the event loop, for a sync of the -wal file covering every commit made so far;
 * - the transactions made meanwhile batched into one SQLite transaction (the driver below), whose
 *   one COMMIT runs when the sync now running ends: they share its pages as well as its sync.
 * A read does not wait (a request's reads would each wait for a sync under load); instead every
 * HTTP answer waits for the commits made before it is sent (`whenCommitsDurable`, plugins/
 * durable-answers.ts), so nothing another request committed (a stored answer replayed, a status)
 * is shown before it is durable. With nothing pending either wait costs a comparison.
 */
import { closeSync, fdatasync, fsyncSync, openSync } from "node:fs";
import path from "node:path";
import type BetterSqlite3 from "better-sqlite3";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  SqliteDialect,
  SqliteDriver,
} from "kysely";
import { DurabilityBarrier } from "./durability-barrier";
import { LiteralLimitSqliteQueryCompiler } from "./sqlite-query-compiler";
import { StatementCache, WEIGHT, type Writes } from "./statement-cache";
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

/** Whether a commit of an open SQLite database is not yet on disk (whenCommitsDurable would wait). */
export function commitsPending(): boolean {
  for (const barrier of openBarriers) if (barrier.pending) return true;
  return false;
}

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

  override createQueryCompiler(): QueryCompiler {
    return new LiteralLimitSqliteQueryCompiler();
  }
}

/** One outer transaction that the transactions of one turn of the event loop share (see the driver). */
interface Batch {
  wrote: Writes;
  /** Settles when the batch's COMMIT has run (or failed): a member's answer waits for it, then for the sync. */
  committed: Promise<void>;
  resolve: () => void;
  reject: (error: Error) => void;
}

// IMMEDIATE: the write lock at once; a deferred BEGIN whose batch first read could not write later if
// another process (the import CLI) committed meanwhile.
const BEGIN = CompiledQuery.raw("begin immediate");
const COMMIT = CompiledQuery.raw("commit");
const ROLLBACK = CompiledQuery.raw("rollback");
const SAVEPOINT = CompiledQuery.raw("savepoint batch_member");
const RELEASE = CompiledQuery.raw("release batch_member");
const ROLLBACK_TO = CompiledQuery.raw("rollback to batch_member");

/**
 * Transactions batched into one SQLite transaction: a transaction opens the
 * batch (BEGIN) or joins the open one, and runs as a SAVEPOINT in it; its COMMIT releases the
 * savepoint, its ROLLBACK rolls back to it and leaves the others. The batch's one COMMIT runs once
 * the sync now running has ended (a commit made during it would wait for the next sync anyway),
 * or on the next turn of the event loop when none runs, so under a full beach the orders of a few
 * milliseconds share one commit: the pages they share (the last leaves of the order tables and
 * their indexes) are written once, not once per order, and a COMMIT's own cost is paid once.
 * Each member is answered only after that COMMIT and a sync covering it. If the batch fails (its
 * COMMIT, or an error SQLite ends the whole transaction with), every member's wait fails: a 500,
 * and nothing of it was committed (an order's key neither), so a retry places it. A deferred
 * foreign key left broken by one member fails the batch's COMMIT so (the venue import, the one
 * writer that could, checks those ids itself first and runs in its own process).
 * What runs on the connection meanwhile (a read, a statement of its own) runs in the batch and
 * sees it, as it saw a commit not yet synced; answers wait for the batch (`whenCommitsDurable`).
 */
class DurableSqliteDriver extends SqliteDriver {
  #batch: Batch | null = null;
  #commitScheduled = false;

  constructor(
    private readonly statements: StatementCache,
    private readonly barrier: DurabilityBarrier,
    private readonly checkpointer: WalCheckpointer,
    private readonly onDestroy: () => Promise<void>,
  ) {
    super({ database: statements });
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.#batch === null) {
      await connection.executeQuery(BEGIN);
      this.#batch = openBatch();
    }
    await connection.executeQuery(SAVEPOINT);
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(RELEASE);
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    // An error SQLite ends the whole transaction with (a full disk, say) took the batch with it.
    if (!this.statements.database.inTransaction) return;
    await connection.executeQuery(ROLLBACK_TO);
    await connection.executeQuery(RELEASE);
  }

  override async releaseConnection(): Promise<void> {
    // Kysely releases after a transaction's COMMIT (or ROLLBACK), or after a statement on its own.
    const wrote = this.statements.takeWrites();
    const batch = this.#batch;
    if (batch === null) {
      // A statement on its own, committed by itself.
      if (wrote !== "none") this.checkpointer.committed();
      if (wrote === "durable") this.barrier.committed();
    } else if (!this.statements.database.inTransaction) {
      // An error SQLite ends the whole transaction with (a full disk, say): nothing in it is kept.
      this.#batch = null;
      batch.reject(new Error("SQLite rolled back the batch of transactions"));
    } else {
      if (wrote === "durable" && batch.wrote !== "durable") this.barrier.commitComing(batch.committed);
      if (WEIGHT[wrote] > WEIGHT[batch.wrote]) batch.wrote = wrote;
      this.#scheduleCommit();
    }
    await super.releaseConnection();
    // The next request may run while this one waits: the commits made meanwhile share a sync.
    if (wrote === "durable") await this.barrier.durable();
  }

  #scheduleCommit(): void {
    if (this.#commitScheduled) return;
    this.#commitScheduled = true;
    void this.barrier.syncEnded.then(() => setImmediate(() => void this.#commitBatch()));
  }

  /** The batch's COMMIT, once the connection is free (a member may be halfway through). */
  async #commitBatch(): Promise<void> {
    const connection = await super.acquireConnection();
    this.#commitScheduled = false;
    const batch = this.#batch;
    this.#batch = null;
    try {
      if (batch === null) return;
      if (!this.statements.database.inTransaction) throw new Error("SQLite rolled back the batch of transactions");
      try {
        await connection.executeQuery(COMMIT);
      } catch (error) {
        if (this.statements.database.inTransaction) await connection.executeQuery(ROLLBACK);
        throw error;
      }
      if (batch.wrote !== "none") this.checkpointer.committed();
      if (batch.wrote === "durable") this.barrier.committed();
      batch.resolve();
    } catch (error) {
      batch?.reject(error instanceof Error ? error : new Error(String(error)));
    } finally {
      await super.releaseConnection();
    }
  }

  override async destroy(): Promise<void> {
    if (this.#batch !== null) await this.#commitBatch();
    // The checkpointer's connection first: then the server's, the last, checkpoints everything.
    await this.onDestroy();
    await super.destroy();
  }
}

function openBatch(): Batch {
  let resolve = () => {};
  let reject: (error: Error) => void = () => {};
  const committed = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A batch of advisory writes only has nobody waiting for it.
  committed.catch(() => undefined);
  return { wrote: "none", committed, resolve, reject };
}
