/**
 * The precache in two parts, so that a guest's first visit is offline-ready within seconds instead
 * of after the whole app has downloaded on a slow link:
 * - install: what a cold start needs before anything else (index.html and the files it loads, the
 *   favicon, the web manifest), fetched before the worker activates;
 * - later: every other file of the build, fetched into the runtime caches that already answer for
 *   those paths (app-chunks for /assets, app-icons for the manifest's icons) once the worker is in
 *   control, a few at a time (warm-caches.ts).
 * The build marks the install part (`firstScreen`, vite.config.ts); what no runtime cache would
 * answer for stays in the install part whatever its mark, so no file of the build goes unserved.
 * Pure, so the split is tested in node (precache-split.test.ts).
 */
import { type RuntimeCacheKind, runtimeCacheFor } from "./cache-rules";

/** A precache manifest entry as the build writes it. */
export interface BuildEntry {
  url: string;
  revision?: string | null;
  integrity?: string;
  /** Set by the build on index.html's own files: they are precached at install. */
  firstScreen?: boolean;
}

/** What workbox-precaching takes. */
export interface InstallEntry {
  url: string;
  revision?: string | null;
  integrity?: string;
}

export interface PrecacheSplit {
  install: InstallEntry[];
  /** Site-absolute paths, e.g. "/assets/CartScreen-abc.js", in the build's order. */
  later: string[];
}

/** The runtime caches that hold build files. */
const BUILD_FILE_CACHES: ReadonlySet<RuntimeCacheKind> = new Set(["appChunks", "appIcons"]);

export function splitPrecache(entries: readonly (BuildEntry | string)[], origin: string): PrecacheSplit {
  const install: InstallEntry[] = [];
  const later: string[] = [];
  for (const entry of entries) {
    const { url, revision = null, integrity, firstScreen } = typeof entry === "string" ? { url: entry } : entry;
    const absolute = new URL(url, `${origin}/`);
    const kind = runtimeCacheFor({ url: absolute, method: "GET", sameOrigin: absolute.origin === origin });
    if (!firstScreen && kind !== null && BUILD_FILE_CACHES.has(kind)) {
      later.push(absolute.pathname);
    } else {
      install.push({ url, revision, ...(integrity === undefined ? {} : { integrity }) });
    }
  }
  return { install, later };
}
