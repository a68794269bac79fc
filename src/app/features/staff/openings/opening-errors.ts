/**
 * The words for a refused staff action (a table's, or the answer to a guest's call). A conflict with
 * details says who and when, as a waiter needs it ("This table was closed by Maria at 14:02"), or
 * how much; anything else reads as the catalogue says.
 */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { UiLanguage } from "../../../../domain/languages";
import { errorTextOf, renderErrorText } from "../../../api/error-catalogue";
import { formatAthensTime } from "../../../i18n/athens-date-time";
import { formatPrice } from "../../../i18n/money";

export function openingErrorText(error: unknown, i18n: I18n, language: UiLanguage): string {
  const details = (error as { details?: Record<string, string | number> } | null)?.details;
  const code = (error as { code?: string } | null)?.code;
  const byName = typeof details?.byName === "string" ? details.byName : "";
  const at = typeof details?.at === "string" && details.at !== "" ? formatAthensTime(details.at, language) : "";
  if (code === "OPENING_CLOSED" && byName !== "" && at !== "") {
    return i18n._(msg`This table was closed by ${byName} at ${at}`);
  }
  if (code === "LINE_ALREADY_SETTLED" && byName !== "" && at !== "") {
    return i18n._(msg`${byName} already settled an item at ${at}; check the table again`);
  }
  // Guests paid that much towards the table from their phones: the server keeps at least that much
  // open, so the waiter is told the sum and what to do instead.
  if (code === "ON_ACCOUNT_EXCEEDS_OPEN" && typeof details?.onAccountCents === "number") {
    const paid = formatPrice(details.onAccountCents, language);
    return i18n._(
      msg`Guests already paid ${paid} towards this table from their phones, so at least that much must stay open: settle fewer items, or close the table`,
    );
  }
  if (code === "CALL_ALREADY_ANSWERED" && byName !== "" && at !== "") {
    return i18n._(msg`${byName} answered it at ${at}`);
  }
  // Only one of the chosen lines changed (the rest of the table may well have too, harmlessly).
  if (code === "OPENING_CHANGED" && details?.lineId !== undefined) {
    return i18n._(
      msg`An item you chose changed meanwhile (part of it was settled, or it moved); check the table again`,
    );
  }
  return renderErrorText(errorTextOf(error), (descriptor) => i18n._(descriptor));
}
