/**
 * One-time codes: 6 digits from the CSPRNG (crypto.randomInt, no modulo bias), kept only as an
 * HMAC bound to purpose and target, valid 10 minutes, single use, at most 5 checks. A wrong code,
 * an expired one, a used one, one sent to another number and a sixth check all get the same
 * answer, so a caller learns nothing but "no".
 */
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import {
  type CodeOwner,
  consumeCode,
  countCheck,
  deleteExpiredCodes,
  findLiveCode,
  replaceCode,
} from "../db/repositories/verification-codes.repository";
import type { Database } from "../db/schema";
import { CODE_DIGITS, CODE_MAX_CHECKS, CODE_TTL_MS } from "./limits";

export type { CodeOwner } from "../db/repositories/verification-codes.repository";

const CODE_PATTERN = new RegExp(`^[0-9]{${CODE_DIGITS}}$`);

export function generateCode(): string {
  return String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, "0");
}

export function codeHash(key: Uint8Array, owner: CodeOwner, code: string): string {
  return createHmac("sha256", key)
    .update(`${owner.purpose}\n${owner.target}\n${owner.userId ?? ""}\n${code}`)
    .digest("base64url");
}

/** Stores a fresh code for the owner (retiring the older ones) and returns it, to be sent. */
export async function issueCode(db: Kysely<Database>, key: Uint8Array, owner: CodeOwner, now: Date): Promise<string> {
  const code = generateCode();
  await replaceCode(
    db,
    owner,
    codeHash(key, owner, code),
    now.toISOString(),
    new Date(now.getTime() + CODE_TTL_MS).toISOString(),
  );
  // Expired codes are useless to everyone; sweeping them here keeps the table small without a job.
  await deleteExpiredCodes(db, new Date(now.getTime() - CODE_TTL_MS).toISOString());
  return code;
}

/** True once for the right code; the check is counted before the comparison. */
export async function checkCode(
  db: Kysely<Database>,
  key: Uint8Array,
  owner: CodeOwner,
  candidate: string | undefined,
  now: Date,
): Promise<boolean> {
  const code = candidate?.trim() ?? "";
  // A malformed code cannot be right; it is refused without spending one of the checks.
  if (!CODE_PATTERN.test(code)) return false;
  const live = await findLiveCode(db, owner, now.toISOString());
  if (live === undefined) return false;
  if (!(await countCheck(db, live.id, CODE_MAX_CHECKS))) return false;
  const expected = Buffer.from(live.code_hash, "base64url");
  const actual = Buffer.from(codeHash(key, owner, code), "base64url");
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return false;
  return consumeCode(db, live.id, now.toISOString());
}
