/**
 * The default e-mail provider: the message is stored in the outbox table and written to the log,
 * so a demo works without a mail server and a person running it can read what was "sent".
 * An SMTP provider will take rows from the same outbox.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { nowIso } from "../db/columns";
import { insertOutboxMessage } from "../db/repositories/outbox.repository";
import type { Database } from "../db/schema";
import type { OutboxRow } from "../db/tables/outbox.table";

export interface EmailMessage {
  to: string;
  subject: string;
  body: string;
  storeId: number | null;
}

export async function queueEmail(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  message: EmailMessage,
): Promise<OutboxRow> {
  const row = await insertOutboxMessage(db, {
    channel: "email",
    recipient: message.to,
    // A line break in a subject would let a sender add mail headers once SMTP delivers it.
    subject: message.subject.replace(/[\r\n]+/g, " "),
    body: message.body,
    store_id: message.storeId,
    created_at: nowIso(),
  });
  log.info(
    { outboxId: row.id, channel: row.channel, to: row.recipient, subject: row.subject, body: row.body },
    "e-mail stored in the outbox",
  );
  return row;
}
