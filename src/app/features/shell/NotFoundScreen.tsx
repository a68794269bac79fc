import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { usePageTitle } from "./use-page-title";

/** Unknown address, malformed id, or a table/service the venue does not have. */
export function NotFoundScreen() {
  const { t } = useLingui();
  usePageTitle(t`Page not found`);
  return (
    <section className="page status-screen" aria-labelledby="not-found-title">
      <svg className="status-screen__art" viewBox="0 0 120 96" width="120" height="96" aria-hidden="true">
        <circle cx="60" cy="48" r="44" fill="var(--sand-100)" />
        <path d="M28 70h64" stroke="var(--sand-300)" strokeWidth="6" strokeLinecap="round" />
        <path d="M60 70V30" stroke="var(--ink-600)" strokeWidth="4" strokeLinecap="round" />
        <path d="M34 34a26 14 0 0152 0z" fill="var(--sea-600)" />
        <text x="60" y="60" textAnchor="middle" fontSize="14" fontWeight="700" fill="var(--ink-700)">
          ?
        </text>
      </svg>
      <h1 id="not-found-title">
        <Trans>We could not find this page</Trans>
      </h1>
      <p className="page__lead">
        <Trans>
          The link may be incomplete, or this table is no longer in use. Scan the QR code on your table, umbrella or
          room again.
        </Trans>
      </p>
      <Link to="/" className="button">
        <Trans>Go to the start page</Trans>
      </Link>
    </section>
  );
}
