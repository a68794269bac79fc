import type { Generated, Insertable, Selectable } from "kysely";
import type { IsoInstant, JsonText } from "../columns";

/** What a job does (src/server/jobs/handlers.ts). */
export type JobKind =
  | "status-event"
  | "settle-payment"
  | "outcome-message"
  | "opening-events"
  | "ticket-events"
  | "print-ticket"
  | "bill-payment"
  | "waiter-call-event"
  | "payment-receipt-email"
  | "outcome-email";

/** PENDING until done; DEAD after the last allowed attempt failed (logged, kept for a person to read). */
export type JobState = "PENDING" | "DONE" | "DEAD";

/**
 * Work that follows a committed change: written in the change's own transaction,
 * run by the job worker of any API process that claims it (claimed_by, lease_until).
 */
export interface JobsTable {
  id: Generated<number>;
  kind: JobKind;
  order_id: number | null;
  payload: JsonText<unknown>;
  state: JobState;
  attempts: Generated<number>;
  /** Not run before this instant (the backoff after a failure). */
  run_after: IsoInstant;
  /** The worker that holds it, until lease_until; after that any worker may take it over. */
  claimed_by: string | null;
  lease_until: IsoInstant | null;
  last_error: string | null;
  created_at: IsoInstant;
  done_at: IsoInstant | null;
}

export type JobRow = Selectable<JobsTable>;
export type NewJobRow = Insertable<JobsTable>;
