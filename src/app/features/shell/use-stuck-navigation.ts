/**
 * Whether the router has been loading the current navigation for longer than the chunk load
 * time-out (spec §8, §9: 120 s): on a connection that answers nothing, a route's code can hang
 * without ever failing, and the screen would stay blank. Then the app shows the load error. It
 * watches the router from outside its provider, because on the first load nothing of the route
 * tree renders until the route's code is there.
 */
import { type AnyRouter, useRouterState } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { chunkLoadTimeoutMs, takeFirstLoadOverdue } from "../../navigation/chunk-load";

export function useStuckNavigation(router: AnyRouter): boolean {
  const loading = useRouterState({ router, select: (state) => state.isLoading || state.status === "pending" });
  const [stuck, setStuck] = useState(false);
  useEffect(() => {
    setStuck(false);
    if (!loading) return;
    const timer = setTimeout(() => setStuck(true), takeFirstLoadOverdue() ? 0 : chunkLoadTimeoutMs());
    return () => clearTimeout(timer);
  }, [loading]);
  return stuck && loading;
}
