/**
 * Migration 023: a service paused now by the venue ("kitchen closed for 30 minutes"): since when
 * (null: not paused), until when (null with a start: until someone resumes it) and the reason
 * guests read, as typed (one language). ISO 8601 text, like every instant of the schema; the pause
 * ends by itself because readers compare `paused_until` with their own now.
 */
import type { Kysely, Migration } from "kysely";

export function servicePauseSchema(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
    async up(db: Kysely<any>) {
      await db.schema.alterTable("services").addColumn("paused_at", "text").execute();
      await db.schema.alterTable("services").addColumn("paused_until", "text").execute();
      await db.schema.alterTable("services").addColumn("pause_reason", "text").execute();
    },
  };
}
