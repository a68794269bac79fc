/**
 * A route's data could not be loaded. Offline (no answer) and server errors read differently, and
 * both offer a retry, because on beach Wi-Fi the next attempt often works. Loaded only when shown
 * (ErrorScreen.tsx), with the error catalogue's texts in the "screens" catalog.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useRouter } from "@tanstack/react-router";
import { ApiError, NETWORK_ERROR, UNKNOWN_ERROR } from "../../api/api-error";
import { errorText } from "../../api/error-catalogue";
import { usePageTitle } from "./use-page-title";

export function DataErrorScreen({ error }: { error: unknown }) {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const apiError = error instanceof ApiError ? error : new ApiError(UNKNOWN_ERROR, String(error), 500);
  const offline = apiError.code === NETWORK_ERROR;
  const text = errorText(apiError);
  const requestId = apiError.requestId;
  usePageTitle(offline ? t`No connection` : t`Something went wrong`);

  return (
    <section className="page status-screen" aria-labelledby="error-title">
      <svg className="status-screen__art" viewBox="0 0 120 96" width="120" height="96" aria-hidden="true">
        <circle cx="60" cy="48" r="44" fill="var(--sand-100)" />
        {offline ? (
          <path
            d="M30 44a42 42 0 0160 0M40 55a28 28 0 0140 0M50 66a14 14 0 0120 0M36 28l50 50"
            fill="none"
            stroke="var(--sea-600)"
            strokeWidth="6"
            strokeLinecap="round"
          />
        ) : (
          <path d="M60 26v30M60 68v2" stroke="var(--coral-700)" strokeWidth="8" strokeLinecap="round" />
        )}
      </svg>
      <h1 id="error-title">{offline ? <Trans>No connection</Trans> : <Trans>Something went wrong</Trans>}</h1>
      <p className="page__lead">
        {offline ? (
          <Trans>We could not reach the venue. Check your Wi-Fi or mobile data and try again.</Trans>
        ) : "verbatim" in text ? (
          text.verbatim
        ) : (
          i18n._(text.descriptor)
        )}
      </p>
      <button type="button" className="button" onClick={() => void router.invalidate()}>
        <Trans>Try again</Trans>
      </button>
      {requestId !== null && (
        // What a guest reads out when reporting the problem: the server's log is searched by it.
        <p className="status-screen__request-id">
          <Trans>Request id: {requestId}</Trans>
        </p>
      )}
    </section>
  );
}
