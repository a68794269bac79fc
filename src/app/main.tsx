/**
 * Bootstrap: start the route's data and code at once, activate the guest's language catalog (so
 * the first paint is already in Greek or English), then render (or hydrate the page the server
 * rendered: ARCHITECTURE.md, "HTML first"), then register the service worker.
 */
import "./styles/base.css";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { AppRoot } from "./app-root";
import { APP_DB_NAME, whenDatabaseExists } from "./db/stored-databases";
import { renderEveryRowFirst } from "./features/menu/first-screen";
import { initLanguage, rendersLikeTheServer } from "./i18n/language-store";
import { chunkLoadTimeoutMs, markFirstLoadOverdue } from "./navigation/chunk-load";
import { firstScreenShown, markFirstScreenAfter } from "./navigation/first-screen";
import { catchInstallPromptEarly } from "./pwa/early-install-prompt";
import { createAppRouter } from "./router";
import { nextTask } from "./ssr/next-task";
import { markRender, takeServerRender } from "./ssr/server-render";

async function bootstrap(): Promise<void> {
  catchInstallPromptEarly();
  // The app's start in three tasks rather than one: its modules' evaluation, the router's creation
  // (its route tree), then the first load's start. On a server-rendered page all of it runs after
  // the first paint, where one long task would hold up a tap on the page the guest already reads.
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  // A page the server rendered (ssr/server-render.ts) brings the answers its screen was made
  // from: the router's first load takes them instead of asking again.
  const serverRender = takeServerRender();
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
  let overdue = false;
  if (serverRender) {
    // The server's HTML stays until the route's code and data are here (at once: both came with
    // the page), so the app's first render is that screen again, whole, never a skeleton. Code
    // that hangs past the chunk time-out (spec §8) leaves the guest the readable page until then;
    // the app takes over at the time-out and shows the load error with its retry.
    const loaded = Promise.all([firstLoad.catch(() => undefined), serverRender.prepare().catch(() => undefined)]);
    overdue = await Promise.race([
      loaded.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(resolve, chunkLoadTimeoutMs(), true)),
    ]);
    if (overdue) markFirstLoadOverdue();
    renderEveryRowFirst();
  }
  if (serverRender && !overdue && rendersLikeTheServer()) {
    // As TanStack's own hydration does: the root's matches render without the Suspense wrapper
    // the server leaves out, so both trees are the same.
    router.ssr = { manifest: undefined };
    markRender("hydrate");
    // In a transition, React hydrates in slices of a few milliseconds and lets the browser run
    // between them, instead of one long task over the whole menu: the guest already reads the
    // page, and a tap meanwhile waits for a slice, not for all of it (Lighthouse's TBT).
    startTransition(() => {
      hydrateRoot(container, <AppRoot router={router} />, { onRecoverableError: serverRender.onMismatch });
    });
  } else {
    // In another language than the server's, or with the route's code overdue: rendered over the
    // server's HTML in one commit.
    if (serverRender) markRender("client");
    createRoot(container).render(<AppRoot router={router} />);
  }
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

void bootstrap();
