/**
 * SMS and voice pumping: a script that asks for codes to many numbers, often
 * premium ones abroad, earns its owner a share of every message the venue pays for. The limits per
 * number (./limits.ts SEND_LIMITS) cannot see it, so before a code goes out:
 * - a voice call must go to a country the venue calls (VOICE_CALL_COUNTRIES; SMS everywhere);
 * - one client address may have codes sent to at most N different numbers in an hour (a number it
 *   already had a code sent to in that hour is not new: a guest asking again is not counted twice);
 * - a store's sign-ins and the whole system have hourly ceilings, so even a script spread over many
 *   addresses stops at a known cost. The system ceiling can be reached by an attacker and then holds
 *   every sign-in back for up to an hour: that is the price of a bounded bill, and it is logged.
 * Every count is a row of the rate-limit tables (./throttle.ts), so it holds across API processes;
 * a send refused by a later check gives back what the earlier ones counted.
 */
import { createHmac } from "node:crypto";
import type { Kysely } from "kysely";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { CodeSendConfig } from "../config";
import {
  deleteRateLimitEvent,
  insertRateLimitEvent,
  listRateLimitEvents,
  lockRateLimitKey,
} from "../db/repositories/rate-limits.repository";
import type { Database } from "../db/schema";
import { invalidInput, tooManyRequests } from "../http/api-error";
import type { AccountsContext } from "./context";
import { consume, release, type ThrottleDecision, throttleKeys, waitBeforeNextEvent } from "./throttle";

const HOUR = 60 * 60 * 1000;

/** Where a code request came from and how it is to be delivered. */
export interface SendOrigin {
  clientAddress: string;
  channel: "sms" | "call";
  /** The store whose link the guest signs in from, when known. */
  storeId: number | null;
}

/** True when a voice call to this E.164 number is allowed. Pure. */
export function isVoiceCallAllowed(e164: string, config: Pick<CodeSendConfig, "voiceCallCountries">): boolean {
  const country = parsePhoneNumberFromString(e164)?.country;
  return country !== undefined && config.voiceCallCountries.includes(country);
}

/**
 * A throttle key naming a phone or e-mail without holding it: an HMAC under the server's code key,
 * so the rate-limit tables keep no personal data and cannot be reversed by
 * hashing every phone number without that key.
 */
export async function recipientKey(ctx: Pick<AccountsContext, "keyRing">, target: string): Promise<string> {
  const { codes } = await ctx.keyRing.keys();
  return createHmac("sha256", codes).update(`throttle\n${target}`).digest("base64url");
}

/** Throws 400 VOICE_CALL_COUNTRY_NOT_ALLOWED for a call to a country the venue does not call. */
export function checkVoiceCallCountry(
  ctx: Pick<AccountsContext, "codeSends">,
  target: string,
  origin: SendOrigin,
): void {
  if (origin.channel === "call" && !isVoiceCallAllowed(target, ctx.codeSends)) {
    throw invalidInput(
      "VOICE_CALL_COUNTRY_NOT_ALLOWED",
      "Voice calls do not go to this country; ask for the code by SMS",
    );
  }
}

/**
 * Counts one code send to `target` by phone against the address's new numbers and the hourly
 * ceilings; throws 429 TOO_MANY_NEW_NUMBERS or CODE_SENDING_PAUSED having counted nothing.
 */
export async function countPhoneCodeSend(ctx: AccountsContext, target: string, origin: SendOrigin): Promise<void> {
  const now = ctx.now();
  const counted: number[] = [];
  try {
    counted.push(...(await countNewNumber(ctx, await recipientKey(ctx, target), origin.clientAddress, now)));
    const ceilings: [string, number][] = [[throttleKeys.codeSendsOfSystem(), ctx.codeSends.perSystemPerHour]];
    if (origin.storeId !== null) {
      ceilings.push([throttleKeys.codeSendsOfStore(origin.storeId), ctx.codeSends.perStorePerHour]);
    }
    for (const [key, max] of ceilings) {
      const decision: ThrottleDecision = await consume(ctx.db, key, [{ max, windowMs: HOUR }], now);
      if (!decision.allowed) {
        ctx.background.log.warn({ key }, "the hourly ceiling of code sends is reached");
        throw tooManyRequests(
          "CODE_SENDING_PAUSED",
          "Too many codes are being sent right now; try again later",
          decision.retryAfterMs,
        );
      }
      counted.push(decision.eventId);
    }
  } catch (error) {
    for (const eventId of counted) await release(ctx.db, { allowed: true, eventId, count: 0 });
    throw error;
  }
}

/**
 * Counts the number against the address's new numbers of the hour, unless the address already had
 * a code sent to it in that hour. Answers the events it wrote (to give back on a later refusal).
 * One transaction holding the address's key, so concurrent requests cannot all slip under it.
 */
async function countNewNumber(ctx: AccountsContext, recipient: string, address: string, now: Date): Promise<number[]> {
  const max = ctx.codeSends.newNumbersPerAddressPerHour;
  const nowIso = now.toISOString();
  const since = new Date(now.getTime() - HOUR).toISOString();
  const addressKey = throttleKeys.newNumbersFromAddress(address);
  const pairKey = throttleKeys.numberFromAddress(address, recipient);
  const outcome = await ctx.db.transaction().execute(async (trx: Kysely<Database>) => {
    await lockRateLimitKey(trx, addressKey, nowIso);
    await lockRateLimitKey(trx, pairKey, nowIso);
    const pairEvents = await listRateLimitEvents(trx, pairKey, since);
    const pairEvent = await insertRateLimitEvent(trx, pairKey, nowIso);
    // Known in this hour: only its own send limits apply.
    if (pairEvents.length > 0) return { allowed: true as const, events: [pairEvent] };
    const newNumbers = (await listRateLimitEvents(trx, addressKey, since)).map((at) => new Date(at));
    const retryAfterMs = waitBeforeNextEvent(newNumbers, [{ max, windowMs: HOUR }], now);
    if (retryAfterMs > 0) {
      await deleteRateLimitEvent(trx, pairEvent);
      return { allowed: false as const, retryAfterMs };
    }
    return { allowed: true as const, events: [pairEvent, await insertRateLimitEvent(trx, addressKey, nowIso)] };
  });
  if (!outcome.allowed) {
    throw tooManyRequests(
      "TOO_MANY_NEW_NUMBERS",
      "Codes were sent to too many different numbers from your network; try again later",
      outcome.retryAfterMs,
    );
  }
  return outcome.events;
}
