/**
 * Keeps the store's live orders fresh, the way the openings screens keep theirs:
 * the store's STOMP topics (use-store-topics.ts: /topic/stores/{storeId}/orders) re-read the list
 * the moment an order is placed or changes; while the stream is down the list is polled every
 * LIVE_ORDERS_POLL_MS, and beside a working stream a backup read runs every LIVE_ORDERS_BACKUP_MS
 * (the spec's §4 fallback rules; the same numbers and reasons as the guest's order-status machine:
 * 3 s so a new order is heard within seconds, 15 s to bound what a silently missed message costs).
 * The guests' calls (to pay, or for a waiter) come the same way on the store's calls topic, read
 * from GET /api/staff/calls and polled alike.
 * Renders nothing; writes into live-orders-store.ts and waiter-calls-store.ts, which the screen and
 * the shell's badge read.
 */
import { useEffect, useRef } from "react";
import { fetchStaffOrders } from "../../../api/staff-orders";
import { onActionOutcome, startStaffActions } from "../openings/action-outbox";
import { usePolled } from "../openings/use-polled";
import { type StoreTopic, useStoreTopics } from "../openings/use-store-topics";
import { publishLiveOrders } from "./live-orders-store";
import { ANSWER_CALL_ACTION, fetchWaiterCalls } from "./staff-calls";
import { publishWaiterCalls } from "./waiter-calls-store";

export const LIVE_ORDERS_POLL_MS = 3_000;
export const LIVE_ORDERS_BACKUP_MS = 15_000;

/** The orders, the tables (what a calling table owes changes with them) and the guests' calls. */
const FEED_TOPICS: readonly StoreTopic[] = ["orders", "openings", "calls"];

export function LiveOrdersFeed({ storeId }: { storeId: number }) {
  const reloadRef = useRef((_event?: unknown) => {});
  const { connected } = useStoreTopics(storeId, (event) => reloadRef.current(event), FEED_TOPICS);
  const interval = connected ? LIVE_ORDERS_BACKUP_MS : LIVE_ORDERS_POLL_MS;
  const { data, error, offlineSince, reload } = usePolled(
    fetchStaffOrders,
    interval,
    // Kept on the device: reloaded offline, the PDA still shows the last known orders, not an empty list.
    `orders:${storeId}`,
  );
  // Calls are read like the orders: on their topic, and polled as often while the stream is down.
  const calls = usePolled(fetchWaiterCalls, interval, `calls:${storeId}`);
  const reloadCalls = calls.reload;
  reloadRef.current = (event) => {
    // A call's own event concerns the calls only; anything else may change an order or what a
    // calling table owes, and a reconnect (no event) may have missed both.
    if (!isCallEvent(event)) void reload();
    void reloadCalls();
  };

  useEffect(() => {
    publishLiveOrders(storeId, { orders: data?.orders ?? null, offlineSince, error, reload });
  }, [storeId, data, offlineSince, error, reload]);

  useEffect(() => {
    publishWaiterCalls(storeId, {
      calls: calls.data?.calls ?? null,
      offlineSince: calls.offlineSince,
      error: calls.error,
      reload: reloadCalls,
    });
  }, [storeId, calls.data, calls.offlineSince, calls.error, reloadCalls]);

  // An accept, reject or answer queued offline that the server has now answered: read the list again.
  useEffect(() => {
    startStaffActions();
    return onActionOutcome((row) => {
      if (row.orderId !== undefined) void reload();
      if (row.action === ANSWER_CALL_ACTION) void reloadCalls();
    });
  }, [reload, reloadCalls]);

  return null;
}

function isCallEvent(event: unknown): boolean {
  return typeof event === "object" && event !== null && "callId" in event;
}
