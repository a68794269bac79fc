import { expect } from "vitest";

/**
 * Test-only jwts shaped as the server signs them (header.claims.signature, base64url), with an
 * `exp` of the test's choosing: only the claims are read by the app (the signature is the server's
 * to check).
 */
const base64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");

/** A jwt whose `exp` is `expiresAtMs` (rounded down to the second, as a jwt's claims are). */
export function jwtExpiringAt(expiresAtMs: number, label = "session"): string {
  const exp = Math.floor(expiresAtMs / 1000);
  const claims = {
    iss: "venue-ordering",
    aud: "venue-ordering-api",
    sub: "7901",
    sid: 3,
    gen: 0,
    iat: exp - 1800,
    exp,
  };
  return `${base64Url(JSON.stringify({ alg: "HS256", typ: "JWT" }))}.${base64Url(JSON.stringify(claims))}.${base64Url(label)}`;
}

/**
 * A session's jwt fields as the device kept them when it received this jwt at its issue time on the
 * same clock: a session stored that long ago.
 */
export function receivedWhenIssued(jwt: string): { jwt: string; jwtReceivedAtMs: number } {
  const claims = JSON.parse(atob((jwt.split(".")[1] ?? "").replaceAll("-", "+").replaceAll("_", "/"))) as {
    iat: number;
  };
  return { jwt, jwtReceivedAtMs: claims.iat * 1000 };
}

/** A session as the store keeps it: stamped with when the device received it. */
export const asStored = <T extends object>(session: T) => ({ ...session, jwtReceivedAtMs: expect.any(Number) });
