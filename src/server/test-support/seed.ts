/** Imports fixture venues for route tests; fails the test loudly when the fixture is invalid. */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { FIXTURE_IMAGES_DIR, sampleVenue } from "../test-fixtures/venue";
import { formatIssue } from "../validation/issues";
import { type ImportSummary, importVenue } from "../venue/import";

export async function importFixture(db: Kysely<Database>, venue: unknown = sampleVenue()): Promise<ImportSummary> {
  const outcome = await importVenue(db, venue, { imagesDir: FIXTURE_IMAGES_DIR });
  if (!outcome.ok) throw new Error(`fixture venue is invalid:\n${outcome.issues.map(formatIssue).join("\n")}`);
  return outcome.summary;
}
