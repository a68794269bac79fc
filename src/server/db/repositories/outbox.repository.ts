import type { Kysely } from "kysely";
import type { Database } from "../schema";
import type { NewOutboxRow, OutboxRow } from "../tables/outbox.table";

export async function insertOutboxMessage(db: Kysely<Database>, message: NewOutboxRow): Promise<OutboxRow> {
  return db.insertInto("outbox").values(message).returningAll().executeTakeFirstOrThrow();
}

export async function listOutboxMessages(db: Kysely<Database>): Promise<OutboxRow[]> {
  return db.selectFrom("outbox").selectAll().orderBy("id").execute();
}
