/**
 * An open menu follows its store's catalogue (sold out, prices): subscribed to
 * /topic/stores/{storeId}/catalogue over the app's STOMP connection hook (without a session too:
 * a guest reading the menu has none yet), it calls `read` after an event with a newer
 * catalogueVersion, once after every reconnect (what changed while the stream was down; not after
 * the first connect, which follows the menu's own read), and every LIVE_MENU_POLL_MS while the
 * stream is down. Each read waits a random few hundred ms (live-catalogue.ts) and reads coming close
 * together are one.
 */
import { useEffect, useRef } from "react";
import { storeCatalogueDestination } from "../../../domain/order-topics";
import { useSessionTopics } from "../../orders/status/use-session-topics";
import { LIVE_MENU_POLL_MS, newerCatalogueVersion, readDelayMs } from "./live-catalogue";

export function useLiveCatalogue(storeId: number, read: () => void): { connected: boolean } {
  const readRef = useRef(read);
  readRef.current = read;
  /** The newest version an event announced, for this store. */
  const seen = useRef<{ storeId: number; version: number } | null>(null);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const connects = useRef(0);

  const schedule = useRef(() => {
    if (pending.current !== null) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      readRef.current();
    }, readDelayMs());
  }).current;

  useEffect(
    () => () => {
      if (pending.current !== null) clearTimeout(pending.current);
      pending.current = null;
    },
    [],
  );

  const { connected } = useSessionTopics(
    [storeCatalogueDestination(storeId)],
    true,
    (event) => {
      if (event === undefined) {
        // The first connect follows the menu's own read (a cold visit reads table and menu once);
        // a reconnect reads what changed while the stream was down.
        if (connects.current++ > 0) schedule();
        return;
      }
      const before = seen.current?.storeId === storeId ? seen.current.version : null;
      const version = newerCatalogueVersion(before, storeId, event);
      if (version === null) return;
      seen.current = { storeId, version };
      schedule();
    },
    { anonymous: true },
  );

  useEffect(() => {
    if (connected) return;
    const timer = setInterval(schedule, LIVE_MENU_POLL_MS);
    return () => clearInterval(timer);
  }, [connected, schedule]);

  return { connected };
}
