/** What the shell needs to know about the current route, each as a primitive to avoid re-renders. */
import { useRouterState } from "@tanstack/react-router";
import type { Screen } from "./screens";

export function useCurrentScreen(): Screen {
  return useRouterState({
    select: (state) => {
      if (state.matches.some((match) => match.status === "notFound" || match._notFound)) return "not-found";
      return state.matches.at(-1)?.staticData.screen ?? "not-found";
    },
  });
}

/** A raw query parameter of the current address (e.g. `brand`, `isApplication`). */
export function useSearchParam(name: string): unknown {
  return useRouterState({ select: (state) => (state.location.search as Record<string, unknown>)[name] });
}
