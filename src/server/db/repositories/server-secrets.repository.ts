import type { Kysely } from "kysely";
import type { IsoInstant } from "../columns";
import type { Database } from "../schema";

/**
 * The named secret, stored first with `candidate` when there is none. Processes starting together
 * all read the one that won the insert.
 */
export async function findOrStoreSecret(
  db: Kysely<Database>,
  name: string,
  candidate: string,
  now: IsoInstant,
): Promise<string> {
  await db
    .insertInto("server_secrets")
    .values({ name, value: candidate, created_at: now })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  const { value } = await db
    .selectFrom("server_secrets")
    .select("value")
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
  return value;
}
