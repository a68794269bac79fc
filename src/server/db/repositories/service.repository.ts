import type { Kysely } from "kysely";
import type { Database } from "../schema";
import type { ServiceRow } from "../tables/catalogue.tables";

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
