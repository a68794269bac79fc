/**
 * Opens the tab's localStorage and sessionStorage, each in a task of its own, while the app's
 * scripts download (boot.ts). In Chromium the first use of each storage area is a synchronous
 * round trip to the browser process (the getter binds the area, the first read loads it): 15-35 ms
 * each with a throttled CPU. Left to the app, all of it falls in the one long task that evaluates
 * its modules (the router's scroll restoration reads sessionStorage at its module's top level, the
 * language store reads localStorage); opened here, the app finds both ready. A browser that refuses
 * storage (a private mode, a blocked site) throws, which the app handles where it reads.
 */
const AREAS = ["localStorage", "sessionStorage"] as const;

export function openStorageEarly(): void {
  for (const area of AREAS) {
    setTimeout(() => {
      try {
        window[area].getItem("");
      } catch {
        // Nothing to open: the app falls back where it uses storage.
      }
    }, 0);
  }
}
