/**
 * The service worker: a thin Workbox worker built by vite-plugin-pwa (injectManifest).
 * - precaches the app shell of this build and serves index.html for the app's navigations,
 * - keeps the guest read API and venue images in their own runtime caches, so a menu seen once
 *   opens instantly and with the beach Wi-Fi gone,
 * - keeps the staff screens, left out of the guest's precache, once a terminal fetched them,
 * - never caches writes or any other /api call (cache-rules.ts decides),
 * - switches to a new version only when the guest accepts it (UpdatePrompt -> SKIP_WAITING).
 */
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst, StaleWhileRevalidate } from "workbox-strategies";
import { NAVIGATION_DENYLIST, RUNTIME_CACHES, runtimeCacheFor } from "./cache-rules";

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Deep links (/menu/42, /beach-bar/42) open offline from the precached shell; the router takes over.
registerRoute(new NavigationRoute(createHandlerBoundToURL("index.html"), { denylist: [...NAVIGATION_DENYLIST] }));

// Guest reads: answer from the cache at once, refresh it in the background. The server's strong
// ETag with `no-cache` makes that refresh a cheap 304 when the menu has not changed.
registerRoute(
  (options) => runtimeCacheFor({ ...options, method: options.request.method }) === "guestApi",
  new StaleWhileRevalidate({
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
);

// Images never change under the same URL: the network is asked only for the ones not yet seen.
registerRoute(
  (options) => runtimeCacheFor({ ...options, method: options.request.method }) === "venueImages",
  new CacheFirst({
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
);

// Build files outside the precache (the staff screens, staff-screens.ts): a hashed name never
// changes content, so a copy once fetched (or cached when a waiter signed in) is used offline.
registerRoute(
  (options) => runtimeCacheFor({ ...options, method: options.request.method }) === "appChunks",
  new CacheFirst({
    cacheName: RUNTIME_CACHES.appChunks.name,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({
        maxEntries: RUNTIME_CACHES.appChunks.maxEntries,
        maxAgeSeconds: RUNTIME_CACHES.appChunks.maxAgeSeconds,
      }),
    ],
  }),
);

// The guest pressed "Update" in UpdatePrompt: the waiting version takes over.
self.addEventListener("message", (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});

// Take control of open pages on activation. On the first install this lets the first visit's menu
// reads land in the runtime cache (a guest who scanned once can reopen offline). It never swaps a
// version under a running page: an update activates only after the guest's SKIP_WAITING (pages then
// switch over and UpdatePrompt reloads them) or once every tab of the old version has closed.
self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});
