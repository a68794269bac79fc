/**
 * The page's side of handing a first visit to the service worker (sw/visit-reads.ts): a record of
 * the addresses this page has read, the ones the worker's runtime caches keep (the spot, its
 * services, the menus, their photos, the flags, the app's own files; never a token or an order).
 * The first visit reads them before the worker exists, so the worker asks for them when it first
 * activates, the page hands them over again once the worker controls it, and then each read that
 * completes without having passed through the worker (it started before the worker took control).
 * The browser's resource timing is the record: it also lists the reads the HTML's preload header
 * started, which the app's own code never requested. A server-rendered page's answers came inside
 * its HTML, with no request to time: they are added by name (ssr/server-render.ts); when a worker
 * already controlled the page, that HTML came past its copies of the same reads, so the worker is
 * asked to renew them, not just to keep them.
 */
import { ASK_VISIT_READS, KEEP_VISIT_READS, readsToKeep, type VisitReadsMessage } from "../../../sw/visit-reads";
import { readsEmbeddedInThePage } from "../ssr/server-render";

let observer: PerformanceObserver | undefined;
const read = new Set<string>();
/** What the server's HTML brought while a worker controlled the page: newer than the worker's copies. */
let renewed: string[] = [];
const late = new Set<string>();
let lateTimer: ReturnType<typeof setTimeout> | undefined;

/** How long late reads gather before they go to the worker in one message. */
const LATE_READS_DELAY_MS = 300;

function note(entries: readonly PerformanceEntry[]): void {
  for (const url of readsToKeep(
    entries.map((entry) => entry.name),
    window.location.origin,
  ))
    read.add(url);
  // A read that completes under the worker without having passed through it (it started before
  // the worker took control, a photo still downloading then) reaches its caches only this way.
  if (navigator.serviceWorker?.controller == null) return;
  const bypassed = entries.filter((entry) => (entry as PerformanceResourceTiming).workerStart === 0);
  for (const url of readsToKeep(
    bypassed.map((entry) => entry.name),
    window.location.origin,
  ))
    late.add(url);
  if (late.size > 0 && lateTimer === undefined) lateTimer = setTimeout(sendLateReads, LATE_READS_DELAY_MS);
}

function sendLateReads(): void {
  lateTimer = undefined;
  const urls = [...late];
  late.clear();
  navigator.serviceWorker?.controller?.postMessage({ type: KEEP_VISIT_READS, urls });
}

/** Starts the record, with what the page read before this call (the browser keeps those). */
export function recordVisitReads(): void {
  const embedded = readsToKeep([...readsEmbeddedInThePage()], window.location.origin);
  for (const url of embedded) read.add(url);
  // Under a worker, the HTML came from the network past the worker's copies of the same reads (a
  // first visit's worker has none yet: it fetches them anyway).
  if (navigator.serviceWorker?.controller != null) renewed = embedded;
  if (observer !== undefined || typeof PerformanceObserver === "undefined") return;
  // The observer sees every entry, also once the browser's own list of them (250 by default) is full.
  observer = new PerformanceObserver((list) => note(list.getEntries()));
  try {
    observer.observe({ type: "resource", buffered: true });
  } catch {
    // A browser without resource timing: nothing to hand over; the worker's routes still keep
    // whatever is read once it controls the page.
    note(performance.getEntriesByType("resource"));
  }
}

/** The addresses read so far, for the worker. */
export function visitReads(): string[] {
  // Entries the observer has not been called with yet.
  if (observer !== undefined) note(observer.takeRecords());
  return [...read];
}

/** The message that hands the visit's reads to the worker that controls the page. */
export function visitReadsMessage(): VisitReadsMessage {
  return { type: KEEP_VISIT_READS, urls: visitReads(), renewed };
}

/** Answers the worker's question (asked while it activates, before it controls this page). */
export function answerWorkerQuestions(container: ServiceWorkerContainer): void {
  container.addEventListener("message", (event: MessageEvent) => {
    const type = (event.data as { type?: unknown } | null)?.type;
    if (type === ASK_VISIT_READS) event.ports[0]?.postMessage(visitReadsMessage());
  });
  // Messages from a worker wait in a queue until the page says it listens.
  container.startMessages();
}
