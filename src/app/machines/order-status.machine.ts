/**
 * Live status of one order (spec §4 "Real-time status arrives by a message stream; if it or the
 * websocket fails, polling takes over; a backup poll also exists"; §7 log calls).
 *
 *   following (parallel)
 *     firstRead   GET /api/orders/:orderId/status once             -> order-status-returned-from-api-call
 *     live
 *       stream (parallel)   STOMP, /topic/orders/{orderId}         (orders/status/stomp-connection.ts)
 *         connection        connecting -> connected               stomp-client-connected; -disconnected when
 *                                                                 the machine leaves a connection that was up
 *                           no CONNECTED within STREAM_CONNECT_TIMEOUT_MS counts as a WebSocket failure
 *         backup            a poll every BACKUP_POLL_INTERVAL_MS  backup-polling-enabled (once),
 *                                                                 order-status-returned-from-backup-call
 *       polling             after a STOMP ERROR frame (stomp-error, polling-enabled-at-stomp-error) or a
 *                           WebSocket error or close (websocket-error, polling-enabled-at-websocket-error):
 *                           a poll every STATUS_POLL_INTERVAL_MS  order-status-returned-from-...-polling
 *   finished    a final status (ACCEPTED, REJECTED, TIMED_OUT, PAYMENT_FAILED): every actor stops; an
 *               accepted order of a store that shows preparation is followed on until it is on its way
 *   closed      SCREEN_CLOSED while pending: cart-screen-closed-while-pending, every actor stops
 *
 * Each MESSAGE logs message-received-in-subscription, then order-status-returned-in-subscription
 * (a valid OrderStatusEvent of this order), unhandled-message-received (anything else) or
 * error-at-message-receipt-in-subscription (handling it threw: a body that is not JSON).
 *
 * Why these numbers:
 * - STATUS_POLL_INTERVAL_MS 3 s: polling replaces a live stream, so a waiter's "accept" should show
 *   within a few seconds; at 3 s even 200 guests of one venue on fallback make about 67 light,
 *   indexed reads per second, and each poll waits for the previous answer (no pile-up on bad Wi-Fi).
 * - BACKUP_POLL_INTERVAL_MS 15 s: the stream can miss a message without failing (a change made
 *   between the first read and the SUBSCRIBE, a half-open socket before heart-beats notice it); 15 s
 *   bounds how stale the screen can be, at 4 reads a minute per open order.
 * - STREAM_CONNECT_TIMEOUT_MS 10 s: a proxy that holds the upgrade open without answering never
 *   errors; after 10 s the guest is better served by polling.
 * Once polling took over it stays until the end (the stream is not retried): the order is usually
 * answered within minutes, and flapping between the two would only add requests and logs.
 *
 * The stream and the polls are callback actors returning their cleanup (design.md); tests provide
 * fakes at the network edge and drive delays with a SimulatedClock.
 */
import { and, assign, fromPromise, raise, type SnapshotFrom, setup, stateIn } from "xstate";
import type { OrderStatus } from "../../domain/order-constants";
import type { OrderLogEvent, OrderStatusLogEvent } from "../../domain/order-logs";
import { isLastWord, isNewerOrSame, orderStatusEventOf } from "../../domain/order-status-message";
import type { OrderStatusEvent } from "../../domain/orders-api";
import { fetchOrderStatus } from "../api/order-status";
import { logEvent } from "../orders/logs";
import { pollingLogic } from "../orders/status/polling";
import type { StatusReceived, StatusSource, StreamEvent } from "../orders/status/status-events";
import { stompStream } from "../orders/status/stomp-connection";

export const STATUS_POLL_INTERVAL_MS = 3_000;
export const BACKUP_POLL_INTERVAL_MS = 15_000;
export const STREAM_CONNECT_TIMEOUT_MS = 10_000;

export interface OrderStatusInput {
  orderId: number;
  storeId: number;
}

export interface OrderStatusContext {
  orderId: number;
  storeId: number;
  /** The newest status known (null until the first answer). */
  event: OrderStatusEvent | null;
}

export type OrderStatusMachineEvent =
  | StatusReceived
  | StreamEvent
  /** The screen that follows the order closes (unmount): reported when the order is still pending. */
  | { type: "SCREEN_CLOSED" };

export type OrderStatusLogParams = { event: OrderLogEvent | OrderStatusLogEvent; status?: OrderStatus };

const STATUS_LOG: Record<StatusSource, OrderStatusLogEvent> = {
  subscription: "order-status-returned-in-subscription",
  "api-call": "order-status-returned-from-api-call",
  "backup-call": "order-status-returned-from-backup-call",
  "stomp-error-polling": "order-status-returned-from-stomp-error-polling",
  "websocket-error-polling": "order-status-returned-from-websocket-error-polling",
};

const log = (event: OrderLogEvent) => ({ type: "log" as const, params: { event } });

const orderStatusSetup = setup({
  types: {
    context: {} as OrderStatusContext,
    events: {} as OrderStatusMachineEvent,
    input: {} as OrderStatusInput,
  },
  delays: {
    CONNECT_TIMEOUT: STREAM_CONNECT_TIMEOUT_MS,
  },
  actors: {
    fetchStatus: fromPromise(({ input }: { input: { orderId: number } }) => fetchOrderStatus(input.orderId)),
    poll: pollingLogic(fetchOrderStatus),
    stream: stompStream,
  },
  guards: {
    isCurrent: ({ context, event }) => event.type === "STATUS" && isNewerOrSame(event.event, context.event),
    isFinal: ({ event }) => event.type === "STATUS" && isLastWord(event.event),
  },
  actions: {
    // Fire and forget (spec §7): queued in Dexie, never throws.
    log: ({ context }, params: OrderStatusLogParams) =>
      logEvent(params.event, {
        orderId: context.orderId,
        ...(params.status === undefined ? {} : { status: params.status }),
      }),
    showStatus: assign(({ event }) => (event.type === "STATUS" ? { event: event.event } : {})),
  },
});

