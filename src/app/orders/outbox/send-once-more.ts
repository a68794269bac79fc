/**
 * One send per key at a time in this tab, and a resume that arrives during a send is kept, not
 * dropped. The case it is for: a send starts while the Wi-Fi is down, `online` fires while it is
 * still under way, then the send fails. Turned away by the lock, that `online` would be lost, and
 * the row would wait its whole backoff (2 s or more) although the device is back. Here, the send
 * runs once more as soon as the first one ends. If the first send succeeded, the second one finds
 * nothing left to send and ends at once. Across tabs, the outbox lock still decides.
 */
export function sendOnceMore(): <T>(key: string, send: () => Promise<T>) => Promise<T | "already-sending"> {
  const sending = new Set<string>();
  const askedAgain = new Set<string>();

  return async function run<T>(key: string, send: () => Promise<T>): Promise<T | "already-sending"> {
    if (sending.has(key)) {
      askedAgain.add(key);
      return "already-sending";
    }
    sending.add(key);
    try {
      return await send();
    } finally {
      sending.delete(key);
      if (askedAgain.delete(key)) void run(key, send);
    }
  };
}
