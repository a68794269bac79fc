/**
 * The PostgreSQL side of `npm run backup` and `npm run restore`: pg_dump in its custom format (one
 * consistent snapshot of the database, compressed, restorable table by table) and pg_restore into
 * an empty database only. The client tools come with PostgreSQL (Debian: postgresql-client); their
 * major version must be at least the server's.
 */
import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { BackupError } from "./backup-error";

export interface PostgresBackupSummary {
  file: string;
  bytes: number;
}

/** The first bytes of a pg_dump custom-format archive. */
const ARCHIVE_MAGIC = "PGDMP";

function isArchive(file: string): boolean {
  const fd = openSync(file, "r");
  try {
    const head = Buffer.alloc(ARCHIVE_MAGIC.length);
    return readSync(fd, head, 0, head.length, 0) === head.length && head.toString("latin1") === ARCHIVE_MAGIC;
  } finally {
    closeSync(fd);
  }
}

/** Runs a client tool; its stderr is the error's message when it fails. */
function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new BackupError(`${command} not found: install PostgreSQL's client tools (Debian: postgresql-client)`)
          : error,
      ),
    );
    child.on("close", (code) =>
      code === 0 ? resolve(stdout) : reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

export async function backupPostgres(databaseUrl: string, outFile: string): Promise<PostgresBackupSummary> {
  mkdirSync(path.dirname(outFile), { recursive: true });
  const partial = path.join(path.dirname(outFile), `.${path.basename(outFile)}.partial-${process.pid}`);
  try {
    await run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${partial}`, databaseUrl]);
    const contents = await run("pg_restore", ["--list", partial]);
    if (!/ TABLE \S+ orders /.test(contents)) throw new BackupError(`the dump holds no orders table: ${databaseUrl}`);
    renameSync(partial, outFile);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return { file: outFile, bytes: statSync(outFile).size };
}

/** Tables outside PostgreSQL's own schemas: a database with any is not restored into. */
async function userTables(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ count: string }>(
      "select count(*) as count from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    return Number(result.rows[0]?.count ?? 0);
  } finally {
    await client.end();
  }
}

export async function restorePostgres(backupFile: string, databaseUrl: string): Promise<PostgresBackupSummary> {
  if (!existsSync(backupFile)) throw new BackupError(`${backupFile}: no such file`);
  if (!isArchive(backupFile)) {
    throw new BackupError(
      `${backupFile} is not a pg_dump archive (an SQLite backup is restored with DATABASE_URL unset, into DATA_DIR)`,
    );
  }
  const tables = await userTables(databaseUrl);
  if (tables > 0) {
    throw new BackupError(
      `the database of DATABASE_URL already has ${tables} tables: restore only into an empty database, so nothing is overwritten (createdb a new one and point DATABASE_URL at it)`,
    );
  }
  // One transaction: a restore that fails half-way leaves the database empty, not half-filled.
  await run("pg_restore", [
    "--no-owner",
    "--no-privileges",
    "--exit-on-error",
    "--single-transaction",
    `--dbname=${databaseUrl}`,
    backupFile,
  ]);
  return { file: backupFile, bytes: statSync(backupFile).size };
}
