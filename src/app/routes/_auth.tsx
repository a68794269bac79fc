import { createFileRoute, redirect } from "@tanstack/react-router";
import { checkLoginRequired } from "../session/login-guard";
import { currentSession } from "../session/session";

/**
 * Pathless layout of the login-required screens (spec §2: reviews, profile, history): without a
 * session, or on another user's profile or history, the guest is sent to the landing page.
 */
export const Route = createFileRoute("/_auth")({
  beforeLoad: async ({ matches }) => {
    // The deepest match carries every parsed path parameter, including a :userId if the route has one.
    const routeParams = matches.at(-1)?.params as Record<string, unknown> | undefined;
    const session = await currentSession();
    const decision = checkLoginRequired(session, routeParams?.userId);
    if (!decision.allowed || !session) throw redirect({ to: "/", replace: true });
    return { session };
  },
});
