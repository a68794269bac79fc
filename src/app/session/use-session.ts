/**
 * The current session for components: undefined while IndexedDB is read, then the session or
 * null, kept up to date on sign-in, token rotation and sign-out.
 */
import { useEffect, useState } from "react";
import { currentSession, onSessionChange, type Session } from "./session";

export function useSession(): Session | null | undefined {
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  useEffect(() => {
    let active = true;
    const unsubscribe = onSessionChange((next) => setSession(next));
    currentSession().then((stored) => {
      if (active) setSession((known) => (known === undefined ? stored : known));
    });
    return () => {
      active = false;
      unsubscribe();
    };
  }, []);
  return session;
}
