/**
 * Newsletter opt-out links, carried by the e-mails the product sends a guest (the order's outcome):
 * a signed, single-purpose capability to turn one account's newsletter off without signing in.
 *
 * The token is a capability token (crypto/capability-tokens.ts) signed with a key of its own
 * (secrets.ts), with its own audience and a purpose claim, so it never passes as a session jwt or
 * an order link, and neither passes as it. Claims: the account (sub), the purpose, iat and exp. It can do one thing only, to one account,
 * and the worst a leaked link does is stop a newsletter, which the guest can turn on again.
 */
import { Type } from "typebox";
import { type CapabilityKind, signCapability, verifyCapability } from "../crypto/capability-tokens";

/** Long enough for an e-mail read weeks later; the one place this is set. */
export const NEWSLETTER_LINK_TTL_MS = 90 * 24 * 60 * 60 * 1000;

/** Where the link leads: a page that asks to confirm (a GET changes nothing), then opts out. */
export const NEWSLETTER_OPT_OUT_PATH = "/api/newsletter/opt-out-link";

const PURPOSE = "newsletter-opt-out";

const OptOutClaims = Type.Object({
  sub: Type.String({ pattern: "^[1-9][0-9]{0,9}$" }),
  purpose: Type.Literal(PURPOSE),
});

const OPT_OUT_LINK: CapabilityKind<typeof OptOutClaims> = {
  audience: "venue-ordering-newsletter-opt-out-link",
  ttlMs: NEWSLETTER_LINK_TTL_MS,
  claims: OptOutClaims,
};

export function signNewsletterOptOutToken(key: Uint8Array, userId: number, now: Date): Promise<string> {
  return signCapability(OPT_OUT_LINK, key, { sub: String(userId), purpose: PURPOSE }, now);
}

/** The whole link for an e-mail: `base` is the server's public address. */
export async function newsletterOptOutLink(key: Uint8Array, base: string, userId: number, now: Date): Promise<string> {
  const token = await signNewsletterOptOutToken(key, userId, now);
  return `${base.replace(/\/+$/, "")}${NEWSLETTER_OPT_OUT_PATH}?token=${encodeURIComponent(token)}`;
}

/** The account a valid token names, or null whatever went wrong: the caller answers one refusal. */
export async function userOfNewsletterOptOutToken(key: Uint8Array, token: string, now: Date): Promise<number | null> {
  const claims = await verifyCapability(OPT_OUT_LINK, key, token, now);
  return claims === null ? null : Number(claims.sub);
}
