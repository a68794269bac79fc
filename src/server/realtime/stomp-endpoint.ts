/**
 * GET /api/stomp: live order status over STOMP 1.2 on a WebSocket (design.md
 * "Real time"). One fan-out per process, subscribed once to the order-event bus
 * (in-process on SQLite, LISTEN/NOTIFY on PostgreSQL); each WebSocket is a StompSession.
 *
 * @fastify/websocket must be registered at the root (STOMP_WEBSOCKET_OPTIONS, by app.ts): its hooks
 * end an upgrade request that reaches any other route or the 404 handler. Registered inside this
 * plugin, such a socket stayed open and kept the server from closing.
 */

import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { WebsocketPluginOptions } from "@fastify/websocket";
import type { OrdersContext } from "../orders/context";
import { ConnectionCaps } from "./connection-caps";
import { DEFAULT_STOMP_LIMITS, type StompLimits, StompSession } from "./stomp-session";
import { type FanoutOptions, OrderTopicFanout } from "./topic-fanout";

/** The subprotocol @stomp/stompjs offers for 1.2 (with v10.stomp, v11.stomp); browsers need one chosen. */
const STOMP_12_SUBPROTOCOL = "v12.stomp";

export interface StompEndpointOptions {
  ctx: OrdersContext;
  /** Tests shorten heart-beats and session re-checks; production uses the defaults. */
  limits?: Partial<StompLimits>;
  /** Slices of a publish (topic-fanout.ts); the event-loop bench compares with unsliced delivery. */
  fanout?: Partial<FanoutOptions>;
}

/**
 * A WebSocket message may be larger than a frame (several frames, or one frame that is too large):
 * up to this, an oversized frame reaches the STOMP parser, which answers with an ERROR frame; above
 * it, ws refuses the message itself (1009) before buffering it.
 */
const MAX_WEBSOCKET_MESSAGE_BYTES = 4 * DEFAULT_STOMP_LIMITS.maxFrameBytes;

/**
 * WebSocket close code 1012 "service restart": sent to every live connection when the server shuts
 * down, so that clients reconnect at once (to another process behind the proxy, or to this one
 * when it is back) instead of waiting out their back-off.
 */
export const CLOSE_SERVICE_RESTART = 1012;

/**
 * How long a shutdown waits for clients to answer the close handshake before dropping their sockets:
 * ws itself would wait 30 s, and the server's close waits for every upgraded socket to end.
 */
const SHUTDOWN_CLOSE_HANDSHAKE_MS = 2000;

/** Options of @fastify/websocket, which app.ts registers on the root instance before any route. */
export const STOMP_WEBSOCKET_OPTIONS: WebsocketPluginOptions = {
  options: {
    maxPayload: MAX_WEBSOCKET_MESSAGE_BYTES,
    // A client offering subprotocols must get one back (Chrome fails the handshake otherwise);
    // one offering none gets none. Only 1.2 is spoken.
    handleProtocols: (offered) => (offered.has(STOMP_12_SUBPROTOCOL) ? STOMP_12_SUBPROTOCOL : false),
  },
  // The plugin's default logs every socket error at error level with its stack. A client's
  // WebSocket protocol error (ws codes WS_ERR_*, e.g. a message above maxPayload) is the client's
  // fault: one warning line without a stack. Anything else keeps its stack.
  errorHandler(error, socket, request) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && code.startsWith("WS_ERR_")) {
      request.log.warn(
        { code, reason: error.message, address: request.ip, maxMessageBytes: MAX_WEBSOCKET_MESSAGE_BYTES },
        "STOMP WebSocket protocol error from the client: connection closed",
      );
    } else {
      request.log.error({ err: error }, "STOMP WebSocket error");
    }
    socket.terminate();
  },
  // Instead of the plugin's default, which closes each socket without a code (1005 at the client).
  preClose(done) {
    const sockets = [...this.websocketServer.clients];
    for (const socket of sockets) socket.close(CLOSE_SERVICE_RESTART, "server restart");
    if (sockets.length > 0) {
      setTimeout(() => {
        for (const socket of sockets) socket.terminate();
      }, SHUTDOWN_CLOSE_HANDSHAKE_MS).unref();
    }
    this.websocketServer.close();
    done();
  },
};

export const stompEndpoint: FastifyPluginAsyncTypebox<StompEndpointOptions> = async (app, options) => {
  const limits: StompLimits = { ...DEFAULT_STOMP_LIMITS, ...options.limits };

  const fanout = new OrderTopicFanout(options.ctx.orderEvents, options.fanout);
  const caps = new ConnectionCaps(limits, app.log);
  app.addHook("onClose", async () => fanout.close());
  let connections = 0;

  app.get("/stomp", { websocket: true, schema: { hide: true } }, (socket, request) => {
    connections += 1;
    new StompSession(socket, {
      ctx: options.ctx,
      fanout,
      limits,
      log: app.log,
      id: `${process.pid.toString(36)}-${connections.toString(36)}`,
      caps,
      address: request.ip,
    }).start();
  });
};
