import type { Kysely } from "kysely";
import type { IsoInstant } from "../columns";
import type { Database } from "../schema";
import type { NewStaffLoginTokenRow, StaffLoginTokenRow } from "../tables/staff-login-tokens.table";

export async function insertStaffLoginToken(
  db: Kysely<Database>,
  token: NewStaffLoginTokenRow,
): Promise<StaffLoginTokenRow> {
  return db.insertInto("staff_login_tokens").values(token).returningAll().executeTakeFirstOrThrow();
}

export async function findStaffLoginToken(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<StaffLoginTokenRow | undefined> {
  return db.selectFrom("staff_login_tokens").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}

/** Uses the token once; false when it was used already (by a racing request too) or has expired. */
export async function spendStaffLoginToken(db: Kysely<Database>, tokenId: number, now: IsoInstant): Promise<boolean> {
  const result = await db
    .updateTable("staff_login_tokens")
    .set({ used_at: now })
    .where("id", "=", tokenId)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Login tokens of a store still usable (neither used nor expired), counted per staff id. */
export async function countOutstandingTokensByStaff(
  db: Kysely<Database>,
  storeId: number,
  now: IsoInstant,
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("staff_login_tokens")
    .innerJoin("users", "users.id", "staff_login_tokens.user_id")
    .select(["users.staff_id as staff_id", (eb) => eb.fn.countAll<number | string>().as("count")])
    .where("staff_login_tokens.store_id", "=", storeId)
    .where("staff_login_tokens.used_at", "is", null)
    .where("staff_login_tokens.expires_at", ">", now)
    .groupBy("users.staff_id")
    .execute();
  return new Map(rows.flatMap((row) => (row.staff_id === null ? [] : [[row.staff_id, Number(row.count)]])));
}

/** Ends every usable login token of a staff member at a store (they expire now); answers how many. */
export async function revokeOutstandingTokens(
  db: Kysely<Database>,
  storeId: number,
  staffId: number,
  now: IsoInstant,
): Promise<number> {
  const result = await db
    .updateTable("staff_login_tokens")
    .set({ expires_at: now })
    .where("store_id", "=", storeId)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .where("user_id", "in", (eb) =>
      eb.selectFrom("users").select("id").where("staff_id", "=", staffId).where("kind", "=", "staff"),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
