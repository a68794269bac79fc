/**
 * "The first screen is up": the route a guest opened has its data and code, has rendered, and the
 * page has gone idle. Work the first screen does not need (the worker's registration and precache,
 * the later texts, the outbox and Dexie, the accounts layer, the update prompt) waits for it, so
 * that on slow 4G it does not compete with the menu and its photos. A
 * first load that fails counts too: the error screen is the first screen then.
 */
import { useSyncExternalStore } from "react";

let shown = false;
let resolveShown: () => void = () => undefined;
const listeners = new Set<() => void>();

/** Resolves once, when the first screen is up. */
export const firstScreenShown = new Promise<void>((resolve) => {
  resolveShown = resolve;
});

/** Called once by main.tsx with the router's first load. */
export function markFirstScreenAfter(firstLoad: Promise<unknown>, idle: (work: () => void) => void = whenIdle): void {
  const done = () =>
    idle(() => {
      if (shown) return;
      shown = true;
      resolveShown();
      for (const listener of listeners) listener();
    });
  firstLoad.then(done, done);
}

/**
 * Whether the first screen is up, read once: for a component that only needs it when it mounts.
 * Subscribing (useFirstScreenShown) re-renders the component when it comes up, and React renders
 * an external store's change synchronously, in one task: on the menu, every row again.
 */
export function isFirstScreenShown(): boolean {
  return shown;
}

/** Whether the first screen is up (components that wait for it render nothing before). */
export function useFirstScreenShown(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => shown,
    // A server-rendered page hydrates as the server rendered it: before the first screen.
    () => false,
  );
}

/** When the main thread is free (after the first screen's render and its paint), at most 2 s on. */
export function whenIdle(work: () => void): void {
  if (typeof window !== "undefined" && "requestIdleCallback" in window) {
    window.requestIdleCallback(work, { timeout: 2_000 });
  } else {
    setTimeout(work, 300);
  }
}
