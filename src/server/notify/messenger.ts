/**
 * Messages the product sends to people: SMS, voice calls and e-mail (design.md "Outside parts").
 * Each channel has a provider chosen by configuration (./create-messenger.ts): the outbox by
 * default, SMTP for e-mail, a Twilio-shaped HTTP API for SMS and calls.
 */

/** A sentence a call says, in one language (a BCP 47 tag the voice provider knows). */
export interface SpokenText {
  language: "el-GR" | "en-US";
  text: string;
}

export type OutgoingMessage = (
  | { channel: "sms"; to: string; text: string; storeId: number | null }
  | { channel: "call"; to: string; say: readonly SpokenText[]; storeId: number | null }
  | { channel: "email"; to: string; subject: string; text: string; storeId: number | null }
) & {
  /**
   * The job that sends it (an order's outcome, src/server/jobs): the outbox stores one message per
   * job id, so a job run twice sends once. Outside providers do not dedupe (at least once).
   */
  jobId?: number;
};

export type MessageChannel = OutgoingMessage["channel"];

export interface Messenger {
  /** Resolves once the provider accepted the message; rejects with MessengerError otherwise. */
  send(message: OutgoingMessage): Promise<void>;
  /** Releases connections (SMTP pools) when the server stops. */
  close?(): Promise<void>;
}

/** A provider refused or could not be reached. The message says which, never what was sent. */
export class MessengerError extends Error {
  override name = "MessengerError";
}

/** One messenger that hands each channel to its provider. */
export function messengerByChannel(providers: Readonly<Record<MessageChannel, Messenger>>): Messenger {
  const distinct = [...new Set(Object.values(providers))];
  return {
    send: (message) => providers[message.channel].send(message),
    close: async () => {
      await Promise.all(distinct.map((provider) => provider.close?.()));
    },
  };
}

/** The text a call says, as one string (for the outbox and logs of the demo). */
export function spokenAsText(say: readonly SpokenText[]): string {
  return say.map((part) => part.text).join("\n");
}
