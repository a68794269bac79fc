/**
 * The router: the generated file-based route tree plus the app-wide defaults (not-found and error
 * screens, skeleton timing, scroll restoration, preloading on intent).
 */
import { createRouter } from "@tanstack/react-router";
import { ErrorScreen } from "./features/shell/ErrorScreen";
import { LazyNotFoundScreen } from "./features/shell/LazyNotFoundScreen";
import type { Screen } from "./features/shell/screens";
import { routeTree } from "./routeTree.gen";

export const router = createRouter({
  routeTree,
  defaultNotFoundComponent: LazyNotFoundScreen,
  defaultErrorComponent: ErrorScreen,
  // Show a skeleton quickly on slow beach Wi-Fi, and keep it long enough not to flash.
  defaultPendingMs: 150,
  defaultPendingMinMs: 300,
  // A tap on a service card starts loading its menu on touchstart, before the click lands.
  defaultPreload: "intent",
  defaultPreloadStaleTime: 30_000,
  scrollRestoration: true,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
  interface StaticDataRouteOption {
    /** The spec §2 screen this route shows; the shell's footer and theme rules key on it. */
    screen?: Screen;
  }
}
