import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { databaseTarget, maskPassword, openDatabase, SQLITE_FILE_NAME } from "./database";

const dataDir = mkdtempSync(path.join(tmpdir(), "venue-db-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("database (issue Foundation §3: embedded SQLite under DATA_DIR, PostgreSQL by URL)", () => {
  it("an embedded SQLite file is created on first open, in WAL mode with synchronous=FULL and foreign keys on", async () => {
    const target = databaseTarget(null, path.join(dataDir, "fresh"));
    expect(target).toEqual({ kind: "sqlite", file: path.join(dataDir, "fresh", SQLITE_FILE_NAME) });
    const { db, dialect } = openDatabase(target);
    try {
      expect(dialect).toBe("sqlite");
      const pragma = async (name: string) =>
        Object.values((await sql.raw(`PRAGMA ${name}`).execute(db)).rows[0] as object)[0];
      expect(await pragma("journal_mode")).toBe("wal");
      expect(await pragma("synchronous")).toBe(2); // 2 = FULL: a committed order survives a power cut
      expect(await pragma("foreign_keys")).toBe(1);
    } finally {
      await db.destroy();
    }
  });

  it("a postgres:// URL selects PostgreSQL, and its password never reaches the logs", () => {
    expect(databaseTarget("postgres://app:secret@db:5432/venues", "./data")).toEqual({
      kind: "postgres",
      url: "postgres://app:secret@db:5432/venues",
    });
    expect(maskPassword("postgres://app:secret@db:5432/venues")).toBe("postgres://app:***@db:5432/venues");
  });
});
