/**
 * Capability tokens: a link that lets its holder do one thing without signing in (read one order,
 * stop one guest's newsletter). Each kind is a jwt (HS256, jose) signed with a key of its own and
 * carrying an audience of its own, so no kind ever passes as another or as a session jwt.
 *
 * Verification answers the claims or null; every failure (tampered, expired, another key, another
 * audience, claims of another shape) is the same null, so a caller answers one refusal whatever
 * went wrong.
 */
import { jwtVerify, SignJWT } from "jose";
import type { Static, TObject } from "typebox";
import Value from "typebox/value";

const ISSUER = "venue-ordering";

export interface CapabilityKind<Claims extends TObject> {
  audience: string;
  ttlMs: number;
  /** The claims besides iss, aud, iat and exp; `sub` names what the token is for. */
  claims: Claims;
}

export async function signCapability<Claims extends TObject>(
  kind: CapabilityKind<Claims>,
  key: Uint8Array,
  { sub, ...claims }: Static<Claims> & { sub: string },
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(kind.audience)
    .setSubject(sub)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + kind.ttlMs / 1000)
    .sign(key);
}

/** When a token signed at `now` stops working (whole seconds, as in the token). */
export function capabilityExpiry(kind: CapabilityKind<TObject>, now: Date): Date {
  return new Date((Math.floor(now.getTime() / 1000) + kind.ttlMs / 1000) * 1000);
}

export async function verifyCapability<Claims extends TObject>(
  kind: CapabilityKind<Claims>,
  key: Uint8Array,
  token: string,
  now: Date,
): Promise<Static<Claims> | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: kind.audience,
      currentDate: now,
      requiredClaims: ["exp", "sub"],
    });
    return Value.Check(kind.claims, payload) ? payload : null;
  } catch {
    return null;
  }
}
