import type { Insertable, Selectable } from "kysely";

/** Waiters and admins of a store, imported from the venue file. The PIN is kept only as a hash. */
export interface StaffTable {
  id: number;
  store_id: number;
  name: string;
  role: "WAITER" | "ADMIN";
  /** See src/server/staff/pin-hash.ts for the format. */
  pin_hash: string;
  /** An admin's e-mail (trimmed, lower-case): e-mail and password sign-in, reset codes, alerts. */
  email: string | null;
}

export type StaffRow = Selectable<StaffTable>;
export type NewStaffRow = Insertable<StaffTable>;
