/**
 * The log call enter-{itemId}-clicked (spec §7): a guest opened an item of the menu. Fire and
 * forget through the queue of log calls (kept in IndexedDB offline, sent when back online). It
 * waits for an idle moment: the modal that is opening needs the slow phone's CPU and link first,
 * and the queue's code loads on first use, so the menu's first load does not carry it.
 */
import { itemLogEvent } from "../../../domain/item-log-events";

/** Longest wait for an idle moment before the call is queued anyway. */
const IDLE_TIMEOUT_MS = 2_000;

export function logItemOpened(itemId: number, storeId: number): void {
  const queue = () => {
    void import("../../orders/logs")
      .then(({ logEvent }) => logEvent(itemLogEvent(itemId), { storeId }))
      .catch(() => undefined);
  };
  if (typeof globalThis.requestIdleCallback === "function") {
    globalThis.requestIdleCallback(queue, { timeout: IDLE_TIMEOUT_MS });
  } else {
    setTimeout(queue, 0);
  }
}
