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
  if (!Value.Check(ClaimsSchema, claims)) return null;
  const valid: Static<typeof ClaimsSchema> = claims;
  if (!options.allowExpired && valid.exp <= Math.floor(now.getTime() / 1000)) return null;
  return { userId: Number(valid.sub), sessionId: valid.sid, generation: valid.gen, expiresAt: valid.exp };
}
