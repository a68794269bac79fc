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
