/**
 * Live staff screens (live on the store's STOMP topic, polling when it fails, so a waiter sees a
 * change at once): one STOMP connection to /api/stomp with the staff session's tokens, subscribed to the
 * store's orders and openings topics, or to the ones a screen names (the kitchen's: tickets; the
 * live orders feed adds the guests' calls); every
 * message calls `onChange` with its parsed body (the screen re-reads what it shows, or only what the
 * event concerns: a station's display skips another station's tickets). It reconnects by itself, and
 * `connected` tells the screen to poll often while it is down.
 * @stomp/stompjs loads with the staff screens only.
 */
import { useEffect, useRef, useState } from "react";
import {
  storeCallsDestination,
  storeOpeningsDestination,
  storeOrdersDestination,
  storeTicketsDestination,
} from "../../../../domain/order-topics";
import { authHeaders, sessionToSend } from "../../../api/accounts-client";
import { STOMP_HEARTBEAT_MS, stompUrl } from "../../../orders/status/stomp-connection";

const RECONNECT_MS = 5_000;

export type StoreTopic = "orders" | "openings" | "tickets" | "calls";

const DESTINATIONS: Record<StoreTopic, (storeId: number) => string> = {
  orders: storeOrdersDestination,
  openings: storeOpeningsDestination,
  tickets: storeTicketsDestination,
  calls: storeCallsDestination,
};

/** What the waiter's screens follow: a table or an order changing. */
const FLOOR_TOPICS: readonly StoreTopic[] = ["openings", "orders"];

export function useStoreTopics(
  storeId: number,
  /** `event`: the message's JSON body, or undefined when it is not JSON. */
  onChange: (event?: unknown) => void,
  topics: readonly StoreTopic[] = FLOOR_TOPICS,
): { connected: boolean } {
  const [connected, setConnected] = useState(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // One key for the effect: a new array of the same topics on each render does not reconnect.
  const topicsKey = topics.join(",");

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
          for (const topic of topicsKey.split(",") as StoreTopic[]) {
            stomp.subscribe(DESTINATIONS[topic](storeId), (message) => onChangeRef.current(parsedBody(message.body)));
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
  }, [storeId, topicsKey]);

  return { connected };
}

function parsedBody(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}
