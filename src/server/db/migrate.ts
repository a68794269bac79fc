import { type Kysely, type MigrationResultSet, Migrator } from "kysely";
import { migrationsFor } from "./migrations";
import type { Database, DialectName } from "./schema";

export class MigrationError extends Error {
  override name = "MigrationError";
}

/**
 * Brings the database to the latest schema. Safe to run from several processes at once: Kysely's
 * Migrator takes a lock (an advisory lock on PostgreSQL) around the run.
 */
export async function migrateToLatest(db: Kysely<Database>, dialect: DialectName): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrationsFor(dialect) },
  });
  const outcome = await migrator.migrateToLatest();
  if (outcome.error !== undefined) {
    const failed = outcome.results?.find((r) => r.status === "Error")?.migrationName ?? "(before any migration ran)";
    throw new MigrationError(`migration ${failed} failed: ${messageOf(outcome.error)}`, { cause: outcome.error });
  }
  return outcome;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
