/**
 * Counts a guest's requests for a new phone or e-mail (IDENTITY_CHANGE_LIMITS): each answer says
 * whether another account holds that phone or e-mail, which must not be askable without end.
 */
import { tooManyRequests } from "../http/api-error";
import type { AccountsContext } from "./context";
import { IDENTITY_CHANGE_LIMITS } from "./limits";
import { consume, throttleKeys } from "./throttle";

export async function countIdentityChange(ctx: AccountsContext, userId: number): Promise<void> {
  const decision = await consume(ctx.db, throttleKeys.identityChangesBy(userId), IDENTITY_CHANGE_LIMITS, ctx.now());
  if (!decision.allowed) {
    throw tooManyRequests(
      "RATE_LIMITED",
      "Too many changes of phone or e-mail; try again later",
      decision.retryAfterMs,
    );
  }
}
