/**
 * The service worker: a thin Workbox worker built by vite-plugin-pwa (injectManifest).
 * - precaches the app shell (index.html and the files it loads) at install and serves index.html
 *   for the app's navigations, except the server-rendered pages a QR code opens, which it asks the
 *   network for first (cache-rules.ts navigationAnswer); the rest of the build follows into the
 *   runtime caches once the worker controls the page (precache-split.ts), so a first visit is
 *   offline-ready in seconds,
 * - keeps the guest read API and venue images in their own runtime caches, so a menu seen once
 *   opens instantly and with the beach Wi-Fi gone; what the first visit read before the worker
 *   existed is handed over by the page (visit-reads.ts),
 * - keeps the staff screens, left out of the guest's precache, once a terminal fetched them,
 * - never caches writes or any other /api call (cache-rules.ts decides),
 * - switches to a new version only when the guest accepts it (UpdatePrompt -> SKIP_WAITING).
 */
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst, StaleWhileRevalidate, type Strategy } from "workbox-strategies";
import {
  navigationAnswer,
  RUNTIME_CACHES,
  type RuntimeCacheKind,
  runtimeCacheFor,
  SERVER_PAGE_TIMEOUT_MS,
  wantsFreshRead,
} from "./cache-rules";
import { splitPrecache } from "./precache-split";
import { pageOrFallback } from "./server-page";
import { isVisitReadsMessage, readsToKeep } from "./visit-reads";
import { keepInRuntimeCaches, keepWhatPagesRead } from "./warm-caches";

declare const self: ServiceWorkerGlobalScope;

const precache = splitPrecache(self.__WB_MANIFEST, self.location.origin);
precacheAndRoute(precache.install);
cleanupOutdatedCaches();

// The app's screens open from the precached shell, offline too; the router takes over.
const appShell = createHandlerBoundToURL("index.html");

registerRoute(
  ({ request, url }) => request.mode === "navigate" && navigationAnswer(url.pathname + url.search) !== null,
  (options) =>
    navigationAnswer(options.url.pathname + options.url.search) === "server-page"
      ? pageOrFallback(fetch(options.request), () => appShell(options), SERVER_PAGE_TIMEOUT_MS)
      : appShell(options),
);

/** The strategy, and so the cache, of each runtime cache kind (cache-rules.ts). */
const strategies: Record<RuntimeCacheKind, Strategy> = {
  // Guest reads: answer from the cache at once, refresh it in the background. The server's strong
  // ETag with `no-cache` makes that refresh a cheap 304 when the menu has not changed.
  guestApi: new StaleWhileRevalidate({
    cacheName: RUNTIME_CACHES.guestApi.name,
    plugins: [
      // Errors (404 of a removed table, 5xx) must not replace a good menu in the cache.
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({
        maxEntries: RUNTIME_CACHES.guestApi.maxEntries,
        maxAgeSeconds: RUNTIME_CACHES.guestApi.maxAgeSeconds,
      }),
    ],
  }),
  // Images never change under the same URL: the network is asked only for the ones not yet seen.
  venueImages: new CacheFirst({
    cacheName: RUNTIME_CACHES.venueImages.name,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({
        maxEntries: RUNTIME_CACHES.venueImages.maxEntries,
        maxAgeSeconds: RUNTIME_CACHES.venueImages.maxAgeSeconds,
        // Photos are the first thing to give up when the phone runs short of storage.
        purgeOnQuotaError: true,
      }),
    ],
  }),
  // Build files outside the install's precache (the staff screens, staff-screens.ts; the files the
  // install left for later, precache-split.ts): a hashed name never changes content, so a copy once
  // fetched is used offline.
  appChunks: new CacheFirst({
    cacheName: RUNTIME_CACHES.appChunks.name,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({
        maxEntries: RUNTIME_CACHES.appChunks.maxEntries,
        maxAgeSeconds: RUNTIME_CACHES.appChunks.maxAgeSeconds,
      }),
    ],
  }),
  // The manifest's icons: the browser reads one with the manifest, offline too; not hashed.
  appIcons: new StaleWhileRevalidate({
    cacheName: RUNTIME_CACHES.appIcons.name,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({
        maxEntries: RUNTIME_CACHES.appIcons.maxEntries,
        maxAgeSeconds: RUNTIME_CACHES.appIcons.maxAgeSeconds,
      }),
    ],
  }),
};
const strategyFor = (kind: RuntimeCacheKind) => strategies[kind];

