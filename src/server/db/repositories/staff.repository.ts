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

/** Admins of a store who have an e-mail in the venue file (they get sign-in alerts). */
export async function listAdminEmailsOfStore(db: Kysely<Database>, storeId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("staff")
    .select("email")
    .where("store_id", "=", storeId)
    .where("role", "=", "ADMIN")
    .where("email", "is not", null)
    .orderBy("id")
    .execute();
  return rows.flatMap((row) => (row.email === null ? [] : [row.email]));
}

/** Every admin with this e-mail (lower-case), in any store. */
export async function listAdminsByEmail(db: Kysely<Database>, email: string): Promise<StaffRow[]> {
  return db
    .selectFrom("staff")
    .selectAll()
    .where("email", "=", email)
    .where("role", "=", "ADMIN")
    .orderBy("id")
    .execute();
}

/** The admins of the given stores. */
export async function listAdminsOfStores(db: Kysely<Database>, storeIds: readonly number[]): Promise<StaffRow[]> {
  if (storeIds.length === 0) return [];
  return db
    .selectFrom("staff")
    .selectAll()
    .where("store_id", "in", storeIds)
    .where("role", "=", "ADMIN")
    .orderBy("store_id")
    .orderBy("id")
    .execute();
}
