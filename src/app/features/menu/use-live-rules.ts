/**
 * Loads live-rules.ts after the first render and tells the components that wait for it. Until it
 * is there (or when its chunk cannot arrive), screens show list prices and no open/closed verdict.
 */
import { useEffect, useSyncExternalStore } from "react";

export type LiveRules = typeof import("./live-rules");

let loaded: LiveRules | null = null;
let loading: Promise<LiveRules> | null = null;
const listeners = new Set<() => void>();

export function loadLiveRules(): Promise<LiveRules> {
  loading ??= import("./live-rules").then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      // Offline before the service worker had the chunk: the next screen tries again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const current = () => loaded;

export function useLiveRules(): LiveRules | null {
  const rules = useSyncExternalStore(subscribe, current, current);
  useEffect(() => {
    if (loaded === null) loadLiveRules().catch(() => undefined);
  }, []);
  return rules;
}
