import type { Kysely } from "kysely";
import type { SpotType } from "../../../domain/spots";
import type { Database } from "../schema";
import type { SpotRow } from "../tables/catalogue.tables";

export async function findSpotById(db: Kysely<Database>, spotId: number): Promise<SpotRow | undefined> {
  return db.selectFrom("spots").selectAll().where("id", "=", spotId).executeTakeFirst();
}

/** The first spot (in file order) of each of the given types in a store, e.g. for demo links. */
export async function firstSpotOfEachType(
  db: Kysely<Database>,
  storeId: number,
  types: readonly SpotType[],
): Promise<Map<SpotType, SpotRow>> {
  const rows = await db
    .selectFrom("spots")
    .selectAll()
    .where("store_id", "=", storeId)
    .where("type", "in", types)
    .orderBy("position")
    .execute();
  const first = new Map<SpotType, SpotRow>();
  for (const row of rows) if (!first.has(row.type)) first.set(row.type, row);
  return first;
}
