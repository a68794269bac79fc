/**
 * React.lazy for components whose texts live in the "screens" catalog (catalogs.ts): the component
 * renders only once both its code and its texts are there, so it never shows a message id. Code
 * that fails or does not arrive in time is a ChunkLoadError (navigation/chunk-load.ts) for the
 * nearest error boundary or error screen to show with a retry.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { withChunkTimeout } from "../navigation/chunk-load";
import { ensureCatalog } from "./catalogs";

// biome-ignore lint/suspicious/noExplicitAny: the same constraint as React.lazy's own signature
export function lazyWithScreens<Component extends ComponentType<any>>(
  load: () => Promise<{ default: Component }>,
): LazyExoticComponent<Component> {
  return lazy(() => Promise.all([withChunkTimeout(load), ensureCatalog("screens")]).then(([module]) => module));
}
