import type { Generated, Insertable, Selectable } from "kysely";
import type { IsoInstant } from "../columns";

/**
 * One-use login tokens an admin issues for a staff member of the same store (a link to set up a
 * PDA without typing a PIN). Kept only as SHA-256 hashes.
 */
export interface StaffLoginTokensTable {
  id: Generated<number>;
  /** The staff account (users.kind = 'staff') the token signs in. */
  user_id: number;
  store_id: number;
  token_hash: string;
  /** The admin account that issued it. */
  issued_by: number;
  created_at: IsoInstant;
  expires_at: IsoInstant;
  used_at: IsoInstant | null;
}

export type StaffLoginTokenRow = Selectable<StaffLoginTokensTable>;
export type NewStaffLoginTokenRow = Insertable<StaffLoginTokensTable>;
