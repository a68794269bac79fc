import type { ColumnType, Insertable, Selectable } from "kysely";
import type { OptionalBooleanColumn } from "../columns";

/** Waiters and admins of a store, from the venue file or added by an admin. The PIN is kept only as a hash. */
export interface StaffTable {
  id: number;
  store_id: number;
  name: string;
  role: "WAITER" | "ADMIN";
  /** See src/server/staff/pin-hash.ts for the format. */
  pin_hash: string;
  /** An admin's e-mail (trimmed, lower-case): e-mail and password sign-in, reset codes, alerts. */
  email: string | null;
  /** false: deactivated by an admin; cannot sign in, and the account's sessions are refused. */
  active: OptionalBooleanColumn;
  /** Bumped by every change an admin makes to the member (name, role, active, PIN). */
  version: ColumnType<number, number | undefined, number>;
}

export type StaffRow = Selectable<StaffTable>;
export type NewStaffRow = Insertable<StaffTable>;
