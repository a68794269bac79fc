/**
 * One load per key at a time: callers asking while a load is in flight share its promise. An
 * invalidation may clear the map meanwhile (a load that read before a change must not be handed
 * to a request made after it), so a finished load removes only its own entry.
 */
export function singleFlight<K, V>(pending: Map<K, Promise<V>>, key: K, start: () => Promise<V>): Promise<V> {
  const inFlight = pending.get(key);
  if (inFlight !== undefined) return inFlight;
  const started = start();
  pending.set(key, started);
  void started
    .finally(() => {
      if (pending.get(key) === started) pending.delete(key);
    })
    .catch(() => undefined);
  return started;
}
