import type { Generated, Insertable, Selectable, Updateable } from "kysely";
import type { BooleanColumn, IsoInstant } from "../columns";

/**
 * Guests with an account (spec §3 user). Sign-in comes later; the table exists now so that the
 * schema of the first release already has it. A deleted account keeps its row with deleted_at set.
 */
export interface UsersTable {
  id: Generated<number>;
  /** National number, digits only; with country_iso2 it forms the phone of spec §3. */
  phone: string;
  country_iso2: string;
  name: string | null;
  email: string | null;
  verified: BooleanColumn;
  opted_in_for_newsletter: BooleanColumn;
  created_at: IsoInstant;
  deleted_at: IsoInstant | null;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
