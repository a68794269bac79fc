/**
 * Sending one-time codes: the pumping checks of ./code-send-guard.ts, the per-recipient limits
 * (VERIFICATIONS_CODES_LIMIT_REACHED), then
 * a fresh code, then the messenger (SEND_VERIFICATION_CODE_ERROR when the provider fails). Nothing
 * here looks at whether the recipient has an account: a known and an unknown number take the
 * same path and get the same answer.
 */
import type { FastifyBaseLogger } from "fastify";
import type { VerificationSent } from "../../domain/auth-api";
import { ApiError, tooManyRequests } from "../http/api-error";
import type { OutgoingMessage } from "../notify/messenger";
import { checkVoiceCallCountry, countPhoneCodeSend, recipientKey, type SendOrigin } from "./code-send-guard";
import { type CodeOwner, issueCode } from "./codes";
import type { AccountsContext } from "./context";
import { CODE_TTL_MS, SEND_LIMITS } from "./limits";
import { consume, release, type ThrottleDecision, throttleKeys } from "./throttle";

/** Counts one send to the recipient, or refuses with 429 VERIFICATIONS_CODES_LIMIT_REACHED. */
export async function reserveSend(ctx: AccountsContext, target: string): Promise<ThrottleDecision> {
  const key = throttleKeys.codesSentTo(await recipientKey(ctx, target));
  const decision = await consume(ctx.db, key, SEND_LIMITS, ctx.now());
  if (!decision.allowed) {
    throw tooManyRequests(
      "VERIFICATIONS_CODES_LIMIT_REACHED",
      "Too many verification codes were sent; try again later",
      decision.retryAfterMs,
    );
  }
  return decision;
}

/** A fresh code for the owner (older ones retired), to be sent by the caller. */
export async function newCode(ctx: AccountsContext, owner: CodeOwner): Promise<string> {
  const keys = await ctx.keyRing.keys();
  return issueCode(ctx.db, keys.codes, owner, ctx.now());
}

/**
 * The pumping checks of a code to a phone (./code-send-guard.ts: voice-call countries, new numbers
 * per address, hourly ceilings) + reserveSend + newCode + delivery, waiting for the provider's
 * answer. A send refused by the pumping checks does not count against the number.
 */
export async function sendCode(
  ctx: AccountsContext,
  log: FastifyBaseLogger,
  owner: CodeOwner,
  origin: SendOrigin,
  compose: (code: string) => OutgoingMessage,
): Promise<void> {
  checkVoiceCallCountry(ctx, owner.target, origin);
  const sent = await reserveSend(ctx, owner.target);
  try {
    await countPhoneCodeSend(ctx, owner.target, origin);
  } catch (error) {
    await release(ctx.db, sent);
    throw error;
  }
  const message = compose(await newCode(ctx, owner));
  try {
    await ctx.messenger.send(message);
  } catch (error) {
    // The error names the provider and its status, never the code.
    log.error({ err: error, channel: message.channel }, "a verification code could not be sent");
    throw new ApiError(502, "SEND_VERIFICATION_CODE_ERROR", "We could not send a message to your number");
  }
}

export function verificationSent(channel: VerificationSent["channel"]): VerificationSent {
  return {
    channel,
    expiresInSeconds: CODE_TTL_MS / 1000,
    resendAfterSeconds: Math.max(...SEND_LIMITS.filter((l) => l.max === 1).map((l) => l.windowMs / 1000)),
  };
}
