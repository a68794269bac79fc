/**
 * Staff PINs are stored as scrypt hashes (../crypto/scrypt-hash.ts). A 4-8 digit PIN is weak on
 * its own; the hash keeps it out of backups and dumps, and sign-in attempts are throttled per
 * store and per account where PINs are checked (../auth/staff-sign-in.ts).
 */
import { hashSecret, verifySecret } from "../crypto/scrypt-hash";

export function hashPin(pin: string): Promise<string> {
  return hashSecret(pin);
}

export function verifyPin(pin: string, stored: string): Promise<boolean> {
  return verifySecret(pin, stored);
}
