/**
 * `npm run restore -- FILE`: a backup of `npm run backup` into an empty data directory (DATA_DIR;
 * the server must not be running on it) or, with DATABASE_URL set, into an empty PostgreSQL
 * database (pg_restore). An existing database is never overwritten: the command refuses and says
 * what to do. Then start the server as usual; it migrates the restored database if it is older.
 * Exit status 0 when restored, 1 when refused or failed, 2 on wrong usage.
 */
import path from "node:path";
import { readConfig } from "../config";
import { databaseTarget, maskPassword } from "../db/database";
import { runCli } from "../venue/run-cli";
import { BackupError } from "./backup-error";
import { restorePostgres } from "./postgres-backup";
import { restoreSqlite } from "./sqlite-backup";

const USAGE = "usage: npm run restore -- FILE";

async function main(args: string[]): Promise<number> {
  const files = args.filter((arg) => !arg.startsWith("--"));
  if (files.length !== 1 || args.includes("--help")) {
    process.stderr.write(`${USAGE}\n`);
    return args.includes("--help") ? 0 : 2;
  }
  const backupFile = path.resolve(process.env.INIT_CWD ?? process.cwd(), files[0] ?? "");
  const config = readConfig();
  const target = databaseTarget(config.databaseUrl, config.dataDir);
  try {
    if (target.kind === "sqlite") {
      const summary = await restoreSqlite(backupFile, config.dataDir);
      process.stdout.write(`restored ${backupFile} to ${summary.file}: ${summary.orders} orders, integrity ok\n`);
    } else {
      await restorePostgres(backupFile, target.url);
      process.stdout.write(`restored ${backupFile} into ${maskPassword(target.url)}\n`);
    }
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    process.stderr.write(`restore refused: ${error.message}\n`);
    return 1;
  }
  return 0;
}

runCli(() => main(process.argv.slice(2)));
