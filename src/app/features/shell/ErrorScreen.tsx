/**
 * The router's error screen. A screen's code that did not arrive shows the load error at once; a
 * route's data that could not be loaded shows DataErrorScreen, which is loaded only then: it brings
 * the error catalogue (every API code's text), which no first render needs. If
 * that too cannot be loaded, the load error says what to do.
 */
import type { ErrorComponentProps } from "@tanstack/react-router";
import { Suspense } from "react";
import { lazyWithScreens } from "../../i18n/lazy-with-screens";
import { isChunkLoadError } from "../../navigation/chunk-load";
import { ErrorBoundary } from "./ErrorBoundary";
import { LoadErrorScreen } from "./LoadErrorScreen";

const DataErrorScreen = lazyWithScreens(() =>
  import("./DataErrorScreen").then((module) => ({ default: module.DataErrorScreen })),
);

export function ErrorScreen({ error }: ErrorComponentProps) {
  // The screen's code, not its data, did not arrive: reloading the page is the retry that works.
  if (isChunkLoadError(error)) return <LoadErrorScreen />;
  return (
    <ErrorBoundary fallback={() => <LoadErrorScreen />}>
      <Suspense fallback={null}>
        <DataErrorScreen error={error} />
      </Suspense>
    </ErrorBoundary>
  );
}
