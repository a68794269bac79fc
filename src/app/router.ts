/**
 * The router: the generated file-based route tree plus the app-wide defaults (not-found and error
 * screens, skeleton timing, scroll restoration, preloading on intent).
 */
import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { ErrorScreen } from "./features/shell/ErrorScreen";
import { LazyNotFoundScreen } from "./features/shell/LazyNotFoundScreen";
import type { Screen } from "./features/shell/screens";
import { routeTree } from "./routeTree.gen";

/**
 * The app's router. The browser's comes with its own history; the server renders a guest's first
 * screen with a memory history at the requested address (ssr/render-guest-page.tsx), and without
 * scroll restoration, which is the browser's and would put an inline script in the page.
 */
export function createAppRouter(serverHistory?: RouterHistory) {
  return createRouter({
    ...(serverHistory ? { history: serverHistory } : {}),
    routeTree,
    defaultNotFoundComponent: LazyNotFoundScreen,
    defaultErrorComponent: ErrorScreen,
    // Show a skeleton quickly on slow beach Wi-Fi, and keep it long enough not to flash.
    defaultPendingMs: 150,
    defaultPendingMinMs: 300,
    // A tap on a service card starts loading its menu on touchstart, before the click lands.
    defaultPreload: "intent",
    defaultPreloadStaleTime: 30_000,
    scrollRestoration: serverHistory === undefined,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /** The spec §2 screen this route shows; the shell's footer and theme rules key on it. */
    screen?: Screen;
  }
}
