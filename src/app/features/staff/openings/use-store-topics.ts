/**
 * Live staff screens (live on the store's STOMP topic, polling when it fails, so a waiter sees a
 * change at once): one STOMP connection to /api/stomp with the staff session's tokens, subscribed to the
 * store's orders and openings topics; every message calls `onChange` (the screen re-reads what it
 * shows). It reconnects by itself, and `connected` tells the screen to poll often while it is down.
 * @stomp/stompjs loads with the staff screens only.
 */
import { useEffect, useRef, useState } from "react";
import { storeOpeningsDestination, storeOrdersDestination } from "../../../../domain/order-topics";
import { authHeaders, sessionToSend } from "../../../api/accounts-client";
import { STOMP_HEARTBEAT_MS, stompUrl } from "../../../orders/status/stomp-connection";

const RECONNECT_MS = 5_000;

export function useStoreTopics(storeId: number, onChange: () => void): { connected: boolean } {
  const [connected, setConnected] = useState(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    let stopped = false;
    let client: import("@stomp/stompjs").Client | null = null;
    void (async () => {
      const [{ Client }, session] = await Promise.all([import("@stomp/stompjs"), sessionToSend()]);
      if (stopped || session === null) return;
      const stomp = new Client({
        brokerURL: stompUrl(globalThis.location),
        connectHeaders: authHeaders(session),
        // Each reconnect signs in with the session as it is now: the tokens rotate while a PDA
        // stays on all day, and the ones of the first connection are refused after a long outage
        // (INVALID_AUTH_TOKEN on every retry: the PDA never returned to the stream). A spent jwt is
        // refreshed first, so the first connection is not refused and retried 5 s later.
        beforeConnect: async (client) => {
          const current = await sessionToSend();
          if (current !== null) client.connectHeaders = authHeaders(current);
        },
        heartbeatIncoming: STOMP_HEARTBEAT_MS,
        heartbeatOutgoing: STOMP_HEARTBEAT_MS,
        reconnectDelay: RECONNECT_MS,
        onConnect: () => {
          for (const destination of [storeOpeningsDestination(storeId), storeOrdersDestination(storeId)]) {
            stomp.subscribe(destination, () => onChangeRef.current());
          }
          setConnected(true);
          // What changed while the stream was down is read once now.
          onChangeRef.current();
        },
        onWebSocketClose: () => {
          if (!stopped) setConnected(false);
        },
      });
      client = stomp;
      stomp.activate();
    })().catch(() => undefined);
    return () => {
      stopped = true;
      void client?.deactivate({ force: true }).catch(() => undefined);
    };
  }, [storeId]);

  return { connected };
}
