import type { Kysely } from "kysely";
import type { Database } from "../schema";
import type { NewOutboxRow, OutboxRow } from "../tables/outbox.table";

export async function insertOutboxMessage(db: Kysely<Database>, message: NewOutboxRow): Promise<OutboxRow> {
  return db.insertInto("outbox").values(message).returningAll().executeTakeFirstOrThrow();
}

/** Inserts the message unless one with the same job id is stored already (then: undefined). */
export async function insertOutboxMessageOnce(
  db: Kysely<Database>,
  message: NewOutboxRow,
): Promise<OutboxRow | undefined> {
  return db
    .insertInto("outbox")
    .values(message)
    .onConflict((oc) => oc.column("job_id").doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function listOutboxMessages(db: Kysely<Database>): Promise<OutboxRow[]> {
  return db.selectFrom("outbox").selectAll().orderBy("id").execute();
}

/** The newest messages to one recipient (the dev outbox API, tests). */
export async function listOutboxMessagesTo(
  db: Kysely<Database>,
  recipient: string,
  limit: number,
): Promise<OutboxRow[]> {
  return db
    .selectFrom("outbox")
    .selectAll()
    .where("recipient", "=", recipient)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}
