/**
 * A part of the app that could not be loaded (spec §8 load error after 120 s): the code of a
 * screen failed or did not arrive. A retry loads the page again, which fetches every chunk anew
 * (a lazily loaded module that failed once is not fetched again in the same document).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { usePageTitle } from "./use-page-title";

export function LoadErrorScreen() {
  const { t } = useLingui();
  usePageTitle(t`The page could not be loaded`);
  return (
    <section className="page status-screen" aria-labelledby="load-error-title" role="alert">
      <h1 id="load-error-title">
        <Trans>The page could not be loaded</Trans>
      </h1>
      <p className="page__lead">
        <Trans>Check your connection and try again. Your cart and any order you sent are kept.</Trans>
      </p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        <Trans>Try again</Trans>
      </button>
    </section>
  );
}
