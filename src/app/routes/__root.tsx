import { Trans } from "@lingui/react/macro";
import { createRootRoute, Outlet } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useState } from "react";
import { SESSION_DB_NAME, useDatabaseExists } from "../db/stored-databases";
import { useEntranceRequest } from "../features/entrance/entrance-store";
import { Header } from "../features/shell/Header";
import { OfflineBanner } from "../features/shell/OfflineBanner";
import { OptionalPart } from "../features/shell/OptionalPart";
import { hidesSiteChrome, languagePickerTheme, showsFooter } from "../features/shell/screens";
import { useCurrentScreen, useSearchParam } from "../features/shell/use-shell-route";
import "../features/shell/shell.css";
import { rendersWithFirstLoadTexts } from "../i18n/catalog-routes";
import { ensureCatalog } from "../i18n/catalogs";
import { lazyWithScreens } from "../i18n/lazy-with-screens";
import { withChunkTimeout } from "../navigation/chunk-load";
import { useFirstScreenShown } from "../navigation/first-screen";
import { useTerminalSpot } from "../session/staff-device";

// The update prompt and the worker's registration come after the first render (see main.tsx).
// Neither shows text on arrival, so they wait for no catalog: their texts load with what they
// show (UpdateOffer, InstallOfferCard), not on every cold menu visit, which stays small.
const UpdatePrompt = lazy(() =>
  withChunkTimeout(() => import("../pwa/UpdatePrompt")).then((module) => ({ default: module.UpdatePrompt })),
);
// The install offer shows after a first order only: out of the first load too.
const InstallOffer = lazy(() =>
  withChunkTimeout(() => import("../pwa/InstallOffer")).then((module) => ({ default: module.InstallOffer })),
);
// Token refresh and the entrance dialog (accounts) likewise stay out of the first load; they load
// once someone asks to sign in or a session is stored on this device (stored-databases.ts).
const AccountsLayer = lazyWithScreens(() =>
  import("../features/entrance/AccountsLayer").then((module) => ({ default: module.AccountsLayer })),
);

// The footer (links to the info pages) is on none of the first-load screens (landing, services,
// menu: spec §2), so its code and texts come with the screens that show it, not with the first load.
const Footer = lazyWithScreens(() => import("../features/shell/Footer").then((module) => ({ default: module.Footer })));

// The staff shell (tabs, store and waiter, lock) loads on a venue terminal only: guests never need it.
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
  // Once wanted, the accounts layer stays (the dialog reports back after it has closed).
  const sessionStored = useDatabaseExists(SESSION_DB_NAME);
  const entranceAsked = useEntranceRequest() !== null;
  const accountsWanted = sessionStored || entranceAsked;
  const [accountsMounted, setAccountsMounted] = useState(false);
  if (accountsWanted && !accountsMounted) setAccountsMounted(true);
  // A tap on "Sign in": the dialog's code comes with the layer's, not one round trip after it.
  useEffect(() => {
    if (entranceAsked) void import("../features/entrance/EntranceDialog").catch(() => undefined);
  }, [entranceAsked]);

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
        {firstScreenShown && terminal === null && (
          // After the screen's content, in its flow: below an order's status and number, never over them.
          <OptionalPart>
            <InstallOffer />
          </OptionalPart>
        )}
      </main>
      {!chromeHidden && showsFooter(screen) && (
        <OptionalPart>
          <Footer />
        </OptionalPart>
      )}
      {firstScreenShown && (
        <OptionalPart>
          <UpdatePrompt />
        </OptionalPart>
      )}
      {firstScreenShown && accountsMounted && (
        <Suspense fallback={null}>
          <AccountsLayer />
        </Suspense>
      )}
    </div>
  );
}
