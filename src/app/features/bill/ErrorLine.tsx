/**
 * A refusal or failure on the bill screen in the guest's language (error-catalogue.ts), in an alert
 * region that stays mounted so each new message is announced. `extra` adds the facts the server
 * gave (what the table owes now).
 */
import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import { type ErrorText, renderErrorText } from "../../api/error-catalogue";

export function ErrorLine({ text, extra }: { text: ErrorText | null; extra?: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <div role="alert">
      {text && (
        <p className="bill-error" data-testid="bill-error">
          {renderErrorText(text, (descriptor) => i18n._(descriptor))}
          {extra && <> {extra}</>}
        </p>
      )}
    </div>
  );
}
