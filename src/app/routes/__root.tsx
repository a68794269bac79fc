import { Trans } from "@lingui/react/macro";
import { createRootRoute, Outlet } from "@tanstack/react-router";
import { Suspense } from "react";
import { Footer } from "../features/shell/Footer";
import { Header } from "../features/shell/Header";
import { OfflineBanner } from "../features/shell/OfflineBanner";
import { hidesSiteChrome, languagePickerTheme, showsFooter } from "../features/shell/screens";
import { useCurrentScreen, useSearchParam } from "../features/shell/use-shell-route";
import "../features/shell/shell.css";
import { rendersWithFirstLoadTexts } from "../i18n/catalog-routes";
import { ensureCatalog } from "../i18n/catalogs";
import { lazyWithScreens } from "../i18n/lazy-with-screens";
import { useFirstScreenShown } from "../navigation/first-screen";
import { useTerminalSpot } from "../session/staff-device";

// The update prompt and the worker's registration come after the first render (see main.tsx).
const UpdatePrompt = lazyWithScreens(() =>
  import("../pwa/UpdatePrompt").then((module) => ({ default: module.UpdatePrompt })),
);
// The install offer (issue 12) shows after a first order only: out of the first load too.
const InstallOffer = lazyWithScreens(() =>
  import("../pwa/InstallOffer").then((module) => ({ default: module.InstallOffer })),
);
// Token refresh and the entrance dialog (accounts) likewise stay out of the first load.
const AccountsLayer = lazyWithScreens(() =>
  import("../features/entrance/AccountsLayer").then((module) => ({ default: module.AccountsLayer })),
);

// The staff shell (tabs, store and waiter, lock) loads on a venue terminal only (issue 10 item 1).
const StaffShell = lazyWithScreens(() =>
  import("../features/staff/shell/StaffShell").then((module) => ({ default: module.StaffShell })),
);

export const Route = createRootRoute({
  // Screens past the menu show texts of the "screens" catalog: wait for it (at once when cached).
  beforeLoad: ({ location }) => (rendersWithFirstLoadTexts(location.pathname) ? undefined : ensureCatalog("screens")),
  component: RootLayout,
});

/** The global shell of spec §2: header with the language button, offline strip, page, footer. */
function RootLayout() {
  const screen = useCurrentScreen();
  const brand = useSearchParam("brand");
  const isApplication = useSearchParam("isApplication");
  const chromeHidden = hidesSiteChrome(screen, isApplication);
  const terminal = useTerminalSpot();
  // The update prompt and the accounts layer (token refresh, Dexie) wait for the first screen.
  const firstScreenShown = useFirstScreenShown();

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      {!chromeHidden && <Header pickerTheme={languagePickerTheme(screen, brand)} />}
      {terminal !== null && !chromeHidden && (
        <Suspense fallback={null}>
          <StaffShell terminal={terminal} screen={screen} />
        </Suspense>
      )}
      <OfflineBanner />
      <main id="main" className="app__main" tabIndex={-1}>
        <Outlet />
      </main>
      {!chromeHidden && showsFooter(screen) && <Footer />}
      {firstScreenShown && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
      {firstScreenShown && terminal === null && (
        <Suspense fallback={null}>
          <InstallOffer />
        </Suspense>
      )}
      {firstScreenShown && (
        <Suspense fallback={null}>
          <AccountsLayer />
        </Suspense>
      )}
    </div>
  );
}
