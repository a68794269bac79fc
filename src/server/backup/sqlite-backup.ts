/**
 * The SQLite side of `npm run backup` and `npm run restore`.
 * - Backup: SQLite's online backup API (better-sqlite3's db.backup) from a read-only connection,
 *   while the server keeps writing. All pages are copied in one step, which reads one snapshot of
 *   the database (a WAL read transaction): the copy is consistent, holds every transaction
 *   committed before the step began, and never waits for the server or makes it wait. The copy is
 *   written beside the target, checked (integrity_check, the orders table), switched from WAL to a
 *   self-contained rollback-journal file, synced, and only then renamed to the target name.
 * - Restore: into a data directory without a database only (an existing one is never
 *   overwritten); the backup is checked first, then copied in the same write-then-rename way.
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readSync, renameSync, rmSync, statSync } from "node:fs";
import { copyFile } from "node:fs/promises";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { SQLITE_FILE_NAME } from "../db/database";
import { BackupError } from "./backup-error";

export interface SqliteBackupSummary {
  file: string;
  bytes: number;
  orders: number;
}

/** The first bytes of every SQLite database file. */
const SQLITE_MAGIC = "SQLite format 3\0";

export function isSqliteFile(file: string): boolean {
  const fd = openSync(file, "r");
  try {
    const head = Buffer.alloc(SQLITE_MAGIC.length);
    const read = readSync(fd, head, 0, head.length, 0);
    return read === head.length && head.toString("latin1") === SQLITE_MAGIC;
  } finally {
    closeSync(fd);
  }
}

/** integrity_check is ok and the orders table is there; returns the number of orders. */
export function checkSqliteCopy(file: string): number {
  const copy = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = copy.pragma("integrity_check", { simple: true });
    if (integrity !== "ok") throw new BackupError(`${file}: integrity_check says ${String(integrity)}`);
    const table = copy.prepare("select name from sqlite_master where type = 'table' and name = 'orders'").get();
    if (table === undefined) throw new BackupError(`${file}: no orders table; is it a backup of this server?`);
    return Number((copy.prepare("select count(*) as count from orders").get() as { count: number }).count);
  } finally {
    copy.close();
  }
}

function syncFile(file: string): void {
  const fd = openSync(file, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The rename of a finished file survives a power cut only once its directory is synced too. */
function syncDirectory(directory: string): void {
  syncFile(directory);
}

function partialName(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.partial-${process.pid}`);
}

export async function backupSqlite(databaseFile: string, outFile: string): Promise<SqliteBackupSummary> {
  if (!existsSync(databaseFile)) {
    throw new BackupError(`no database at ${databaseFile}: check DATA_DIR (or set DATABASE_URL for PostgreSQL)`);
  }
  mkdirSync(path.dirname(outFile), { recursive: true });
  const partial = partialName(outFile);
  rmSync(partial, { force: true });
  const source = new SqliteDatabase(databaseFile, { readonly: true, fileMustExist: true });
  try {
    // The server's busy_timeout: a read waits for a moment's lock (a checkpoint's) instead of failing.
    source.pragma("busy_timeout = 5000");
    // After the first 100 pages, everything left in one step: a step reads one snapshot, and
    // another connection's commit between steps would restart the copy, for ever under load.
    await source.backup(partial, { progress: ({ totalPages }) => Math.max(totalPages, 100) });
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    source.close();
  }
  try {
    // One self-contained file: a copy in WAL mode would want a -wal file beside it wherever it is opened.
    const copy = new SqliteDatabase(partial, { fileMustExist: true });
    try {
      copy.pragma("journal_mode = DELETE");
    } finally {
      copy.close();
    }
    const orders = checkSqliteCopy(partial);
    syncFile(partial);
    renameSync(partial, outFile);
    syncDirectory(path.dirname(outFile));
    return { file: outFile, bytes: statSync(outFile).size, orders };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

export async function restoreSqlite(backupFile: string, dataDir: string): Promise<SqliteBackupSummary> {
  const target = path.join(dataDir, SQLITE_FILE_NAME);
  for (const existing of [target, `${target}-wal`, `${target}-journal`]) {
    if (existsSync(existing)) {
      throw new BackupError(
        `${existing} exists: restore only into an empty data directory, so no database is overwritten. Stop the server, move the data directory away (or point DATA_DIR at a new one) and run the restore again.`,
      );
    }
  }
  if (!existsSync(backupFile)) throw new BackupError(`${backupFile}: no such file`);
  if (!isSqliteFile(backupFile)) {
    throw new BackupError(`${backupFile} is not an SQLite backup (a PostgreSQL one is restored with DATABASE_URL set)`);
  }
  const orders = checkSqliteCopy(backupFile);
  mkdirSync(dataDir, { recursive: true });
  const partial = partialName(target);
  try {
    await copyFile(backupFile, partial);
    syncFile(partial);
    renameSync(partial, target);
    syncDirectory(dataDir);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return { file: target, bytes: statSync(target).size, orders };
}
