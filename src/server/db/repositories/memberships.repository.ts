import type { Kysely } from "kysely";
import type { IsoInstant } from "../columns";
import { compiledOnce } from "../compiled-once";
import type { Database } from "../schema";
import type { MembershipRow, NewMembershipRow } from "../tables/memberships.table";

export async function insertMembership(db: Kysely<Database>, membership: NewMembershipRow): Promise<MembershipRow> {
  return db.insertInto("memberships").values(membership).returningAll().executeTakeFirstOrThrow();
}

/** Whether the phone holds a membership of the store valid at `at`. */
export async function hasMembership(
  db: Kysely<Database>,
  storeId: number,
  phone: string,
  at: IsoInstant,
): Promise<boolean> {
  return (await membershipAt(db, storeId, phone, at)).rows.length > 0;
}

const membershipAt = compiledOnce((db, storeId: number, phone: string, at: IsoInstant) =>
  db
    .selectFrom("memberships")
    .select("id")
    .where("store_id", "=", storeId)
    .where("phone", "=", phone)
    .where((eb) => eb.or([eb("valid_from", "is", null), eb("valid_from", "<=", at)]))
    .where((eb) => eb.or([eb("valid_until", "is", null), eb("valid_until", ">", at)]))
    .limit(1),
);
