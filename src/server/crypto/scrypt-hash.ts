/**
 * Memory-hard hashes of short secrets people choose (staff PINs, passwords): scrypt from
 * node:crypto with a random salt per value, stored in one self-describing text,
 * `scrypt$N$r$p$<salt base64url>$<hash base64url>`, so the cost can be raised later without
 * breaking stored hashes. Text is NFC-normalized first, so "é" typed two ways is one password.
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

/** N=2^14, r=8: 16 MiB and some 50 ms per hash on the project's machines (OWASP's minimum for scrypt). */
const COST = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** Stored parameters asking for more memory than this are refused (a tampered row must not eat the machine). */
const MAX_MEMORY_BYTES = 64 * 1024 * 1024;

function derive(secret: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      secret.normalize("NFC"),
      salt,
      KEY_LENGTH,
      { ...options, maxmem: MAX_MEMORY_BYTES + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(secret, salt, COST);
  return ["scrypt", COST.N, COST.r, COST.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (scheme !== "scrypt" || salt === undefined || hash === undefined) return false;
  if (!isAffordable(cost)) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await derive(secret, Buffer.from(salt, "base64url"), cost);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

function isAffordable({ N, r, p }: { N: number; r: number; p: number }): boolean {
  const powerOfTwo = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0;
  return (
    powerOfTwo &&
    Number.isInteger(r) &&
    r >= 1 &&
    Number.isInteger(p) &&
    p >= 1 &&
    p <= 4 &&
    128 * N * r <= MAX_MEMORY_BYTES
  );
}
