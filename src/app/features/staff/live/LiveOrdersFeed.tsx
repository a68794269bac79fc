/**
 * Keeps the store's live orders fresh, the way the openings screens keep theirs:
 * the store's STOMP topics (use-store-topics.ts: /topic/stores/{storeId}/orders) re-read the list
 * the moment an order is placed or changes; while the stream is down the list is polled every
 * LIVE_ORDERS_POLL_MS, and beside a working stream a backup read runs every LIVE_ORDERS_BACKUP_MS
 * (the spec's §4 fallback rules; the same numbers and reasons as the guest's order-status machine:
 * 3 s so a new order is heard within seconds, 15 s to bound what a silently missed message costs).
 * Renders nothing; writes into live-orders-store.ts, which the screen and the shell's badge read.
 */
import { useEffect, useRef } from "react";
import { fetchStaffOrders } from "../../../api/staff-orders";
import { onActionOutcome, startStaffActions } from "../openings/action-outbox";
import { usePolled } from "../openings/use-polled";
import { useStoreTopics } from "../openings/use-store-topics";
import { publishLiveOrders } from "./live-orders-store";

export const LIVE_ORDERS_POLL_MS = 3_000;
export const LIVE_ORDERS_BACKUP_MS = 15_000;

export function LiveOrdersFeed({ storeId }: { storeId: number }) {
  const reloadRef = useRef(() => {});
  const { connected } = useStoreTopics(storeId, () => reloadRef.current());
  const { data, error, offlineSince, reload } = usePolled(
    fetchStaffOrders,
    connected ? LIVE_ORDERS_BACKUP_MS : LIVE_ORDERS_POLL_MS,
    // Kept on the device: reloaded offline, the PDA still shows the last known orders, not an empty list.
    `orders:${storeId}`,
  );
  reloadRef.current = () => void reload();

  useEffect(() => {
    publishLiveOrders(storeId, { orders: data?.orders ?? null, offlineSince, error, reload });
  }, [storeId, data, offlineSince, error, reload]);

  // An accept or reject queued offline that the server has now answered: read the list again.
  useEffect(() => {
    startStaffActions();
    return onActionOutcome((row) => {
      if (row.orderId !== undefined) void reload();
    });
  }, [reload]);

  return null;
}
