/**
 * Which build files the worker precaches at install (sw/precache-split.ts): index.html and the
 * files it loads itself. No imports, so that vite.config.ts, which Node loads as it is, can use it.
 */

/**
 * The files index.html loads itself (its scripts, module preloads and style sheets), named as the
 * precache manifest names them ("assets/index-abc.js"): these are precached at install. The page's lazily loaded screens are not among
 * them: the worker takes those the first visit loaded from the page (visit-reads.ts).
 */
export function filesLoadedBy(html: string): string[] {
  const files = new Set<string>();
  for (const tag of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const text = tag[0];
    const isScript = tag[1]?.toLowerCase() === "script";
    const rel = /\brel="([^"]*)"/i.exec(text)?.[1]?.toLowerCase() ?? "";
    const loads =
      isScript || ["modulepreload", "stylesheet"].includes(rel) || (rel === "preload" && /\bas="style"/i.test(text));
    const address = /\b(?:src|href)="\/([^"?#]+)"/i.exec(text)?.[1];
    if (loads && address?.startsWith("assets/")) files.add(address);
  }
  return [...files].sort();
}
