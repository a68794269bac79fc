/**
 * `npm run backup -- --out FILE`: a consistent copy of the configured database while the server
 * runs: the SQLite file in DATA_DIR through SQLite's backup API (a file whose integrity_check is
 * ok), or, with DATABASE_URL set, pg_dump's custom format. FILE is replaced only once the new copy
 * is complete and checked. Exit status 0 when written, 1 when it failed, 2 on wrong usage.
 */
import path from "node:path";
import { readConfig } from "../config";
import { databaseTarget, maskPassword } from "../db/database";
import { runCli } from "../venue/run-cli";
import { BackupError } from "./backup-error";
import { backupPostgres } from "./postgres-backup";
import { backupSqlite } from "./sqlite-backup";

const USAGE = "usage: npm run backup -- --out FILE";

/** FILE from `--out FILE` or `--out=FILE`; undefined when absent. */
export function outFileOf(args: readonly string[]): string | undefined {
  const index = args.indexOf("--out");
  if (index !== -1) return args[index + 1];
  return args.find((arg) => arg.startsWith("--out="))?.slice("--out=".length) || undefined;
}

async function main(args: string[]): Promise<number> {
  const out = outFileOf(args);
  if (out === undefined || args.includes("--help")) {
    process.stderr.write(`${USAGE}\n`);
    return args.includes("--help") ? 0 : 2;
  }
  // npm runs scripts in the project's directory; a relative FILE is where the command was typed.
  const outFile = path.resolve(process.env.INIT_CWD ?? process.cwd(), out);
  const config = readConfig();
  const target = databaseTarget(config.databaseUrl, config.dataDir);
  const started = Date.now();
  try {
    if (target.kind === "sqlite") {
      const summary = await backupSqlite(target.file, outFile);
      process.stdout.write(
        `backup of ${target.file} written to ${summary.file}: ${summary.bytes} bytes, ${summary.orders} orders, integrity ok, in ${Date.now() - started} ms\n`,
      );
    } else {
      const summary = await backupPostgres(target.url, outFile);
      process.stdout.write(
        `pg_dump of ${maskPassword(target.url)} written to ${summary.file}: ${summary.bytes} bytes, in ${Date.now() - started} ms\n`,
      );
    }
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    process.stderr.write(`backup failed: ${error.message}\n`);
    return 1;
  }
  return 0;
}

runCli(() => main(process.argv.slice(2)));
