/**
 * When a session's jwt stops being accepted, read from its own `exp` claim: a jwt's payload is
 * readable by anyone (only its signature is the server's secret). The app asks before every
 * authenticated call, so a jwt it already knows to be dead is refreshed first instead of being
 * sent to a certain refusal (a 401 in the console and a second trip to the server).
 */

/**
 * How long before its `exp` a jwt already counts as spent: the call it goes out with may take
 * seconds to arrive, and a PDA's clock may lag the server's a little.
 */
export const JWT_EXPIRY_MARGIN_MS = 60_000;

/** The instant (epoch ms) the jwt's `exp` claim names, or null when it names none that can be read. */
export function jwtExpiresAtMs(jwt: string): number | null {
  const parts = jwt.split(".");
  if (parts.length !== 3 || parts[1] === undefined || parts[1] === "") return null;
  let claims: unknown;
  try {
    claims = JSON.parse(decodeBase64Url(parts[1]));
  } catch {
    return null;
  }
  if (typeof claims !== "object" || claims === null) return null;
  const exp = (claims as { exp?: unknown }).exp;
  return typeof exp === "number" && Number.isFinite(exp) ? exp * 1000 : null;
}

/**
 * Whether a call sent now with this jwt would be refused for its age: its `exp` has passed, or
 * passes within the margin. A jwt whose end cannot be read is not known to be spent.
 */
export function jwtIsSpent(jwt: string, nowMs: number, marginMs: number = JWT_EXPIRY_MARGIN_MS): boolean {
  const expiresAt = jwtExpiresAtMs(jwt);
  return expiresAt !== null && expiresAt - marginMs <= nowMs;
}

/** base64url (RFC 4648 §5, no padding) to text; throws on anything else. */
function decodeBase64Url(text: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new SyntaxError("not base64url");
  const base64 = text.replaceAll("-", "+").replaceAll("_", "/");
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), "="));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}
