/**
 * Opaque bearer tokens (authToken, staff login tokens): 256 random bits from the operating
 * system's CSPRNG, base64url. The database keeps only their SHA-256: a token is random and long,
 * so a fast unsalted hash is enough to make a stolen table useless, and it can be looked up.
 */
import { createHash, randomBytes } from "node:crypto";

const TOKEN_BYTES = 32;

export function newOpaqueToken(): string {
  return randomBytes(TOKEN_BYTES).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("base64url");
}

/** What a token of ours looks like; anything else is refused before touching the database. */
export function looksLikeOpaqueToken(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);
}
