import type { Kysely } from "kysely";
import type { SpotType } from "../../../domain/spots";
import type { IsoInstant } from "../columns";
import { compiledOnce } from "../compiled-once";
import type { Database } from "../schema";
import type { SpotRow } from "../tables/catalogue.tables";
import { membershipsValidAt } from "./memberships.repository";

const spotById = compiledOnce((db, spotId: number) => db.selectFrom("spots").selectAll().where("id", "=", spotId));

export async function findSpotById(db: Kysely<Database>, spotId: number): Promise<SpotRow | undefined> {
  return (await spotById(db, spotId)).rows[0];
}

const placementSpot = compiledOnce((db, spotId: number, phone: string | null, at: IsoInstant) =>
  db
    .selectFrom("spots")
    .innerJoin("stores", "stores.id", "spots.store_id")
    .selectAll("spots")
    .select((eb) => [
      "stores.catalogue_version as store_catalogue_version",
      eb.exists(membershipsValidAt(db, eb.ref("spots.store_id"), phone, at)).as("is_member"),
    ])
    .where("spots.id", "=", spotId),
);

/**
 * A placement's first read, in one statement: the spot, its store's catalogue_version
 * (orders/placement-catalogue.ts) and whether `phone` holds a membership of that store at `at`
 * (member prices; never for a null phone).
 */
export async function findPlacementSpot(
  db: Kysely<Database>,
  spotId: number,
  phone: string | null,
  at: IsoInstant,
): Promise<{ spot: SpotRow; catalogueVersion: number; isMember: boolean } | undefined> {
  const row = (await placementSpot(db, spotId, phone, at)).rows[0];
  if (row === undefined) return undefined;
  const { store_catalogue_version: catalogueVersion, is_member: isMember, ...spot } = row;
  // PostgreSQL answers exists() with a boolean, SQLite with 0 or 1.
  return { spot, catalogueVersion: Number(catalogueVersion), isMember: Boolean(isMember) };
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
