/**
 * Whose claim is an Idempotency-Key's IN_FLIGHT row, and is that process still running?
 *
 * A card order claims its key in a commit of its own before the card is authorized
 * (idempotency.ts `claimFirst`); a process killed between that claim and the order's commit leaves
 * it IN_FLIGHT. The claim names the process that made it, so the guest's retry takes it over as
 * soon as that process is known to be gone, instead of answering 409 REQUEST_IN_PROGRESS until the
 * claim is STALE_CLAIM_MS old (the rule that still covers a claim without a name, and a process
 * whose liveness cannot be told).
 *
 * Taking over the claim of a process that is in fact still running is safe, only wasteful: the
 * finishing update checks the claim's stamp, so exactly one of the two commits the order (the other
 * rolls back and answers 409), and the provider authorizes once per Idempotency-Key.
 */
import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema";

export interface ClaimOwners {
  /** This process's name, written on every claim it makes. */
  readonly self: string;
  /** True when the process named `owner` is known not to be running any more. */
  isGone(owner: string): Promise<boolean>;
}

/**
 * SQLite: one server process per database file (its order events are in-process too), so a claim
 * named after another process was made by an earlier run of the server, killed since.
 */
export function singleProcessOwners(self: string = randomUUID()): ClaimOwners {
  return { self, isGone: async (owner) => owner !== self };
}

/**
 * PostgreSQL: several API processes may share the database. Each keeps a LISTEN connection open
 * while it runs (realtime/postgres-order-events.ts), named after the process (`application_name`),
 * and PostgreSQL ends a connection's session as soon as its process dies: a process with no
 * session of that name is gone. (While its LISTEN connection reconnects it looks gone too, which
 * is safe, see above.)
 */
export function postgresOwners(db: Kysely<Database>, self: string): ClaimOwners {
  return {
    self,
    async isGone(owner) {
      if (owner === self) return false;
      const { rows } = await sql<{ running: boolean }>`
        select exists (select 1 from pg_stat_activity where application_name = ${processApplicationName(owner)})
          as running`.execute(db);
      return rows[0]?.running === false;
    },
  };
}

/** The `application_name` of a process's LISTEN connection (PostgreSQL keeps 63 bytes of it). */
export function processApplicationName(processId: string): string {
  return `venue-api ${processId}`;
}
