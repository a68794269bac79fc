/** The messenger the configuration asks for: outbox by default, SMTP and Twilio when configured. */
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { MessagingConfig } from "../config";
import type { Database } from "../db/schema";
import { type Messenger, messengerByChannel } from "./messenger";
import { outboxMessenger } from "./outbox";
import { smtpMessenger } from "./smtp";
import { twilioMessenger } from "./twilio";

export function createMessenger(
  config: MessagingConfig,
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  now: () => Date,
): Messenger {
  const outbox = outboxMessenger(db, log, now);
  const phone = config.sms.provider === "twilio" ? twilioMessenger(config.sms) : outbox;
  const email = config.email.provider === "smtp" ? smtpMessenger(config.email) : outbox;
  return messengerByChannel({ sms: phone, call: phone, email });
}
