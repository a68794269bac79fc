import type { Kysely } from "kysely";
import { compiledOnce } from "../compiled-once";
import type { Database } from "../schema";
import type { StoreRow } from "../tables/catalogue.tables";

const storeById = compiledOnce((db, storeId: number) => db.selectFrom("stores").selectAll().where("id", "=", storeId));

export async function findStoreById(db: Kysely<Database>, storeId: number): Promise<StoreRow | undefined> {
  return (await storeById(db, storeId)).rows[0];
}

export async function listStores(db: Kysely<Database>): Promise<StoreRow[]> {
  return db.selectFrom("stores").selectAll().orderBy("id").execute();
}

export async function countStores(db: Kysely<Database>): Promise<number> {
  const { count } = await db
    .selectFrom("stores")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  // PostgreSQL returns count(*) as a bigint string.
  return Number(count);
}
