/**
 * Database errors the application handles on purpose, recognised the same on both dialects.
 * Everything else is a bug or an outage and stays an exception.
 */

/** A unique index refused the write (PostgreSQL 23505; better-sqlite3 SQLITE_CONSTRAINT_UNIQUE). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null || !("code" in error)) return false;
  return error.code === "23505" || error.code === "SQLITE_CONSTRAINT_UNIQUE";
}
