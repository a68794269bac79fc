/**
 * Group commit for SQLite (ARCHITECTURE.md "The write path"). SQLite runs with
 * journal_mode=WAL and synchronous=NORMAL: a COMMIT appends its frames to the -wal file and
 * returns without an fsync, so it does not stall the event loop. Before anything is answered, the
 * caller waits here until a sync of the -wal file that *started after* its commit has finished;
 * the sync runs on libuv's thread pool, and one sync covers every commit made before it started,
 * so the requests committing while a sync runs share the next one.
 *
 * A failed sync poisons the barrier: after an fsync error the kernel may have dropped the dirty
 * pages and marked them clean, so a later successful sync proves nothing. Every wait fails from
 * then on (the server answers 500 and must be restarted; SQLite's recovery then keeps exactly the
 * frames that reached the disk, none of which was acknowledged).
 */
export class DurabilityBarrier {
  /** Commits made so far (numbered from 1). */
  #committed = 0;
  /** Every commit up to this number is on disk. */
  #durable = 0;
  #syncing: Promise<void> | null = null;
  #failure: Error | null = null;
  #syncs = 0;
  /** The COMMIT of a batch holding durable writes, still to run (durable-sqlite.ts). */
  #coming: Promise<void> | null = null;

  constructor(private readonly sync: () => Promise<void>) {}

  /** A commit just returned: its bytes are in the operating system's cache, not yet on disk. */
  committed(): void {
    this.#committed++;
  }

  /** A batch holding durable writes will commit: waits first wait for that COMMIT (its failure fails them). */
  commitComing(commit: Promise<void>): void {
    this.#coming = commit;
    const done = () => {
      if (this.#coming === commit) this.#coming = null;
    };
    commit.then(done, done);
  }

  /** Resolves once every commit made before this call is on disk (at once when none is pending). */
  async durable(): Promise<void> {
    if (this.#coming !== null) await this.#coming;
    const target = this.#committed;
    while (this.#durable < target) {
      if (this.#failure !== null) throw this.#failure;
      this.#syncing ??= this.#startSync();
      await this.#syncing;
    }
  }

  /** Whether a commit is not yet known to be on disk. */
  get pending(): boolean {
    return this.#coming !== null || this.#durable < this.#committed;
  }

  /** Settles when the sync now running (if any) ends; a commit made before then waits for the next one anyway. */
  get syncEnded(): Promise<void> {
    return this.#syncing === null ? Promise.resolve() : this.#syncing.then(noop, noop);
  }

  /** How many commits were made (for tests: fewer than transactions when they were batched). */
  get commits(): number {
    return this.#committed;
  }

  /** How many syncs ran (for tests and the bench: fewer than commits when they were shared). */
  get syncs(): number {
    return this.#syncs;
  }

  #startSync(): Promise<void> {
    // Only commits made before the sync starts are sure to be covered by it.
    const covers = this.#committed;
    this.#syncs++;
    return this.sync()
      .then(
        () => {
          this.#durable = Math.max(this.#durable, covers);
        },
        (error: unknown) => {
          this.#failure = new Error("syncing the SQLite write-ahead log failed; restart the server", { cause: error });
          throw this.#failure;
        },
      )
      .finally(() => {
        this.#syncing = null;
      });
  }
}

function noop(): void {}
