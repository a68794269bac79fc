/**
 * A window.matchMedia for jsdom (which has none) that answers width queries for a chosen viewport
 * width: `(max-width: Npx)`, `(min-width: Npx)` and `(width > Npx)`.
 */
export function setViewportWidth(width: number): void {
  const matches = (query: string): boolean => {
    const max = /\(max-width:\s*([\d.]+)px\)/.exec(query);
    if (max) return width <= Number(max[1]);
    const min = /\(min-width:\s*([\d.]+)px\)/.exec(query);
    if (min) return width >= Number(min[1]);
    const above = /\(width\s*>\s*([\d.]+)px\)/.exec(query);
    if (above) return width > Number(above[1]);
    return false;
  };
  window.matchMedia = (query: string) =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
