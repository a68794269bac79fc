/** A failed load: what failed, the server's reason in the guest's language, and a retry. */
import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { type ErrorText, renderErrorText } from "../../api/error-catalogue";

export function ErrorWithRetry({
  error,
  onRetry,
  children,
}: {
  error: ErrorText;
  onRetry: () => void;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  return (
    <div className="load-error card" role="alert">
      <p>
        {children} {renderErrorText(error, (descriptor) => i18n._(descriptor))}
      </p>
      <button type="button" className="button" onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
