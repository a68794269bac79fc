/**
 * When a session's jwt stops being accepted, read from its own `exp` claim: a jwt's payload is
 * readable by anyone (only its signature is the server's secret). The app asks before every
 * authenticated call, so a jwt it already knows to be dead is refreshed first instead of being
 * sent to a certain refusal (a 401 in the console and a second trip to the server).
 */

/**
 * How long before its end a jwt already counts as spent: the call it goes out with may take
 * seconds to arrive.
 */
export const JWT_EXPIRY_MARGIN_MS = 60_000;

/** The jwt's `iat` and `exp` claims (epoch ms), each null when it cannot be read. */
export function jwtTimes(jwt: string): { issuedAtMs: number | null; expiresAtMs: number | null } {
  const claims = claimsOf(jwt);
  return { issuedAtMs: msOf(claims?.iat), expiresAtMs: msOf(claims?.exp) };
}

/**
 * Whether a call sent now with this jwt would be refused for its age. Its life (`exp` - `iat`, both
 * on the server's clock) is counted on this device's clock from when the device received it, so a
 * phone whose clock is hours or days off (a manual clock, a dead battery) neither sends dead
 * tokens nor refreshes before every call. Without a receipt time (a session stored by an earlier
 * version) `exp` is read against the device's clock; the next rotation records one. A jwt whose
 * end cannot be read is not known to be spent.
 */
export function jwtIsSpent(
  jwt: string,
  nowMs: number,
  receivedAtMs?: number,
  marginMs: number = JWT_EXPIRY_MARGIN_MS,
): boolean {
  const { issuedAtMs, expiresAtMs } = jwtTimes(jwt);
  if (expiresAtMs === null) return false;
  const endsAtMs =
    receivedAtMs !== undefined && issuedAtMs !== null ? receivedAtMs + (expiresAtMs - issuedAtMs) : expiresAtMs;
  return endsAtMs - marginMs <= nowMs;
}

function claimsOf(jwt: string): Record<string, unknown> | null {
  const parts = jwt.split(".");
  if (parts.length !== 3 || parts[1] === undefined || parts[1] === "") return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(parts[1]));
    return typeof claims === "object" && claims !== null ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function msOf(seconds: unknown): number | null {
  return typeof seconds === "number" && Number.isFinite(seconds) ? seconds * 1000 : null;
}

/** base64url (RFC 4648 §5, no padding) to text; throws on anything else. */
function decodeBase64Url(text: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new SyntaxError("not base64url");
  const base64 = text.replaceAll("-", "+").replaceAll("_", "/");
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), "="));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}
