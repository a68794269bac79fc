/**
 * The stored status events a process may have missed while its LISTEN connection was down
 * (src/server/realtime/postgres-order-events.ts replays them after reconnecting): every
 * status-event job done since `since`, and every one still pending (committed, about to be
 * published: hearing it early is harmless), and likewise every opening-events job. An accepted
 * order's and a staff write's table-opening events are read as they are now. At most the newest
 * REPLAY_LIMIT jobs, oldest first.
 */
import type { Kysely } from "kysely";
import { fromJsonText } from "../db/columns";
import type { Database } from "../db/schema";
import { openingChangedEvents, openingEventsOfOrder } from "../openings/opening-events";
import type { LiveEvent } from "../realtime/order-events";
import type { OpeningEventsPayload, StatusEventPayload } from "./order-jobs";

const REPLAY_LIMIT = 2000;

export async function statusEventsSince(db: Kysely<Database>, since: Date): Promise<LiveEvent[]> {
  const rows = await db
    .selectFrom("jobs")
    .select(["id", "kind", "payload"])
    .where("kind", "in", ["status-event", "opening-events"])
    .where((eb) => eb.or([eb("state", "=", "PENDING"), eb("done_at", ">=", since.toISOString())]))
    .orderBy("id", "desc")
    .limit(REPLAY_LIMIT)
    .execute();
  const events: LiveEvent[] = [];
  for (const row of rows.reverse()) {
    if (row.kind === "opening-events") {
      const { openingIds } = fromJsonText<OpeningEventsPayload>(row.payload);
      events.push(...(await openingChangedEvents(db, openingIds)));
      continue;
    }
    const { event } = fromJsonText<StatusEventPayload>(row.payload);
    events.push(event);
    if (event.status === "ACCEPTED") events.push(...(await openingEventsOfOrder(db, event.orderId)));
  }
  return events;
}
