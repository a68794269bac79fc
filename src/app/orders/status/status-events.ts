/**
 * What the live-status actors tell the order-status machine (machines/order-status.machine.ts).
 * The stream (stomp-connection.ts) and the polls (polling.ts) are XState callback actors; these are
 * the events they send back to it.
 */
import type { OrderStatusEvent } from "../../../domain/orders-api";

/** Where a status came from; each has its own §7 log call (order-status-returned-...). */
export type StatusSource =
  | "subscription"
  | "api-call"
  | "backup-call"
  | "stomp-error-polling"
  | "websocket-error-polling";

/** A status read by GET /api/orders/:orderId/status or received in the subscription. */
export type StatusReceived = { type: "STATUS"; source: StatusSource; event: OrderStatusEvent };

export type StreamEvent =
  /** The STOMP CONNECTED frame arrived and the order's topic is subscribed. */
  | { type: "STREAM.CONNECTED" }
  /** A MESSAGE frame of the order's topic; its body is not trusted yet. */
  | { type: "STREAM.MESSAGE"; body: string }
  /** A STOMP ERROR frame (refused CONNECT or SUBSCRIBE, server trouble). */
  | { type: "STREAM.STOMP_ERROR"; message: string }
  /** The WebSocket failed or closed (blocked by a proxy, network lost, heart-beats missed). */
  | { type: "STREAM.SOCKET_ERROR"; reason: "error" | "close" | "unavailable" };

export interface StreamInput {
  orderId: number;
}

export interface PollInput {
  orderId: number;
  source: Exclude<StatusSource, "subscription" | "api-call">;
  intervalMs: number;
  /** Ask at once (polling taking over) or only after the first interval (backup beside the stream). */
  immediately: boolean;
}
