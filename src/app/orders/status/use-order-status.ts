/**
 * useOrderStatus: the live status of one order for a screen (spec §4 "Real-time status arrives by
 * a message stream; if it or the websocket fails, polling takes over; a backup poll also exists").
 *
 *   const { status, event, live } = useOrderStatus(order);
 *
 * - `order`: `{ orderId, storeId }` of a placed order (POST /api/orders answered), or null while
 *   there is none (nothing runs then). A change of orderId or storeId follows the new order.
 * - `status`: the newest OrderStatus known, null until the first answer.
 * - `event`: the whole OrderStatusEvent (dailyNumber, errorMessage of a rejection or a failed
 *   payment, updatedAt), null until the first answer.
 * - `live`: "stream" while the STOMP stream is up (or connecting), "polling" once polling took
 *   over, "idle" when nothing listens (no order, or a final status was reached).
 *
 * The screen closing is reported by the hook itself: when the component unmounts (or `order`
 * changes or becomes null) while the order is still pending, the machine logs
 * cart-screen-closed-while-pending (spec §7) and stops the stream and the polls. Nothing to call.
 * (The close waits one task, so StrictMode's unmount-and-mount again in development keeps the
 * same connection and logs nothing.)
 * A final status (ACCEPTED, REJECTED, TIMED_OUT, PAYMENT_FAILED) stops everything on its own.
 */
import { useEffect, useRef, useState } from "react";
import { type Actor, createActor, type SnapshotFrom } from "xstate";
import type { OrderStatus, OrderStatusEvent } from "../../../domain/orders-api";
import { type LiveMode, liveModeOf, orderStatusMachine } from "../../machines/order-status.machine";

export interface FollowedOrder {
  orderId: number;
  storeId: number;
}

export interface OrderStatusView {
  status: OrderStatus | null;
  event: OrderStatusEvent | null;
  live: LiveMode;
}

export interface UseOrderStatusOptions {
  /** Tests pass the machine with fake actors (machine.provide); the app never does. */
  machine?: typeof orderStatusMachine;
}

const IDLE: OrderStatusView = { status: null, event: null, live: "idle" };

function viewOf(snapshot: SnapshotFrom<typeof orderStatusMachine>): OrderStatusView {
  const event = snapshot.context.event;
  return { status: event?.status ?? null, event, live: liveModeOf(snapshot) };
}

const sameView = (a: OrderStatusView, b: OrderStatusView) => a.event === b.event && a.live === b.live;

interface Following {
  key: string;
  actor: Actor<typeof orderStatusMachine>;
  /** The close scheduled by an unmount; a remount of the same order (StrictMode) cancels it. */
  closing: ReturnType<typeof setTimeout> | null;
}

export function useOrderStatus(order: FollowedOrder | null, options: UseOrderStatusOptions = {}): OrderStatusView {
  const machine = options.machine ?? orderStatusMachine;
  const [view, setView] = useState<OrderStatusView>(IDLE);
  const following = useRef<Following | null>(null);
  const orderId = order?.orderId;
  const storeId = order?.storeId;

  useEffect(() => {
    if (orderId === undefined || storeId === undefined) {
      setView(IDLE);
      return;
    }
    const key = `${orderId}/${storeId}`;
    let entry = following.current;
    if (entry?.key === key && entry.closing !== null) {
      // React's StrictMode unmounts and mounts again at once: the same screen, not a closed one.
      clearTimeout(entry.closing);
      entry.closing = null;
    } else {
      entry = { key, actor: createActor(machine, { input: { orderId, storeId } }), closing: null };
      following.current = entry;
      entry.actor.start();
    }
    const current = entry;
    const show = (snapshot: SnapshotFrom<typeof orderStatusMachine>) => {
      const next = viewOf(snapshot);
      setView((shown) => (sameView(shown, next) ? shown : next));
    };
    const subscription = current.actor.subscribe({ next: show, error: () => setView(IDLE) });
    show(current.actor.getSnapshot());
    return () => {
      subscription.unsubscribe();
      current.closing = setTimeout(() => {
        // Logs cart-screen-closed-while-pending when still pending (a finished machine ignores it).
        current.actor.send({ type: "SCREEN_CLOSED" });
        current.actor.stop();
      }, 0);
    };
  }, [orderId, storeId, machine]);

  return view;
}
