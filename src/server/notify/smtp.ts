/**
 * E-mail through an SMTP server (nodemailer), chosen by SMTP_URL, e.g.
 * smtps://user:password@mail.example.com:465 or smtp://127.0.0.1:2525. Only the e-mail channel.
 */
import nodemailer from "nodemailer";
import { type Messenger, MessengerError, type OutgoingMessage } from "./messenger";

export interface SmtpOptions {
  url: string;
  /** The From header, e.g. "Κύμα <no-reply@example.com>" (MAIL_FROM). */
  from: string;
}

/** Gives up on a silent server instead of holding the request (and the guest) for minutes. */
const TIMEOUT_MS = 15_000;

export function smtpMessenger(options: SmtpOptions): Messenger {
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  return {
    async send(message: OutgoingMessage) {
      if (message.channel !== "email") throw new MessengerError(`the SMTP provider cannot send a ${message.channel}`);
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject.replace(/[\r\n]+/g, " "),
          text: message.text,
        });
      } catch (error) {
        // The cause is kept for the log; nodemailer's messages name the server, not the content.
        throw new MessengerError("the SMTP server did not accept the e-mail", { cause: error });
      }
    },
    async close() {
      transport.close();
    },
  };
}
