import type { Expression, Kysely } from "kysely";
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
  membershipsValidAt(db, storeId, phone, at).limit(1),
);

/**
 * The phone's memberships of a store valid at `at` (from valid_from, until valid_until; a missing
 * bound is open). `storeId` may be a column of an outer query (a placement's first read).
 */
export function membershipsValidAt(
  db: Kysely<Database>,
  storeId: number | Expression<number>,
  phone: string | null,
  at: IsoInstant,
) {
  return db
    .selectFrom("memberships")
    .select("memberships.id")
    .where("memberships.store_id", "=", storeId)
    .where("memberships.phone", "=", phone)
    .where((eb) => eb.or([eb("memberships.valid_from", "is", null), eb("memberships.valid_from", "<=", at)]))
    .where((eb) => eb.or([eb("memberships.valid_until", "is", null), eb("memberships.valid_until", ">", at)]));
}
