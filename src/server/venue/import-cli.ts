/**
 * `npm run venue:import -- FILE...`: checks and imports venue files into the configured database
 * (DATABASE_URL, else the SQLite file in DATA_DIR), migrating it first. Each file replaces its
 * store's catalogue, or changes nothing when it has problems: those are printed on stderr as
 * `path: message` lines and the exit status is 1. A running server picks the change up within a second.
 */
import { readConfig } from "../config";
import { databaseTarget, openDatabase } from "../db/database";
import { migrateToLatest } from "../db/migrate";
import { PUBLIC_IMAGES_DIR, uploadsDirOf } from "../paths";
import { formatIssue } from "../validation/issues";
import { importVenue } from "./import";
import { describeImport } from "./import-summary";
import { readVenueFile, VenueFileReadError } from "./read-venue-file";
import { runCli } from "./run-cli";

const USAGE = "usage: npm run venue:import -- FILE [FILE...]";

async function main(files: string[]): Promise<number> {
  if (files.length === 0 || files.includes("--help") || files.includes("-h")) {
    process.stderr.write(`${USAGE}\n`);
    return files.length === 0 ? 2 : 0;
  }
  const config = readConfig();
  const { db, dialect, location } = openDatabase(databaseTarget(config.databaseUrl, config.dataDir));
  let failed = false;
  try {
    await migrateToLatest(db, dialect);
    for (const file of files) {
      let input: unknown;
      try {
        input = await readVenueFile(file);
      } catch (error) {
        if (!(error instanceof VenueFileReadError)) throw error;
        process.stderr.write(`${error.message}\n`);
        failed = true;
        continue;
      }
      const outcome = await importVenue(db, input, {
        imagesDir: PUBLIC_IMAGES_DIR,
        uploadsDir: uploadsDirOf(config.dataDir),
      });
      if (outcome.ok) {
        process.stdout.write(`${file}: ${describeImport(outcome.summary)} in ${location}\n`);
      } else {
        failed = true;
        const count = outcome.issues.length;
        process.stderr.write(`${file}: ${count} problem${count === 1 ? "" : "s"}, nothing imported\n`);
        for (const issue of outcome.issues) process.stderr.write(`${formatIssue(issue)}\n`);
      }
    }
  } finally {
    await db.destroy();
  }
  return failed ? 1 : 0;
}

runCli(() => main(process.argv.slice(2)));