/**
 * A guest read the page wants fresh (a live catalogue change: cache-rules.ts wantsFreshRead): the
 * network first, into the same cache, so the copy a later offline visit opens is the new menu; the
 * cached copy only when the network fails.
 */
const freshGuestApi = new NetworkFirst({
  cacheName: RUNTIME_CACHES.guestApi.name,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({
      maxEntries: RUNTIME_CACHES.guestApi.maxEntries,
      maxAgeSeconds: RUNTIME_CACHES.guestApi.maxAgeSeconds,
    }),
  ],
});

for (const kind of Object.keys(strategies) as RuntimeCacheKind[]) {
  registerRoute(
    (options) => runtimeCacheFor({ ...options, method: options.request.method }) === kind,
    kind === "guestApi"
      ? (options) => (wantsFreshRead(options.request.cache) ? freshGuestApi : strategies.guestApi).handle(options)
      : strategies[kind],
  );
}

/** How long the first activation waits for an open page to say what it has read. */
const PAGE_ANSWER_TIMEOUT_MS = 3_000;

/**
 * Whether this worker installed with no other one active: a guest's first visit, whose pages it
 * is about to claim. Kept from the install to the activation, which follows at once in that case.
 */
let firstInstall = false;

self.addEventListener("install", (event) => {
  firstInstall = self.registration.active === null;
  // An update installs beside the running version, so nothing waits for it: it fetches the whole
  // app before it is offered (UpdatePrompt), and the new version works offline from its first
  // start. A first install leaves the rest for after it has taken control.
  if (!firstInstall) event.waitUntil(keepInRuntimeCaches(precache.later, event, strategyFor));
});

self.addEventListener("message", (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: unknown } | null;
  // The guest pressed "Update" in UpdatePrompt: the waiting version takes over.
  if (data?.type === "SKIP_WAITING") {
    void self.skipWaiting();
    return;
  }
  // A page under this worker hands over what it read (src/app/pwa/visit-reads.ts): the reads of a
  // first visit made while the worker was activating, and those that were still downloading when
  // it took control; then the build files left for later.
  if (isVisitReadsMessage(data)) {
    const reads = readsToKeep(data.urls, self.location.origin);
    const renewed = readsToKeep(data.renewed ?? [], self.location.origin);
    const kept = Promise.all([
      keepInRuntimeCaches(renewed, event, strategyFor, { concurrency: 8, renew: true }),
      keepInRuntimeCaches(
        reads.filter((url) => !renewed.includes(url)),
        event,
        strategyFor,
        { concurrency: 8 },
      ),
    ]).then(() => warmTheRest(event));
    event.waitUntil(kept);
    void kept.then(() => event.ports[0]?.postMessage(true));
  }
});

let restWarmed: Promise<void> | undefined;

/**
 * The build files the first install left for later, two at a time, so that the page's own reads
 * still pass while they download; once per start of the worker (a file kept is not fetched again).
 */
function warmTheRest(event: ExtendableEvent): Promise<void> {
  restWarmed ??= keepInRuntimeCaches(precache.later, event, strategyFor, { concurrency: 2 });
  return restWarmed;
}

// Take control of open pages on activation, so that a guest who scanned once can reopen offline.
// A first activation first asks the open pages what they have read and keeps it: those reads
// happened before this worker existed, so without it the caches would hold nothing of the visit
// when it takes control. It never swaps a version under a running page: an update activates only
// after the guest's SKIP_WAITING (pages then switch over and UpdatePrompt reloads them) or once
// every tab of the old version has closed.
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      if (firstInstall) await keepWhatPagesRead(event, strategyFor, { timeoutMs: PAGE_ANSWER_TIMEOUT_MS });
      await self.clients.claim();
    })(),
  );
});
