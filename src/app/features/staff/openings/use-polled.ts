/**
 * A staff read kept fresh: loaded at once, again every `intervalMs` and whenever the device comes
 * back online or `reload()` is called. While the network is down the last answer stays on screen
 * with the time it was lost (`offlineSince`), never an empty list. With `rememberAs`, the last answer
 * is also kept on the device (last-reads.ts) and shown at once on the next visit, so a PDA reloaded
 * offline shows its last known list, "offline since" the time it was read, never an empty screen.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { toApiError } from "../../../api/api-error";
import { lastRead, rememberRead } from "./last-reads";

export interface Polled<T> {
  data: T | null;
  /** The last failure that was an answer (a refusal); network failures only set offlineSince. */
  error: unknown;
  offlineSince: Date | null;
  reload: () => Promise<void>;
}

export function usePolled<T>(load: () => Promise<T>, intervalMs: number, rememberAs?: string): Polled<T> {
  const [remembered] = useState(() => (rememberAs === undefined ? null : lastRead<T>(rememberAs)));
  const [data, setData] = useState<T | null>(remembered?.data ?? null);
  const [error, setError] = useState<unknown>(null);
  const [offlineSince, setOfflineSince] = useState<Date | null>(null);
  const rememberRef = useRef(rememberAs);
  rememberRef.current = rememberAs;
  /** A remembered answer on screen: a failure before any answer in this visit is "offline since" its time. */
  const restoredAt = useRef<Date | null>(remembered === null ? null : new Date(remembered.at));
  const loadRef = useRef(load);
  loadRef.current = load;
  const mounted = useRef(true);

  const reload = useCallback(async () => {
    try {
      const answer = await loadRef.current();
      if (!mounted.current) return;
      setData(answer);
      setError(null);
      // An answer that was on its way when the device lost the network does not end "offline since"
      // (the next one after the `online` event does): else the PDA would look online until its next read.
      if (navigator.onLine) setOfflineSince(null);
      restoredAt.current = null;
      if (rememberRef.current !== undefined) rememberRead(rememberRef.current, answer, new Date());
    } catch (thrown) {
      if (!mounted.current) return;
      const apiError = await toApiError(thrown);
      if (apiError.isNetworkError) setOfflineSince((since) => since ?? restoredAt.current ?? new Date());
      else setError(apiError);
    }
  }, []);

  useEffect(() => {
    mounted.current = true;
    void reload();
    const online = () => void reload();
    // The device says it lost the network: say so at once, not at the next read (up to a backup
    // interval later while a stream that has not noticed yet still counts as connected).
    const offline = () => setOfflineSince((since) => since ?? restoredAt.current ?? new Date());
    window.addEventListener("online", online);
    window.addEventListener("offline", offline);
    return () => {
      mounted.current = false;
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
    };
  }, [reload]);

  // A new interval (the stream came back or was lost) only changes the pace: the stream's
  // (re)connect already reads once, and a read at once here would be the same read twice.
  useEffect(() => {
    const timer = setInterval(() => void reload(), intervalMs);
    return () => clearInterval(timer);
  }, [reload, intervalMs]);

  return { data, error, offlineSince, reload };
}
