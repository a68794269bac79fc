/**
 * Account passwords (set through the e-mail reset): at least 6 characters (spec §5, error
 * INVALID_PASSWORD), at most 1024 so hashing cannot be made expensive on purpose, and stored as
 * memory-hard scrypt hashes (../crypto/scrypt-hash.ts).
 */
import { PASSWORD_MIN } from "../../domain/constants";
import { hashSecret, verifySecret } from "../crypto/scrypt-hash";

export const PASSWORD_MAX = 1024;

export function isAcceptablePassword(password: string | undefined): password is string {
  if (password === undefined) return false;
  const length = [...password.normalize("NFC")].length;
  return length >= PASSWORD_MIN && length <= PASSWORD_MAX && password.trim() !== "";
}

export function hashPassword(password: string): Promise<string> {
  return hashSecret(password);
}

export function verifyPassword(password: string, stored: string): Promise<boolean> {
  return verifySecret(password, stored);
}
