/**
 * Bootstrap: start the route's data and code at once, activate the guest's language catalog (so
 * the first paint is already in Greek or English), then render, then register the service worker.
 */
import "./styles/base.css";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { APP_DB_NAME, whenDatabaseExists } from "./db/stored-databases";
import { LoadErrorScreen } from "./features/shell/LoadErrorScreen";
import { useStuckNavigation } from "./features/shell/use-stuck-navigation";
import { initLanguage } from "./i18n/language-store";
import { firstScreenShown, markFirstScreenAfter } from "./navigation/first-screen";
import { catchInstallPromptEarly } from "./pwa/early-install-prompt";
import { router } from "./router";

async function bootstrap(): Promise<void> {
  catchInstallPromptEarly();
  const language = initLanguage();
  // A flat first visit: the route's loaders (the table, its menu) and its lazy
  // screen start now, with the catalog, not after the first render. RouterProvider picks up this
  // load instead of starting its own (TanStack's Transitioner skips it while one is under way).
  const firstLoad = router.load();
  firstLoad.catch(() => undefined);
  markFirstScreenAfter(firstLoad);
  await language;
  const container = document.getElementById("root");
  if (!container) throw new Error("index.html has no #root element");
  createRoot(container).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <App />
      </I18nProvider>
    </StrictMode>,
  );
  // After the first screen (navigation/first-screen.ts): workbox-window and the worker's precache
  // are not needed to show the menu. The texts of the screens a guest opens later come with those
  // screens (lazyWithScreens, the root route), not on every menu visit. Then an order left
  // unanswered when the app was closed goes out (the outbox also retries on reconnect and after
  // sign-in), and log calls queued offline are sent (spec §7); both bring Dexie, so they start
  // only once the app's database exists: a device that never wrote has nothing to send, and the
  // first write (a cart line, a checkout, a queued log) creates it and starts them.
  await firstScreenShown;
  const { registerServiceWorker } = await import("./pwa/register");
  registerServiceWorker();
  whenDatabaseExists(APP_DB_NAME, () => {
    void import("./orders/outbox/outbox").then(({ startOrderOutbox }) => startOrderOutbox());
    void import("./orders/logs").then(({ startLogFlushing }) => startLogFlushing());
  });
}

/** The routed app, or the load error when a navigation's code has not arrived in time (spec §8). */
function App() {
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

void bootstrap();
