/**
 * The live order-status stream (spec §4 "real-time status arrives by a message stream"; design.md
 * "Real time"): STOMP 1.2 over a WebSocket to GET /api/stomp with @stomp/stompjs, subscribed to
 * /topic/orders/{orderId}. An XState callback actor: it reports to the order-status machine and
 * never decides anything itself:
 *
 * - CONNECT carries the session's authToken and jwt (the server lets a guest subscribe to their
 *   own order only);
 * - heart-beats both ways every STOMP_HEARTBEAT_MS, so a half-open connection (Wi-Fi dropped
 *   without a FIN) is noticed within about two periods and reported as a closed socket;
 * - no reconnection (reconnectDelay 0): on a STOMP ERROR frame or a failed/closed WebSocket the
 *   machine switches to polling, which works through proxies that block WebSockets. The one
 *   exception: a CONNECT refused with INVALID_AUTH_TOKEN because the app's refresh rotated its
 *   tokens meanwhile is sent once more with the new pair (a stale pair is not a broken stream).
 *   And a connected stream that the server closes for its restart (1012, or 1001 from a proxy) is
 *   opened again at once, which reaches another process or the restarted one; only when that new
 *   connection fails (or after MAX_RESTART_RECONNECTS) does the machine hear of it. The backup poll
 *   covers the moment in between.
 *
 * @stomp/stompjs is imported on first use, so it is never part of the menu's first load.
 */
import { type EventObject, fromCallback } from "xstate";
import { orderDestination } from "../../../domain/order-topics";
import { authHeaders, INVALID_AUTH_TOKEN, sessionToSend } from "../../api/accounts-client";
import { sessionAfterRotation } from "../../session/token-refresh";
import { isServiceRestart } from "./service-restart";
import type { StreamEvent, StreamInput } from "./status-events";

/** Heart-beat period asked of the server and promised to it (both directions). */
export const STOMP_HEARTBEAT_MS = 10_000;

/**
 * Restart closes reconnected at once, per stream: a rolling restart closes it once or twice; a server
 * that keeps closing it is handed to the machine (which polls) rather than reconnected forever.
 */
export const MAX_RESTART_RECONNECTS = 5;

/** ws(s)://host/api/stomp of the page's own origin (the API and the PWA share it). */
export function stompUrl(location: Pick<Location, "protocol" | "host">): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/stomp`;
}

export interface StompStreamOptions {
  /** Default: the page's own /api/stomp (tests point it at a local server). */
  brokerURL?: () => string;
}

export function createStompStream(options: StompStreamOptions = {}) {
  const brokerURL = options.brokerURL ?? (() => stompUrl(globalThis.location));
  return fromCallback<EventObject, StreamInput>(({ input, sendBack }) => {
    let stopped = false;
    let restarts = 0;
    let client: import("@stomp/stompjs").Client | null = null;
    // After cleanup stompjs still calls back (deactivate closes the socket): those are ours, not news.
    const report = (event: StreamEvent) => {
      if (!stopped) sendBack(event);
    };

    const connect = async (mayRetryRotated: boolean) => {
      // A spent jwt is refreshed first (sessionToSend): a CONNECT with it would only be refused.
      const [{ Client }, session] = await Promise.all([import("@stomp/stompjs"), sessionToSend()]);
      if (stopped) return;
      // Set once this connection is given up for a retry: what it still says is not news.
      let replaced = false;
      let connected = false;
      const reportOwn = (event: StreamEvent) => {
        if (!replaced) report(event);
      };
      const stomp = new Client({
        brokerURL: brokerURL(),
        connectHeaders: session ? authHeaders(session) : {},
        heartbeatIncoming: STOMP_HEARTBEAT_MS,
        heartbeatOutgoing: STOMP_HEARTBEAT_MS,
        reconnectDelay: 0,
        onConnect: () => {
          connected = true;
          stomp.subscribe(orderDestination(input.orderId), (message) =>
            reportOwn({ type: "STREAM.MESSAGE", body: message.body }),
          );
          reportOwn({ type: "STREAM.CONNECTED" });
        },
        onStompError: (frame) => {
          const message = frame.headers.message ?? "";
          if (!mayRetryRotated || replaced || message !== INVALID_AUTH_TOKEN) {
            reportOwn({ type: "STREAM.STOMP_ERROR", message });
            return;
          }
          // The app's token refresh (at start, every 20 minutes) may have rotated the pair this
          // CONNECT carried while it was on its way: not a broken stream. Once, with the new pair.
          replaced = true;
          void sessionAfterRotation().then((current) => {
            if (current === null || current.authToken === session?.authToken) {
              report({ type: "STREAM.STOMP_ERROR", message });
              return;
            }
            void stomp.deactivate({ force: true }).catch(() => undefined);
            start(false);
          });
        },
        onWebSocketError: () => reportOwn({ type: "STREAM.SOCKET_ERROR", reason: "error" }),
        onWebSocketClose: (event) => {
          if (connected && !replaced && !stopped && isServiceRestart(event.code) && restarts < MAX_RESTART_RECONNECTS) {
            replaced = true;
            restarts += 1;
            start(mayRetryRotated);
            return;
          }
          reportOwn({ type: "STREAM.SOCKET_ERROR", reason: "close" });
        },
      });
      client = stomp;
      stomp.activate();
    };
    const start = (mayRetryRotated: boolean) =>
      connect(mayRetryRotated).catch(() => {
        // The library's chunk could not load (offline after an update) or WebSocket is missing.
        report({ type: "STREAM.SOCKET_ERROR", reason: "unavailable" });
      });
    void start(true);

    return () => {
      stopped = true;
      // Forced: a graceful DISCONNECT waits for the server's RECEIPT, which on a dead network never
      // comes and would keep the socket (and its heart-beats) alive. We have nothing left to send.
      void client?.deactivate({ force: true }).catch(() => undefined);
    };
  });
}

/** The stream of the app: the page's own origin. */
export const stompStream = createStompStream();
