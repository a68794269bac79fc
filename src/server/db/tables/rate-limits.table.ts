import type { Generated, Insertable, Selectable } from "kysely";
import type { IsoInstant } from "../columns";

/**
 * Sliding-window limits kept in the database, so they hold across API processes on PostgreSQL.
 * rate_limit_keys has one row per limited thing (a phone number, a store's PIN pad ...): taking
 * it with an upsert locks it, which serializes the count-then-insert of concurrent requests.
 */
export interface RateLimitKeysTable {
  key: string;
  touched_at: IsoInstant;
}

/** One row per counted attempt (a code sent, a PIN tried). */
export interface RateLimitEventsTable {
  id: Generated<number>;
  key: string;
  created_at: IsoInstant;
}

export type RateLimitEventRow = Selectable<RateLimitEventsTable>;
export type NewRateLimitEventRow = Insertable<RateLimitEventsTable>;
