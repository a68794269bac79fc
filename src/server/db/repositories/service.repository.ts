import type { Kysely } from "kysely";
import { compiledOnce } from "../compiled-once";
import type { Database } from "../schema";
import type { ServiceRow, SpotRow } from "../tables/catalogue.tables";

const serviceById = compiledOnce((db, serviceId: number) =>
  db.selectFrom("services").selectAll().where("id", "=", serviceId),
);

export async function findServiceById(db: Kysely<Database>, serviceId: number): Promise<ServiceRow | undefined> {
  return (await serviceById(db, serviceId)).rows[0];
}

/** All services of a store in display order. */
export async function listServicesOfStore(db: Kysely<Database>, storeId: number): Promise<ServiceRow[]> {
  return db.selectFrom("services").selectAll().where("store_id", "=", storeId).orderBy("position").execute();
}

export interface ServiceVersion {
  storeId: number;
  catalogueVersion: number;
}

/** The cheap query the menu cache makes to learn whether its copy is still current. */
export async function findServiceVersion(db: Kysely<Database>, serviceId: number): Promise<ServiceVersion | undefined> {
  const row = await db
    .selectFrom("services")
    .innerJoin("stores", "stores.id", "services.store_id")
    .select(["services.store_id", "stores.catalogue_version"])
    .where("services.id", "=", serviceId)
    .executeTakeFirst();
  return row && { storeId: row.store_id, catalogueVersion: row.catalogue_version };
}

export interface SpotService {
  spotType: SpotRow["type"];
  service: ServiceRow | undefined;
}

/**
 * A spot's type and its store's service with this slug, in one query (the menu
 * screen asks for a menu by the slug in its URL, in parallel with the table, without learning the
 * service id first). undefined: no such spot; `service` undefined: the store has no such slug.
 */
export async function findSpotServiceBySlug(
  db: Kysely<Database>,
  spotId: number,
  slug: string,
): Promise<SpotService | undefined> {
  const row = await db
    .selectFrom("spots")
    .leftJoin("services", (join) =>
      join.onRef("services.store_id", "=", "spots.store_id").on("services.slug", "=", slug),
    )
    .select("spots.type as spot_type")
    .selectAll("services")
    .where("spots.id", "=", spotId)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const { spot_type: spotType, ...service } = row;
  return { spotType, service: service.id === null ? undefined : (service as ServiceRow) };
}
