/**
 * Registers the service worker (sw/sw.ts, built to /sw.js) and tells UpdatePrompt when a new
 * version waits. Nothing reloads by itself: a new version takes over only when the guest presses
 * "Update" in this tab, so a half-typed comment or a cart being built is never thrown away.
 */
import { Workbox } from "workbox-window";
import { listenForInstallPrompt } from "./install-offer";
import { answerWorkerQuestions, recordVisitReads, visitReadsMessage } from "./visit-reads";

/**
 * - none: nothing to offer;
 * - waiting: a new version is installed and waits for the guest;
 * - updating: the guest accepted; we reload as soon as the new version controls this tab;
 * - activated-elsewhere: another tab accepted it, so this tab runs old code under the new worker
 *   and needs a reload (which we still ask for);
 * - dismissed: the guest chose "Later"; the new version starts once every tab has closed.
 */
export type UpdateState = "none" | "waiting" | "updating" | "activated-elsewhere" | "dismissed";

/** Installed apps stay open for hours on a sunbed: look for a new version now and then. */
const UPDATE_CHECK_INTERVAL_MS = 30 * 60 * 1000;

let workbox: Workbox | undefined;
let state: UpdateState = "none";
const listeners = new Set<() => void>();

function setState(next: UpdateState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore. */
export function subscribeToUpdates(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getUpdateState(): UpdateState {
  return state;
}

/** The guest pressed "Update". */
export function applyUpdate(): void {
  if (state === "activated-elsewhere") {
    window.location.reload();
    return;
  }
  if (state !== "waiting" || !workbox) return;
  setState("updating");
  // The worker's message handler calls skipWaiting(); the controllerchange below then reloads.
  workbox.messageSkipWaiting();
}

/** The guest pressed "Later". */
export function dismissUpdate(): void {
  if (state === "waiting" || state === "activated-elsewhere") setState("dismissed");
}

export function registerServiceWorker(): void {
  // Takes the beforeinstallprompt main.tsx caught before this code loaded (early-install-prompt.ts).
  listenForInstallPrompt();
  // `vite dev` serves no worker (devOptions off), and some in-app browsers have none.
  if (!import.meta.env.PROD || !("serviceWorker" in navigator) || workbox) return;

  const wb = new Workbox(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
  workbox = wb;
  // What this visit has read goes to the worker, so a first visit opens offline without a second
  // online load (visit-reads.ts): the first worker asks for it before it takes control.
  recordVisitReads();
  answerWorkerQuestions(navigator.serviceWorker);

  // Fires for updates found by this tab, by another tab, or already waiting at page load.
  wb.addEventListener("waiting", () => {
    if (state !== "updating") setState("waiting");
  });

  // The first install claims the page (controller: null -> worker): that is no update, and the
  // page hands the worker what it read meanwhile. Any later change of controller means a new
  // version took over, here or from another tab.
  let controlled = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    const wasControlled = controlled;
    controlled = true;
    if (state === "updating") window.location.reload();
    else if (wasControlled) setState("activated-elsewhere");
    else handOverReads();
  });

  // register() waits for the load event, so precaching does not compete with the first menu.
  wb.register()
    .then(() => {
      // A later start: the worker fetches whatever of the app it has not got yet (a first visit
      // closed before it had all of it), and keeps nothing twice.
      if (controlled) handOverReads();
    })
    .catch((error: unknown) => console.warn("Service worker registration failed", error));
  watchForUpdates(wb);
}

/** The reads of this visit to the worker that controls the page (sw/visit-reads.ts filters them again). */
function handOverReads(): void {
  navigator.serviceWorker.controller?.postMessage(visitReadsMessage());
}

/** Asks the server for a newer sw.js when the app comes back to the foreground, at most twice an hour. */
function watchForUpdates(wb: Workbox): void {
  let lastCheck = Date.now();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible" || !navigator.onLine) return;
    if (Date.now() - lastCheck < UPDATE_CHECK_INTERVAL_MS) return;
    lastCheck = Date.now();
    // Offline or a flaky network: simply try again on a later visit.
    wb.update().catch(() => undefined);
  });
}
