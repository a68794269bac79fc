/**
 * A count shown before the page title, "(3) Live orders · Κύμα": the pending orders of a waiter's
 * PDA, visible in the task switcher. Set by the staff shell; 0 shows none.
 */
import { useSyncExternalStore } from "react";

let badge = 0;
const listeners = new Set<() => void>();

export function setTitleBadge(count: number): void {
  if (count === badge) return;
  badge = count;
  for (const listener of listeners) listener();
}

export function useTitleBadge(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => badge,
    () => 0,
  );
}

export function withTitleBadge(title: string, count: number): string {
  return count > 0 ? `(${count}) ${title}` : title;
}