/** The status answered (spec §7: with orderId and status, named for where it came from). */
const logStatus = orderStatusSetup.enqueueActions(({ event, enqueue }) => {
  if (event.type !== "STATUS") return;
  enqueue({ type: "log", params: { event: STATUS_LOG[event.source], status: event.event.status } });
});

const CONNECTED = "#orderStatus.following.live.stream.connection.connected";

/**
 * §7 stomp-client-disconnected: logged when the machine ends a connection that was up (final
 * status, screen closed, an error that hands over to polling), after the reason was logged.
 */
const endConnection = orderStatusSetup.enqueueActions(({ enqueue, check }) => {
  if (check(stateIn(CONNECTED))) enqueue(log("stomp-client-disconnected"));
});

/** One MESSAGE of the subscription: trusted only once it reads as this order's status. */
const readMessage = orderStatusSetup.enqueueActions(({ context, event, enqueue }) => {
  if (event.type !== "STREAM.MESSAGE") return;
  enqueue(log("message-received-in-subscription"));
  let status: OrderStatusEvent | null;
  try {
    status = orderStatusEventOf(JSON.parse(event.body), context.orderId);
  } catch {
    enqueue(log("error-at-message-receipt-in-subscription"));
    return;
  }
  if (status === null) enqueue(log("unhandled-message-received"));
  else enqueue.raise({ type: "STATUS", source: "subscription", event: status });
});

export const orderStatusMachine = orderStatusSetup.createMachine({
  id: "orderStatus",
  context: ({ input }) => ({ orderId: input.orderId, storeId: input.storeId, event: null }),
  initial: "following",
  states: {
    following: {
      type: "parallel",
      on: {
        STATUS: [
          // An answer older than what is shown is logged (it was returned) but not shown.
          {
            guard: and(["isCurrent", "isFinal"]),
            target: "finished",
            actions: [logStatus, "showStatus", endConnection],
          },
          { guard: "isCurrent", actions: [logStatus, "showStatus"] },
          { actions: logStatus },
        ],
        SCREEN_CLOSED: { target: "closed", actions: [log("cart-screen-closed-while-pending"), endConnection] },
      },
      states: {
        firstRead: {
          initial: "reading",
          states: {
            reading: {
              invoke: {
                src: "fetchStatus",
                input: ({ context }) => ({ orderId: context.orderId }),
                onDone: {
                  target: "read",
                  actions: raise(({ event }) => ({
                    type: "STATUS" as const,
                    source: "api-call" as const,
                    event: event.output,
                  })),
                },
                // The stream and the backup poll still bring the status.
                onError: "read",
              },
            },
            read: { type: "final" },
          },
        },
        live: {
          initial: "stream",
          states: {
            stream: {
              type: "parallel",
              invoke: { src: "stream", input: ({ context }) => ({ orderId: context.orderId }) },
              on: {
                "STREAM.MESSAGE": { actions: readMessage },
                "STREAM.STOMP_ERROR": { target: "polling.atStompError", actions: [log("stomp-error"), endConnection] },
                "STREAM.SOCKET_ERROR": {
                  target: "polling.atWebsocketError",
                  actions: [log("websocket-error"), endConnection],
                },
              },
              states: {
                connection: {
                  initial: "connecting",
                  states: {
                    connecting: {
                      on: { "STREAM.CONNECTED": "connected" },
                      after: {
                        CONNECT_TIMEOUT: {
                          target: "#orderStatus.following.live.polling.atWebsocketError",
                          actions: log("websocket-error"),
                        },
                      },
                    },
                    connected: { entry: log("stomp-client-connected") },
                  },
                },
                backup: {
                  entry: log("backup-polling-enabled"),
                  invoke: {
                    src: "poll",
                    input: ({ context }) => ({
                      orderId: context.orderId,
                      source: "backup-call" as const,
                      intervalMs: BACKUP_POLL_INTERVAL_MS,
                      immediately: false,
                    }),
                  },
                },
              },
            },
            polling: {
              // Always entered through one of its children (which error it was).
              initial: "atWebsocketError",
              states: {
                atStompError: {
                  entry: log("polling-enabled-at-stomp-error"),
                  invoke: {
                    src: "poll",
                    input: ({ context }) => ({
                      orderId: context.orderId,
                      source: "stomp-error-polling" as const,
                      intervalMs: STATUS_POLL_INTERVAL_MS,
                      immediately: true,
                    }),
                  },
                },
                atWebsocketError: {
                  entry: log("polling-enabled-at-websocket-error"),
                  invoke: {
                    src: "poll",
                    input: ({ context }) => ({
                      orderId: context.orderId,
                      source: "websocket-error-polling" as const,
                      intervalMs: STATUS_POLL_INTERVAL_MS,
                      immediately: true,
                    }),
                  },
                },
              },
            },
          },
        },
      },
    },
    finished: { type: "final" },
    closed: { type: "final" },
  },
});

/** How the status arrives now, for the screen: "idle" once nothing listens any more. */
export type LiveMode = "stream" | "polling" | "idle";

export function liveModeOf(snapshot: SnapshotFrom<typeof orderStatusMachine>): LiveMode {
  if (snapshot.status !== "active") return "idle";
  if (snapshot.matches({ following: { live: "stream" } })) return "stream";
  if (snapshot.matches({ following: { live: "polling" } })) return "polling";
  return "idle";
}
