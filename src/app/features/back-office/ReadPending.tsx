/** What a back-office screen shows until its first read arrives: loading, or the error with a retry. */
import { Trans } from "@lingui/react/macro";
import type { ErrorText } from "../../api/error-catalogue";
import { AccountMessage } from "../entrance/AccountMessage";

export function ReadPending({ error, onRetry }: { error: ErrorText | null; onRetry: () => void }) {
  return (
    <div aria-busy={error === null}>
      {error === null ? (
        <p>
          <Trans>Loading…</Trans>
        </p>
      ) : (
        <>
          <AccountMessage message={{ tone: "error", text: error }} />
          <button type="button" className="button" onClick={onRetry}>
            <Trans>Try again</Trans>
          </button>
        </>
      )}
    </div>
  );
}
