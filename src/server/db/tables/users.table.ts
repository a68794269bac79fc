import type { Generated, Insertable, Selectable, Updateable } from "kysely";
import type { BooleanColumn, IsoInstant } from "../columns";

/**
 * Accounts (spec §3 user). One table for every kind, so sessions, throttles and (later) orders
 * refer to one id whoever signed in:
 * - guest: signs in with a phone and a code; phone, name, e-mail, newsletter choice;
 * - staff: a waiter or admin of a store (staff_id: the venue file's staff id), created at the
 *   first sign-in by PIN or login token; the staff row itself stays the venue file's;
 * - visitor: a temporary anonymous account of one store (authenticate/login/tmp).
 *
 * Deletion (user/delete) keeps the row, so past orders keep their account id, but blanks every
 * personal field (phone, country, name, e-mail, password) and sets deleted_at. Orders must not
 * copy personal data of the account, or must blank it with the account.
 */
export interface UsersTable {
  id: Generated<number>;
  kind: AccountKind;
  /** E.164, e.g. +306912345678; null for staff, visitors and deleted accounts. */
  phone: string | null;
  country_iso2: string | null;
  name: string | null;
  /** Trimmed and lower-cased (src/domain/email.ts). */
  email: string | null;
  /** See src/server/crypto/scrypt-hash.ts; null until a password is set by e-mail reset. */
  password_hash: string | null;
  verified: BooleanColumn;
  opted_in_for_newsletter: BooleanColumn;
  staff_id: number | null;
  store_id: number | null;
  /**
   * Bumped by logout and deletion; every jwt carries the generation it was signed at, so all of an
   * account's jwts die at once without a list of them.
   */
  token_generation: Generated<number>;
  created_at: IsoInstant;
  updated_at: IsoInstant;
  deleted_at: IsoInstant | null;
}

export const ACCOUNT_KINDS = ["guest", "staff", "visitor"] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
