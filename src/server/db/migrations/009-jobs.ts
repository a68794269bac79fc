/**
 * Migration 009 (durable after-commit work):
 * - jobs: the transactional outbox of work that follows a committed change (a status event, a card
 *   capture or void, the guest's outcome message). Written in the same transaction as the change,
 *   run by src/server/jobs/worker.ts, claimed with a lease so several API processes share it.
 * - outbox.job_id: the job an outcome message was stored for, unique, so a job run twice (a lease
 *   taken over, a crash after the insert) stores its message once.
 */
import type { ColumnDefinitionBuilder, Kysely, Migration } from "kysely";
import type { DialectName } from "../schema";

export function jobsSchema(dialect: DialectName): Migration {
  const generatedId = (c: ColumnDefinitionBuilder) =>
    dialect === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("jobs")
        .addColumn("id", "integer", generatedId)
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("order_id", "integer")
        .addColumn("payload", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("run_after", "text", (c) => c.notNull())
        .addColumn("claimed_by", "text")
        .addColumn("lease_until", "text")
        .addColumn("last_error", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("done_at", "text")
        .execute();
      await db.schema.createIndex("jobs_due").on("jobs").columns(["state", "run_after"]).execute();
      await db.schema.createIndex("jobs_done").on("jobs").columns(["kind", "done_at"]).execute();

      await db.schema.alterTable("outbox").addColumn("job_id", "integer").execute();
      await db.schema.createIndex("outbox_job_id").on("outbox").column("job_id").unique().execute();
    },
  };
}
