import type { Generated, Insertable, Selectable } from "kysely";
import type { IsoInstant } from "../columns";

/**
 * Terminals enrolled at a store. The app keeps the secret and sends it as the
 * `staff-device` header; the server keeps only its SHA-256. Wrong PINs count per device, so a
 * guest's phone cannot lock the venue's PDAs. A device is trusted once a staff member signed in
 * on it with a right credential.
 */
export interface StaffDevicesTable {
  id: Generated<number>;
  store_id: number;
  token_hash: string;
  created_at: IsoInstant;
  trusted_at: IsoInstant | null;
}

/** Kept so a store's admins see when PIN guessing crossed a threshold (they are e-mailed too). */
export interface StaffSignInAlertsTable {
  id: Generated<number>;
  store_id: number;
  kind: "pin-guessing";
  /** Failed PINs at the store in the window when the alert was raised. */
  failures: number;
  created_at: IsoInstant;
}

export type StaffDeviceRow = Selectable<StaffDevicesTable>;
export type NewStaffDeviceRow = Insertable<StaffDevicesTable>;
export type StaffSignInAlertRow = Selectable<StaffSignInAlertsTable>;
