/**
 * The current session for components: undefined while IndexedDB is read, then the session or
 * null, kept up to date on sign-in, token rotation and sign-out.
 */
import { useEffect, useState } from "react";
import { currentSession, onSessionChange, type Session } from "./session";

/**
 * `read` false: not yet (stays undefined); the header's account button reads the session only once
 * the first screen is up, so IndexedDB and Dexie do not load with the menu (a guest's first screen
 * waits for no code it does not show).
 */
export function useSession(read = true): Session | null | undefined {
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  useEffect(() => {
    if (!read) return;
    let active = true;
    const unsubscribe = onSessionChange((next) => setSession(next));
    currentSession().then((stored) => {
      if (active) setSession((known) => (known === undefined ? stored : known));
    });
    return () => {
      active = false;
      unsubscribe();
    };
  }, [read]);
  return session;
}
