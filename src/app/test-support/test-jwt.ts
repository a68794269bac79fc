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
