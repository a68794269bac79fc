/**
 * The whole app as React renders it, in the browser and on the server alike: a server-rendered
 * page is hydrated by this same tree, so the two must not differ.
 */
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode, useEffect } from "react";
import { LoadErrorScreen } from "./features/shell/LoadErrorScreen";
import { useStuckNavigation } from "./features/shell/use-stuck-navigation";
import type { AppRouter } from "./router";

export function AppRoot({ router }: { router: AppRouter }) {
  // After the first commit: the page answers taps from here on (a server-rendered page is
  // readable earlier). Tests and benches wait for it before tapping.
  useEffect(() => {
    document.documentElement.dataset.mounted = "true";
  }, []);
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <App router={router} />
      </I18nProvider>
    </StrictMode>
  );
}

/** The routed app, or the load error when a navigation's code has not arrived in time (spec §8). */
function App({ router }: { router: AppRouter }) {
  const stuck = useStuckNavigation(router);
  if (stuck) {
    return (
      <main id="main" className="app__main">
        <LoadErrorScreen />
      </main>
    );
  }
  return <RouterProvider router={router} />;
}
