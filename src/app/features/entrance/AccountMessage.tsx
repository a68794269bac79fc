/** A success or error line of an accounts form, announced to screen readers as it changes. */
import { useLingui } from "@lingui/react";
import { type ErrorText, renderErrorText } from "../../api/error-catalogue";

export interface AccountMessageValue {
  tone: "error" | "success";
  text: ErrorText;
}

export function AccountMessage({ message }: { message: AccountMessageValue | null }) {
  const { i18n } = useLingui();
  // The live region stays mounted so a new message is announced; only its content changes.
  return (
    <div role={message?.tone === "error" ? "alert" : "status"}>
      {message && (
        <p className={`account-message account-message--${message.tone}`}>
          {renderErrorText(message.text, (descriptor) => i18n._(descriptor))}
        </p>
      )}
    </div>
  );
}
