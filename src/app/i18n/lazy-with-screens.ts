/**
 * React.lazy for components whose texts live in the "screens" catalog (catalogs.ts): the component
 * renders only once both its code and its texts are there, so it never shows a message id.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { ensureCatalog } from "./catalogs";

export function lazyWithScreens<Props>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(() => Promise.all([load(), ensureCatalog("screens")]).then(([module]) => module));
}
