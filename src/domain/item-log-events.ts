/**
 * The log call enter-{product}-clicked (spec §7), kept apart from the log calls' schemas
 * (order-logs.ts) so that the app can name the event without loading TypeBox.
 */

/**
 * enter-{product}-clicked (spec §7, payload not shown): a guest opened an item of the menu, named by
 * the item's id (`enter-1001-clicked`). Not a closed list: one event name per item of any store. The
 * app sends the item's storeId with it; the server takes it for an item of that store, or, without
 * a storeId, for any item it has.
 */
export const ITEM_LOG_EVENT_PATTERN = "^enter-[1-9][0-9]{0,9}-clicked$";
export type ItemLogEvent = `enter-${number}-clicked`;

export function itemLogEvent(itemId: number): ItemLogEvent {
  return `enter-${itemId}-clicked`;
}

/** The item id an enter-{id}-clicked event names; null for any other name. */
export function itemIdOfLogEvent(event: string): number | null {
  if (!new RegExp(ITEM_LOG_EVENT_PATTERN).test(event)) return null;
  const id = Number(event.slice("enter-".length, -"-clicked".length));
  return Number.isSafeInteger(id) ? id : null;
}
