import type { Kysely } from "kysely";
import type { SpotType } from "../../../domain/spots";
import { compiledOnce } from "../compiled-once";
import type { Database } from "../schema";
import type { SpotRow } from "../tables/catalogue.tables";

const spotById = compiledOnce((db, spotId: number) => db.selectFrom("spots").selectAll().where("id", "=", spotId));

export async function findSpotById(db: Kysely<Database>, spotId: number): Promise<SpotRow | undefined> {
  return (await spotById(db, spotId)).rows[0];
}

const spotWithVersion = compiledOnce((db, spotId: number) =>
  db
    .selectFrom("spots")
    .innerJoin("stores", "stores.id", "spots.store_id")
    .selectAll("spots")
    .select("stores.catalogue_version as store_catalogue_version")
    .where("spots.id", "=", spotId),
);

/** The spot and its store's catalogue_version, in one statement (a placement: orders/placement-catalogue.ts). */
export async function findSpotWithCatalogueVersion(
  db: Kysely<Database>,
  spotId: number,
): Promise<{ spot: SpotRow; catalogueVersion: number } | undefined> {
  const row = (await spotWithVersion(db, spotId)).rows[0];
  if (row === undefined) return undefined;
  const { store_catalogue_version: catalogueVersion, ...spot } = row;
  return { spot, catalogueVersion: Number(catalogueVersion) };
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
