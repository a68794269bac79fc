/**
 * Who asked for the entrance dialog, app-wide: the header's prompt, the /pin page, and later the
 * cart (with an order on hold). The layer in the shell mounts the dialog while a request is open
 * and ends it once the dialog has closed and reset; "login done" reaches whoever listens.
 */
import { useSyncExternalStore } from "react";
import type { Session } from "../../session/session";

export interface EntranceRequest {
  orderOnHold?: boolean;
  startWithPin?: boolean;
}

let current: EntranceRequest | null = null;
const changeListeners = new Set<() => void>();
const loginListeners = new Set<(session: Session | null) => void>();

function changed(): void {
  for (const listener of changeListeners) listener();
}

/** Opens the dialog; asking again while it slides out reopens it with what was typed. */
export function openEntrance(request: EntranceRequest = {}): void {
  current = { ...request };
  changed();
}

/** The dialog has closed and reset: unmount it. */
export function entranceFinished(): void {
  current = null;
  changed();
}

export function signalLoginDone(session: Session | null): void {
  for (const listener of loginListeners) listener(session);
}

export function onLoginDone(listener: (session: Session | null) => void): () => void {
  loginListeners.add(listener);
  return () => loginListeners.delete(listener);
}

export function useEntranceRequest(): EntranceRequest | null {
  return useSyncExternalStore(
    (listener) => {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    () => current,
    () => null,
  );
}
