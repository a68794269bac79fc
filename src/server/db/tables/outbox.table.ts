import type { Generated, Insertable, Selectable } from "kysely";
import type { IsoInstant } from "../columns";

export type OutboxChannel = "sms" | "call" | "email";

/**
 * Messages the product sends (SMS codes, voice calls, e-mails). The default provider only stores
 * them here and logs them, so a demo works without any outside service.
 */
export interface OutboxTable {
  id: Generated<number>;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
  store_id: number | null;
  created_at: IsoInstant;
  /** The job that stored this message (an order's outcome), unique: a job run twice stores it once. */
  job_id: Generated<number | null>;
}

export type OutboxRow = Selectable<OutboxTable>;
export type NewOutboxRow = Insertable<OutboxTable>;
