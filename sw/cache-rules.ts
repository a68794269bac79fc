/**
 * Which request the service worker answers from which cache. Pure, so that the rules are tested
 * in node (cache-rules.test.ts) and sw.ts only wires them to Workbox strategies.
 */
import { serverRenderedAddress } from "../src/domain/server-render";

/** One named cache per resource kind; bump the suffix when the stored shape changes. */
export const RUNTIME_CACHES = {
  /** The guest read API: a table's services and a service's menu (by id or by the table's slug). */
  guestApi: { name: "guest-api-v1", maxEntries: 50, maxAgeSeconds: 7 * 24 * 60 * 60 },
  /** Photos of venues, services and items, shipped under /images. */
  venueImages: { name: "venue-images-v1", maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 },
  /**
   * Build files left out of the precache (the staff screens: staff-screens.ts), kept once fetched.
   * Their names carry a content hash, so a cached copy never goes stale.
   */
  appChunks: { name: "app-chunks-v1", maxEntries: 300, maxAgeSeconds: 60 * 24 * 60 * 60 },
  /**
   * The web manifest's PNG icons: the browser asks for one whenever it reads the manifest, offline
   * too. Not hashed, so a cached copy is refreshed in the background.
   */
  appIcons: { name: "app-icons-v1", maxEntries: 10, maxAgeSeconds: 60 * 24 * 60 * 60 },
} as const;

export type RuntimeCacheKind = keyof typeof RUNTIME_CACHES;

export interface RequestFacts {
  url: URL;
  method: string;
  /** Whether the request goes to the origin that serves the app. */
  sameOrigin: boolean;
}

/**
 * Reads a guest may repeat offline. Everything else under /api (orders, sign-in, staff, order
 * status) must reach the server or fail visibly: a cached answer there would lie.
 */
const GUEST_READ_PATHS: readonly RegExp[] = [
  /^\/api\/tables\/[^/]+$/,
  /^\/api\/services\/[^/]+\/menu$/,
  // The menu by the slug in a guest link, asked together with the table so that the menu screen
  // does not wait for the table's answer to learn the service.
  /^\/api\/tables\/[^/]+\/menus\/[^/]+$/,
];

/**
 * A guest read the page asked for with `cache: "no-cache"` (or "reload", "no-store"): the page
 * knows its copy is old (a live catalogue change). The worker then asks the network first,
 * refreshing its copy, and answers from the cache only when the network fails (offline).
 */
export function wantsFreshRead(cacheMode: RequestCache): boolean {
  return cacheMode === "no-cache" || cacheMode === "reload" || cacheMode === "no-store";
}

const VENUE_IMAGE_PATH = /^\/images\//;

/** The build's hashed JS and CSS (precached ones are answered by the precache before this rule). */
const APP_CHUNK_PATH = /^\/assets\/[^/]+\.(js|css)$/;

/** The manifest's icons (public/icons), not the favicon, which the precache holds. */
const APP_ICON_PATH = /^\/icons\/[^/]+\.png$/;

/** The runtime cache for a request, or null when it must go to the network untouched. */
export function runtimeCacheFor({ url, method, sameOrigin }: RequestFacts): RuntimeCacheKind | null {
  // Only reads are repeatable; the Cache API cannot store POST answers anyway.
  if (method !== "GET" || !sameOrigin) return null;
  const path = url.pathname;
  if (GUEST_READ_PATHS.some((pattern) => pattern.test(path))) return "guestApi";
  if (VENUE_IMAGE_PATH.test(path)) return "venueImages";
  if (APP_CHUNK_PATH.test(path)) return "appChunks";
  if (APP_ICON_PATH.test(path)) return "appIcons";
  return null;
}

/**
 * Navigations the worker must NOT answer (matched against path + query): the API, and direct
 * visits to files such as /robots.txt or /icons/icon-512.png.
 */
const NAVIGATION_DENYLIST: readonly RegExp[] = [/^\/api(\/|$|\?)/, /\/[^/?]+\.[^/?]+(\?|$)/];

/**
 * How long a navigation to a server-rendered page waits for the network before the worker answers
 * with the shell: a Slow 4G answer of a menu's HTML takes under a second, and past this the beach
 * Wi-Fi is as good as gone, so the guest gets the menu from the worker's copies instead.
 */
export const SERVER_PAGE_TIMEOUT_MS = 2_000;

/**
 * How the worker answers a navigation (path and query):
 * - "server-page": the pages a QR code opens (domain/server-render.ts), network first so that a
 *   catalogue change is never shown stale once online; the precached shell when the network fails
 *   or takes longer than SERVER_PAGE_TIMEOUT_MS, which renders from the worker's copies of the
 *   same reads (the page hands over the answers its HTML carried, visit-reads.ts);
 * - "app-shell": every other screen of the app, the precached index.html at once;
 * - null: not the app's (the API, a file), straight to the network.
 */
export function navigationAnswer(pathAndQuery: string): "server-page" | "app-shell" | null {
  if (NAVIGATION_DENYLIST.some((pattern) => pattern.test(pathAndQuery))) return null;
  return serverRenderedAddress(pathAndQuery) === null ? "app-shell" : "server-page";
}
