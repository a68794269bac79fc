/**
 * A staff read kept fresh: loaded at once, again every `intervalMs` and whenever the device comes
 * back online or `reload()` is called. While the network is down the last answer stays on screen
 * with the time it was lost (`offlineSince`), never an empty list.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { toApiError } from "../../../api/api-error";

export interface Polled<T> {
  data: T | null;
  /** The last failure that was an answer (a refusal); network failures only set offlineSince. */
  error: unknown;
  offlineSince: Date | null;
  reload: () => Promise<void>;
}

export function usePolled<T>(load: () => Promise<T>, intervalMs: number): Polled<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [offlineSince, setOfflineSince] = useState<Date | null>(null);
  const loadRef = useRef(load);
  loadRef.current = load;
  const mounted = useRef(true);

  const reload = useCallback(async () => {
    try {
      const answer = await loadRef.current();
      if (!mounted.current) return;
      setData(answer);
      setError(null);
      setOfflineSince(null);
    } catch (thrown) {
      if (!mounted.current) return;
      const apiError = await toApiError(thrown);
      if (apiError.isNetworkError) setOfflineSince((since) => since ?? new Date());
      else setError(apiError);
    }
  }, []);

  useEffect(() => {
    mounted.current = true;
    void reload();
    const timer = setInterval(() => void reload(), intervalMs);
    const online = () => void reload();
    window.addEventListener("online", online);
    return () => {
      mounted.current = false;
      clearInterval(timer);
      window.removeEventListener("online", online);
    };
  }, [reload, intervalMs]);

  return { data, error, offlineSince, reload };
}
