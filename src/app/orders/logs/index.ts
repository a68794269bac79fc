/**
 * The §7 log calls for the rest of the app: `logEvent(event, fields)` is fire and forget (it
 * returns nothing and never throws: spec §7 "errors swallowed"); `startLogFlushing()` sends what an
 * earlier visit left queued and flushes again whenever the device comes back online. Dexie and the
 * queue load on first use, so importing this module costs the first load nothing.
 */
import type { LogEvent } from "../../../domain/order-logs";
import type { LogFields, LogQueue } from "./log-queue";

let queue: Promise<LogQueue> | null = null;

function logQueue(): Promise<LogQueue> {
  queue ??= Promise.all([import("./log-queue"), import("../../db/app-db")]).then(
    ([{ LogQueue }, { appDb }]) => new LogQueue(async () => appDb()),
  );
  // A failed chunk load may succeed later (back online): do not keep the rejection.
  queue.catch(() => {
    queue = null;
  });
  return queue;
}

/** Records a §7 log call now and sends it when it can. */
export function logEvent(event: LogEvent, fields: LogFields): void {
  const at = new Date();
  // Also arms the `online` flush, in case the app start did not (a queued call must not wait for a reload).
  startLogFlushing();
  logQueue()
    .then((q) => q.record(event, fields, at))
    .catch(() => undefined);
}

let started = false;

/** At app start: flush what is queued, and again on every `online`. Idempotent. */
export function startLogFlushing(): void {
  if (started) return;
  started = true;
  const flush = () => {
    logQueue()
      .then((q) => q.flush())
      .catch(() => undefined);
  };
  globalThis.addEventListener?.("online", flush);
  flush();
}
