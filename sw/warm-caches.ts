/**
 * Fills the worker's runtime caches outside a fetch: with a first visit's reads (visit-reads.ts)
 * and with the build files the install left for later (precache-split.ts). Each address goes
 * through the very strategy (and so the cache, expiry and status rules) its route answers with,
 * so what is stored here is what a later fetch finds. An address already in a cache is left alone
 * (no second download, no revalidation of a menu), and each request may take the copy the browser's
 * HTTP cache already holds (`force-cache`): the visit's answers, without the network.
 */
import { getCacheKeyForURL } from "workbox-precaching";
import type { Strategy } from "workbox-strategies";
import { RUNTIME_CACHES, type RuntimeCacheKind, runtimeCacheFor } from "./cache-rules";
import { ASK_VISIT_READS, readsToKeep } from "./visit-reads";

declare const self: ServiceWorkerGlobalScope;

export type StrategyFor = (kind: RuntimeCacheKind) => Strategy;

/**
 * Stores each of `urls` (same origin, absolute or from the site root) in its runtime cache, `concurrency` at a time; a
 * precached address is left to the precache. With `renew`, an address already cached is asked of
 * the server again (a cheap 304 when it has not changed) instead of being left alone.
 */
export async function keepInRuntimeCaches(
  urls: readonly string[],
  event: ExtendableEvent,
  strategyFor: StrategyFor,
  { concurrency = 4, renew = false }: { concurrency?: number; renew?: boolean } = {},
): Promise<void> {
  const queue = [...urls];
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) await keepOne(url, event, strategyFor, renew);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
}

async function keepOne(
  address: string,
  event: ExtendableEvent,
  strategyFor: StrategyFor,
  renew: boolean,
): Promise<void> {
  const url = new URL(address, self.location.origin);
  const kind = runtimeCacheFor({ url, method: "GET", sameOrigin: url.origin === self.location.origin });
  if (kind === null || getCacheKeyForURL(url.href) !== undefined) return;
  // Only the one cache it belongs in is asked: each cache operation waits for the writes before it.
  if (!renew && (await (await caches.open(RUNTIME_CACHES[kind].name)).match(url.href)) !== undefined) return;
  // A renewal revalidates the browser's copy too, which may be as old as the worker's.
  const request = new Request(url.href, { cache: renew ? "no-cache" : "force-cache", credentials: "same-origin" });
  try {
    // The response and the cache write both settle before the address counts as kept.
    await Promise.all(strategyFor(kind).handleAll({ event, request }));
  } catch {
    // Offline, or the server said no: a later visit (or the page's own fetch) tries again.
  }
}

/**
 * Keeps what the open pages have read, before the worker claims them: asks, keeps the answers,
 * then asks again for what the pages read meanwhile (a page still loads while the first answers
 * download), until nothing new comes or after `rounds` questions.
 */
export async function keepWhatPagesRead(
  event: ExtendableEvent,
  strategyFor: StrategyFor,
  { timeoutMs, rounds = 5 }: { timeoutMs: number; rounds?: number },
): Promise<void> {
  const kept = new Set<string>();
  for (let round = 0; round < rounds; round += 1) {
    const answers = await askPagesForReads({ type: ASK_VISIT_READS }, timeoutMs);
    const fresh = readsToKeep(answers, self.location.origin).filter((url) => !kept.has(url));
    if (fresh.length === 0) return;
    await keepInRuntimeCaches(fresh, event, strategyFor, { concurrency: 8 });
    for (const url of fresh) kept.add(url);
  }
}

/**
 * The addresses each open page of this origin has read (src/app/pwa/visit-reads.ts answers), with
 * controlled and uncontrolled pages alike; a page that does not answer within `timeoutMs` (an
 * older version of the app, or one busy past it) adds nothing.
 */
async function askPagesForReads(question: unknown, timeoutMs: number): Promise<unknown[]> {
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const answers = await Promise.all(pages.map((page) => ask(page, question, timeoutMs)));
  return answers.flat();
}

function ask(page: Client, question: unknown, timeoutMs: number): Promise<unknown[]> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => {
      channel.port1.close();
      resolve([]);
    }, timeoutMs);
    channel.port1.onmessage = (message: MessageEvent) => {
      clearTimeout(timer);
      channel.port1.close();
      const urls = (message.data as { urls?: unknown } | null)?.urls;
      resolve(Array.isArray(urls) ? urls : []);
    };
    page.postMessage(question, [channel.port2]);
  });
}
