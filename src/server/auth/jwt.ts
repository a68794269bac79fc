/**
 * The short-lived jwt of a session (HS256, jose). Its claims name the account (sub), the session
 * (sid) and the account's token generation (gen), so a jwt belongs to one authToken's session and
 * dies with a logout. It carries nothing personal: anyone can read a jwt.
 */
import { compactVerify, SignJWT } from "jose";
import { type Static, Type } from "typebox";
import Value from "typebox/value";
import { JWT_TTL_MS } from "./limits";

const ISSUER = "venue-ordering";
const AUDIENCE = "venue-ordering-api";

const ClaimsSchema = Type.Object({
  iss: Type.Literal(ISSUER),
  aud: Type.Literal(AUDIENCE),
  sub: Type.String({ pattern: "^[1-9][0-9]{0,9}$" }),
  sid: Type.Integer({ minimum: 1 }),
  gen: Type.Integer({ minimum: 0 }),
  iat: Type.Integer(),
  exp: Type.Integer(),
});

export interface SessionClaims {
  userId: number;
  sessionId: number;
  generation: number;
  /** seconds since the epoch */
  expiresAt: number;
}

export async function signSessionJwt(
  key: Uint8Array,
  claims: { userId: number; sessionId: number; generation: number },
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: claims.sessionId, gen: claims.generation })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(String(claims.userId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + JWT_TTL_MS / 1000)
    .sign(key);
}

/**
 * The claims of a jwt we signed, or null. `allowExpired`: refresh and logout accept a jwt past its
 * lifetime (the app comes back after hours) as long as the signature and the session hold.
 */
export async function verifySessionJwt(
  key: Uint8Array,
  jwt: string,
  now: Date,
  options: { allowExpired: boolean },
): Promise<SessionClaims | null> {
  const valid = await verifiedClaims(key, jwt);
  if (valid === null) return null;
  if (!options.allowExpired && valid.exp <= Math.floor(now.getTime() / 1000)) return null;
  return { userId: Number(valid.sub), sessionId: valid.sid, generation: valid.gen, expiresAt: valid.exp };
}

/**
 * A guest or waiter sends the same jwt with every request until it is refreshed, and checking its
 * signature (WebCrypto HMAC, a key import and an async job) was 8-13% of an order placement's CPU.
 * So the claims of a signature checked once are kept per key, for the exact jwt string: the same
 * bytes under the same key always verify the same way. Expiry is still checked on every call, and
 * revocation is the caller's session lookup as before. Bounded: the oldest entry goes first.
 */
export const VERIFIED_JWT_CACHE_SIZE = 10_000;
const verifiedByKey = new WeakMap<Uint8Array, Map<string, Static<typeof ClaimsSchema>>>();

async function verifiedClaims(key: Uint8Array, jwt: string): Promise<Static<typeof ClaimsSchema> | null> {
  let verified = verifiedByKey.get(key);
  if (verified === undefined) {
    verified = new Map();
    verifiedByKey.set(key, verified);
  }
  const known = verified.get(jwt);
  if (known !== undefined) return known;
  const claims = await checkSignatureAndClaims(key, jwt);
  if (claims === null) return null;
  if (verified.size >= VERIFIED_JWT_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
  verified.set(jwt, claims);
  return claims;
}

async function checkSignatureAndClaims(key: Uint8Array, jwt: string): Promise<Static<typeof ClaimsSchema> | null> {
  let payload: Uint8Array;
  try {
    ({ payload } = await compactVerify(jwt, key, { algorithms: ["HS256"] }));
  } catch {
    return null;
  }
  let claims: unknown;
  try {
    claims = JSON.parse(new TextDecoder().decode(payload));
  } catch {
    return null;
  }
  return Value.Check(ClaimsSchema, claims) ? claims : null;
}
