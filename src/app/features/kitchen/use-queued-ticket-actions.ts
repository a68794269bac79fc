/** The kitchen writes waiting in the staff-action outbox (any ticket's): the screens show them as waiting. */
import { useLiveQuery } from "dexie-react-hooks";
import { appDb, type PendingStaffActionRow } from "../../db/app-db";
import { isWaiting } from "../staff/openings/action-outbox";

export function useQueuedTicketActions(): readonly PendingStaffActionRow[] {
  return (
    useLiveQuery(
      () =>
        appDb()
          .pendingStaffActions.filter((row) => isWaiting(row) && row.ticketId !== undefined)
          .toArray(),
      [],
    ) ?? []
  );
}
