/**
 * Who may open the login-required routes (spec §2 and §6): a signed-in user holding both tokens;
 * on routes that name a user (/profile/:userId, /history/:userId) only that user. Anyone else is
 * sent to the landing page.
 */
import type { Session } from "./session";

export type GuardDecision = { allowed: true } | { allowed: false; reason: "signed-out" | "other-user" };

export function checkLoginRequired(session: Session | null, routeUserId?: unknown): GuardDecision {
  // Spec §6: a logged-in user needs both authToken and jwt.
  if (!session?.authToken || !session.jwt) return { allowed: false, reason: "signed-out" };
  if (routeUserId === undefined) return { allowed: true };
  return Number(routeUserId) === session.user.id ? { allowed: true } : { allowed: false, reason: "other-user" };
}
