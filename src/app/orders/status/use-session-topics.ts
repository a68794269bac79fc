/**
 * Live screens of a signed-in account (the waiter's staff screens, a guest's bill): one STOMP
 * connection to /api/stomp with the session's tokens, subscribed to the given destinations; every
 * message calls `onChange` with its parsed body (the screen re-reads what it shows, or only what
 * the event concerns). It reconnects by itself, and `connected` tells the screen to poll often while
 * it is down; a server's restart (close code 1012 or 1001) reconnects at once rather than after
 * RECONNECT_MS. @stomp/stompjs loads with the screens that use this only.
 */
import { useEffect, useRef, useState } from "react";
import { authHeaders, sessionToSend } from "../../api/accounts-client";
import { isServiceRestart, reconnectNow } from "./service-restart";
import { STOMP_HEARTBEAT_MS, stompUrl } from "./stomp-connection";

const RECONNECT_MS = 5_000;

export function useSessionTopics(
  destinations: readonly string[],
  enabled: boolean,
  /** `event`: the message's JSON body, or undefined when it is not JSON (and on a reconnect). */
  onChange: (event?: unknown) => void,
  /**
   * `anonymous`: connect without tokens when there is no session (the catalogue topic of an open
   * menu, which any guest may follow); with a session its tokens are sent as usual.
   */
  options: { anonymous?: boolean } = {},
): { connected: boolean } {
  const anonymous = options.anonymous === true;
  const [connected, setConnected] = useState(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // One key for the effect: a new array of the same destinations on each render does not reconnect.
  const destinationsKey = destinations.join(",");

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let client: import("@stomp/stompjs").Client | null = null;
    void (async () => {
      const [{ Client }, session] = await Promise.all([import("@stomp/stompjs"), sessionToSend()]);
      if (stopped || (session === null && !anonymous)) return;
      const stomp = new Client({
        brokerURL: stompUrl(globalThis.location),
        connectHeaders: session === null ? {} : authHeaders(session),
        // Each reconnect signs in with the session as it is now: the tokens rotate while a PDA
        // stays on all day, and the ones of the first connection are refused after a long outage
        // (INVALID_AUTH_TOKEN on every retry: the screen never returned to the stream). A spent jwt
        // is refreshed first, so the first connection is not refused and retried 5 s later.
        beforeConnect: async (current) => {
          const now = await sessionToSend();
          if (now !== null) current.connectHeaders = authHeaders(now);
          else if (anonymous) current.connectHeaders = {};
        },
        heartbeatIncoming: STOMP_HEARTBEAT_MS,
        heartbeatOutgoing: STOMP_HEARTBEAT_MS,
        reconnectDelay: RECONNECT_MS,
        onConnect: () => {
          for (const destination of destinationsKey.split(",")) {
            stomp.subscribe(destination, (message) => onChangeRef.current(parsedBody(message.body)));
          }
          setConnected(true);
          // What changed while the stream was down is read once now.
          onChangeRef.current();
        },
        onWebSocketClose: (event) => {
          if (stopped) return;
          setConnected(false);
          if (isServiceRestart(event.code)) reconnectNow(stomp, () => stopped);
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
  }, [destinationsKey, enabled, anonymous]);

  return { connected };
}

function parsedBody(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}
