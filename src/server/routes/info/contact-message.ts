/** The e-mail a contact-form submission becomes. */
import type { ContactRequest } from "../../../domain/api";
import type { Translations } from "../../../domain/languages";
import { fromJsonText } from "../../db/columns";
import type { StoreRow } from "../../db/tables/catalogue.tables";
import type { OutgoingMessage } from "../../notify/messenger";

export function contactEmail(
  form: ContactRequest,
  store: StoreRow | null,
  fallbackRecipient: string,
  sentAt: Date,
): OutgoingMessage & { channel: "email" } {
  const storeLine = store === null ? [] : [`Store: ${fromJsonText<Translations>(store.names).ENG.name} (${store.id})`];
  return {
    channel: "email",
    to: store === null ? fallbackRecipient : fromJsonText<{ email: string }>(store.contact).email,
    subject: `Contact form: ${form.name.trim()}`,
    text: [
      `From: ${form.name.trim()} <${form.email}>`,
      ...storeLine,
      `Sent: ${sentAt.toISOString()}`,
      "",
      form.message.trim(),
    ].join("\n"),
    storeId: store?.id ?? null,
  };
}
