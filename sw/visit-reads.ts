/**
 * A first visit's reads, handed from the page to the worker. A guest's first visit reads the spot,
 * its services, a menu, their photos and the language's flag before any worker exists (and the
 * HTML's preloaded reads never pass through one), so the runtime caches would stay empty until a
 * second online load. Instead the worker asks each open page for the addresses it has read when it
 * activates for the first time, before it claims the pages, and a page sends them again once the
 * worker controls it (src/app/pwa/visit-reads.ts); the worker fetches them (from the browser's HTTP
 * cache, where the visit left them) into the same caches its routes read from.
 * Only what the runtime rules (cache-rules.ts) keep is taken: never a token, an order, a checkout.
 * Pure, so the rule is tested in node (visit-reads.test.ts); sw.ts and warm-caches.ts use it.
 */
import { runtimeCacheFor } from "./cache-rules";

/** Worker -> page, on a MessageChannel: "which addresses has this page read?". */
export const ASK_VISIT_READS = "ASK_VISIT_READS";

/**
 * Page -> worker: `{ type: KEEP_VISIT_READS, urls, renewed }`, also the page's answer to
 * ASK_VISIT_READS.
 */
export const KEEP_VISIT_READS = "KEEP_VISIT_READS";

/** Enough for a long visit (every photo of a large menu), small enough to bound one message's work. */
export const MAX_VISIT_READS = 400;

export interface VisitReadsMessage {
  type: typeof KEEP_VISIT_READS;
  urls: string[];
  /**
   * The reads whose answers came inside the page's HTML, fresh from the server: the worker's
   * copies of them may be older, so it renews them rather than keeping what it has. Without this
   * a menu opened online from the server's HTML would leave the copy an offline visit opens as
   * old as the first visit.
   */
  renewed?: string[];
}

/** Whether a message (from a page, so untrusted in shape) hands over a visit's reads. */
export function isVisitReadsMessage(data: unknown): data is VisitReadsMessage {
  if (typeof data !== "object" || data === null) return false;
  const { type, urls, renewed } = data as { type?: unknown; urls?: unknown; renewed?: unknown };
  return type === KEEP_VISIT_READS && Array.isArray(urls) && (renewed === undefined || Array.isArray(renewed));
}

/**
 * The addresses among `urls` that a runtime cache keeps: same origin, a guest read, a photo, a
 * build file or an icon; as absolute URLs without their fragment, each once, at most MAX_VISIT_READS.
 */
export function readsToKeep(urls: readonly unknown[], origin: string): string[] {
  const kept = new Set<string>();
  for (const candidate of urls) {
    if (typeof candidate !== "string" || kept.size >= MAX_VISIT_READS) continue;
    let url: URL;
    try {
      url = new URL(candidate, origin);
    } catch {
      continue;
    }
    url.hash = "";
    if (runtimeCacheFor({ url, method: "GET", sameOrigin: url.origin === origin }) !== null) kept.add(url.href);
  }
  return [...kept];
}
