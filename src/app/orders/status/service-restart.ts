/**
 * A server that shuts down (a restart, a rolling update) closes its live WebSockets with 1012
 * "service restart" (or, through a proxy that goes away, 1001 "going away"). That is not a broken
 * network: the stream is reconnected at once, which a proxy sends to another process, instead of
 * after the reconnect delay meant for a lost connection.
 */
import type { Client } from "@stomp/stompjs";

const GOING_AWAY = 1001;
const SERVICE_RESTART = 1012;

export function isServiceRestart(closeCode: number): boolean {
  return closeCode === GOING_AWAY || closeCode === SERVICE_RESTART;
}

/**
 * Called from the client's onWebSocketClose: cancels the reconnect the library is about to schedule
 * (the socket is already closed, so deactivating is immediate) and starts a new connection now.
 */
export function reconnectNow(client: Client, stopped: () => boolean): void {
  void client.deactivate().then(() => {
    if (!stopped()) client.activate();
  });
}
