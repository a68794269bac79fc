/** Enrolled staff terminals and the alerts of PIN guessing (../tables/staff-devices.tables.ts). */
import type { Kysely } from "kysely";
import type { IsoInstant } from "../columns";
import type { Database } from "../schema";
import type { NewStaffDeviceRow, StaffDeviceRow, StaffSignInAlertRow } from "../tables/staff-devices.tables";

export async function insertStaffDevice(db: Kysely<Database>, device: NewStaffDeviceRow): Promise<StaffDeviceRow> {
  return db.insertInto("staff_devices").values(device).returningAll().executeTakeFirstOrThrow();
}

export async function findStaffDevice(db: Kysely<Database>, tokenHash: string): Promise<StaffDeviceRow | undefined> {
  return db.selectFrom("staff_devices").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}

/** Marks the device as one a staff member signed in on (first time only). */
export async function trustStaffDevice(db: Kysely<Database>, deviceId: number, now: IsoInstant): Promise<void> {
  await db
    .updateTable("staff_devices")
    .set({ trusted_at: now })
    .where("id", "=", deviceId)
    .where("trusted_at", "is", null)
    .execute();
}

export async function insertSignInAlert(db: Kysely<Database>, alert: Omit<StaffSignInAlertRow, "id">): Promise<void> {
  await db.insertInto("staff_sign_in_alerts").values(alert).execute();
}

export async function latestSignInAlert(
  db: Kysely<Database>,
  storeId: number,
  since: IsoInstant,
): Promise<StaffSignInAlertRow | undefined> {
  return db
    .selectFrom("staff_sign_in_alerts")
    .selectAll()
    .where("store_id", "=", storeId)
    .where("created_at", ">", since)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
}

export async function listSignInAlerts(
  db: Kysely<Database>,
  storeIds: readonly number[],
  limit: number,
): Promise<StaffSignInAlertRow[]> {
  if (storeIds.length === 0) return [];
  return db
    .selectFrom("staff_sign_in_alerts")
    .selectAll()
    .where("store_id", "in", storeIds)
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
}
