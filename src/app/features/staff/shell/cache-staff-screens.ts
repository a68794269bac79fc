/**
 * A terminal caches the staff screens when a waiter signs in on it, so the PDA opens them offline:
 * they are not in the service worker's precache, which every guest's phone downloads. The
 * build lists them (sw/staff-screens.ts); they go into the worker's app-chunks cache, so the PDA
 * opens every staff screen offline afterwards, even one it has not opened yet.
 */
import { RUNTIME_CACHES } from "../../../../../sw/cache-rules";
import { STAFF_ASSETS_PATH, type StaffAssets } from "../../../../../sw/staff-screens";

let done: Promise<void> | undefined;

/** Once per page load; a failure (offline, dev server without the list) is retried next time. */
export function cacheStaffScreens(): Promise<void> {
  done ??= cacheMissingFiles().catch(() => {
    done = undefined;
  });
  return done;
}

async function cacheMissingFiles(): Promise<void> {
  if (typeof caches === "undefined") return;
  const response = await fetch(`/${STAFF_ASSETS_PATH}`, { cache: "no-cache" });
  if (!response.ok) return;
  const { files } = (await response.json()) as StaffAssets;
  const cache = await caches.open(RUNTIME_CACHES.appChunks.name);
  const missing: string[] = [];
  for (const file of files) if ((await cache.match(file)) === undefined) missing.push(file);
  // One by one on the PDA's connection, so a single failure does not drop the others.
  for (const file of missing) await cache.add(file).catch(() => undefined);
}
