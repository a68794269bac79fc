/**
 * A placement's daily number on PostgreSQL (orders.repository.ts drawDailyNumber):
 * drawn on the advisory connections in a commit of its own, so the store's counter is not locked
 * until the placement commits. PostgreSQL only: on SQLite it is drawn in the placement's
 * transaction, and one connection runs one transaction at a time.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { importFixture } from "../../test-support/seed";
import { setUpTestDatabase, testAdvisoryDb, testDialect } from "../../test-support/test-database";
import { drawDailyNumber } from "./orders.repository";

const database = setUpTestDatabase();
const STORE_ID = 1;

/** Rejects when `work` has not settled within `ms`: a draw held back by another's lock. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms)),
  ]);
}

describe.skipIf(testDialect() !== "postgres")(
  "daily numbers on PostgreSQL (PostgreSQL only, skipped on SQLite)",
  () => {
    beforeAll(async () => {
      await importFixture(database.db);
    });

    it("a placement whose transaction is still open does not hold back the next placement's number", async () => {
      const advisory = testAdvisoryDb(database.db);
      expect(advisory).toBeDefined();
      const day = "2026-07-01";
      await database.db.transaction().execute(async (first) => {
        const mine = await drawDailyNumber(first, advisory, STORE_ID, day);
        // Another placement of the same store and day, on another connection, before this one commits.
        const next = await within(
          2_000,
          database.db.transaction().execute((second) => drawDailyNumber(second, advisory, STORE_ID, day)),
        );
        expect(next).toBe(mine + 1);
      });
    });

    it("a number drawn by a placement that fails stays used (a gap), never given out twice", async () => {
      const advisory = testAdvisoryDb(database.db);
      const day = "2026-07-02";
      let failed = 0;
      await expect(
        database.db.transaction().execute(async (trx) => {
          failed = await drawDailyNumber(trx, advisory, STORE_ID, day);
          throw new Error("the placement failed after its draw");
        }),
      ).rejects.toThrow("failed after its draw");
      const next = await database.db.transaction().execute((trx) => drawDailyNumber(trx, advisory, STORE_ID, day));
      expect(next).toBe(failed + 1);
    });
  },
);
