/**
 * The demo venues (venues/demo/*.json), imported when the server starts on a database without
 * any store, so `npm start` on a fresh clone shows working menus.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import { countStores } from "../db/repositories/store.repository";
import type { Database } from "../db/schema";
import { formatIssue } from "../validation/issues";
import { type ImportOptions, type ImportSummary, importVenue } from "./import";
import { readVenueFile } from "./read-venue-file";
import { validateVenueFile } from "./validate";

export class DemoVenueError extends Error {
  override name = "DemoVenueError";
}

export async function listDemoVenueFiles(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => path.join(dir, name));
}

/**
 * Imports every demo file. All are checked first, so a broken file stops the load before any
 * store is written. Throws DemoVenueError listing every problem as `file: path: message`.
 */
export async function importDemoVenues(
  db: Kysely<Database>,
  dir: string,
  options: ImportOptions,
): Promise<ImportSummary[]> {
  const files = await listDemoVenueFiles(dir);
  const contents = await Promise.all(files.map(async (file) => ({ file, input: await readVenueFile(file) })));
  const problems = contents.flatMap(({ file, input }) => {
    const validation = validateVenueFile(input, options);
    return validation.ok ? [] : validation.issues.map((issue) => `${path.basename(file)}: ${formatIssue(issue)}`);
  });
  if (problems.length > 0) throw new DemoVenueError(`demo venues are invalid:\n${problems.join("\n")}`);

  const summaries: ImportSummary[] = [];
  for (const { file, input } of contents) {
    const outcome = await importVenue(db, input, options);
    if (!outcome.ok) {
      throw new DemoVenueError(`${path.basename(file)}: ${outcome.issues.map(formatIssue).join("; ")}`);
    }
    summaries.push(outcome.summary);
  }
  return summaries;
}

/** Imports the demo venues only into a database without any store; returns what it imported. */
export async function importDemoVenuesIfEmpty(
  db: Kysely<Database>,
  dir: string,
  options: ImportOptions,
): Promise<ImportSummary[]> {
  if ((await countStores(db)) > 0) return [];
  return importDemoVenues(db, dir, options);
}
