/**
 * The table (store, spot, services) of the screen being shown, if it is a store screen: the header
 * shows its store name and the language modal its extra languages.
 */
import { useRouterState } from "@tanstack/react-router";
import type { TableResponse } from "../../domain/api";

function tableOf(loaderData: unknown): TableResponse | undefined {
  if (typeof loaderData !== "object" || loaderData === null || !("table" in loaderData)) return undefined;
  return (loaderData as { table: TableResponse }).table;
}

export function useCurrentTable(): TableResponse | undefined {
  return useRouterState({
    select: (state) => {
      for (let index = state.matches.length - 1; index >= 0; index--) {
        const table = tableOf(state.matches[index]?.loaderData);
        if (table) return table;
      }
      return undefined;
    },
  });
}
