/**
 * Login-required screens (spec §6: guarded routes redirect to landing) are guarded on entry by the
 * _auth layout; this covers the session ending while the screen is open (a refused token cleared it,
 * or the guest signed out in another tab): the page is no longer theirs, so go to the landing page.
 */
import { useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { useSession } from "../../session/use-session";

export function useLeaveWhenSignedOut(): ReturnType<typeof useSession> {
  const session = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (session === null) void navigate({ to: "/", replace: true });
  }, [session, navigate]);
  return session;
}
