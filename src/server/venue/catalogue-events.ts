/**
 * In-process notice that a store's catalogue changed (an import committed). The menu cache listens
 * so that the next request after an import in this process already sees the new menu; other
 * processes notice through the catalogue_version check instead.
 */
type CatalogueListener = (storeId: number) => void;

const listeners = new Set<CatalogueListener>();

/** Returns the function that stops listening. */
export function onCatalogueChanged(listener: CatalogueListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function notifyCatalogueChanged(storeId: number): void {
  for (const listener of listeners) listener(storeId);
}
