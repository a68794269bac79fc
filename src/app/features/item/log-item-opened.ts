/**
 * The log call enter-{itemId}-clicked (spec §7): a guest opened an item of the menu. Fire and
 * forget through the queue of log calls (kept in IndexedDB offline, sent when back online); the
 * queue's code loads on first use, so the menu's first load does not carry it.
 */
import { itemLogEvent } from "../../../domain/item-log-events";

export function logItemOpened(itemId: number, storeId: number): void {
  void import("../../orders/logs")
    .then(({ logEvent }) => logEvent(itemLogEvent(itemId), { storeId }))
    .catch(() => undefined);
}
