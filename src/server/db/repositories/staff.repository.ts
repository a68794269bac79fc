import type { Kysely } from "kysely";
import type { Database } from "../schema";
import type { StaffRow } from "../tables/staff.table";

export async function listStaffOfStore(db: Kysely<Database>, storeId: number): Promise<StaffRow[]> {
  return db.selectFrom("staff").selectAll().where("store_id", "=", storeId).orderBy("id").execute();
}

export async function findStaffOfStore(
  db: Kysely<Database>,
  storeId: number,
  staffId: number,
): Promise<StaffRow | undefined> {
  return db
    .selectFrom("staff")
    .selectAll()
    .where("store_id", "=", storeId)
    .where("id", "=", staffId)
    .executeTakeFirst();
}
