/**
 * The bill's live stream: one STOMP connection to /api/stomp with the guest's tokens, subscribed to
 * /topic/tables/{tableId}/bill; every message (a BillChangedEvent: someone paid, a waiter settled,
 * a new order was accepted) calls `onChange` and the screen re-reads the bill. It reconnects by
 * itself with the session as it is then (tokens rotate), and `connected` tells the screen to poll
 * often while it is down. @stomp/stompjs loads with this screen only.
 */
import { useEffect, useRef, useState } from "react";
import { tableBillDestination } from "../../../domain/order-topics";
import { authHeaders, sessionToSend } from "../../api/accounts-client";
import { STOMP_HEARTBEAT_MS, stompUrl } from "../../orders/status/stomp-connection";

const RECONNECT_MS = 5_000;

export function useBillStream(tableId: number, enabled: boolean, onChange: () => void): { connected: boolean } {
  const [connected, setConnected] = useState(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let client: import("@stomp/stompjs").Client | null = null;
    void (async () => {
      const [{ Client }, session] = await Promise.all([import("@stomp/stompjs"), sessionToSend()]);
      if (stopped || session === null) return;
      const stomp = new Client({
        brokerURL: stompUrl(globalThis.location),
        connectHeaders: authHeaders(session),
        beforeConnect: async (current) => {
          const now = await sessionToSend();
          if (now !== null) current.connectHeaders = authHeaders(now);
        },
        heartbeatIncoming: STOMP_HEARTBEAT_MS,
        heartbeatOutgoing: STOMP_HEARTBEAT_MS,
        reconnectDelay: RECONNECT_MS,
        onConnect: () => {
          stomp.subscribe(tableBillDestination(tableId), () => onChangeRef.current());
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
      setConnected(false);
      // Forced: a graceful DISCONNECT waits for a RECEIPT that a dead network never brings.
      void client?.deactivate({ force: true }).catch(() => undefined);
    };
  }, [tableId, enabled]);

  return { connected };
}
