/**
 * The default provider of every channel: the message is stored in the outbox table and written to
 * the server log, so the demo works without any outside service and a person running it can read
 * the code that was "sent". End-to-end tests read it back through GET /api/dev/outbox.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { insertOutboxMessageOnce } from "../db/repositories/outbox.repository";
import type { Database } from "../db/schema";
import type { Messenger, OutgoingMessage } from "./messenger";
import { spokenAsText } from "./messenger";

export function outboxMessenger(db: Kysely<Database>, log: FastifyBaseLogger, now: () => Date): Messenger {
  return {
    async send(message: OutgoingMessage) {
      const row = await insertOutboxMessageOnce(db, {
        channel: message.channel,
        recipient: message.to,
        // A line break in a subject would let a sender add mail headers once SMTP delivers it.
        subject: message.channel === "email" ? message.subject.replace(/[\r\n]+/g, " ") : null,
        body: message.channel === "call" ? spokenAsText(message.say) : message.text,
        store_id: message.storeId,
        created_at: now().toISOString(),
        job_id: message.jobId ?? null,
      });
      // A job that ran again: its message is stored already, send nothing more.
      if (row === undefined) return;
      // Deliberate: this provider exists so that a person running the demo can read what was
      // sent, one-time codes included. It is the only place where the server logs a code; the
      // SMTP and Twilio providers never do.
      log.info(
        { outboxId: row.id, channel: row.channel, to: row.recipient, subject: row.subject, body: row.body },
        "message stored in the outbox (demo delivery)",
      );
    },
  };
}
