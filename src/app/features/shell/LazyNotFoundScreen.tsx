import { Suspense } from "react";
import { lazyWithScreens } from "../../i18n/lazy-with-screens";

/**
 * The not-found screen with its code and texts (the "screens" catalog) loaded when it is shown:
 * a scanned code's menu never needs it, so it is not in the first load. A load that
 * fails or times out is a ChunkLoadError for the route's error screen, with its retry.
 */
const NotFoundScreen = lazyWithScreens(() =>
  import("./NotFoundScreen").then((module) => ({ default: module.NotFoundScreen })),
);

export function LazyNotFoundScreen() {
  return (
    <Suspense fallback={null}>
      <NotFoundScreen />
    </Suspense>
  );
}
