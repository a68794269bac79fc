/**
 * The last tickets a station marked ready (newest first), to put one back on the display when it
 * was marked by mistake or the dish has to be made again, or (a station that prints) to print it again. Read when opened, again on every change
 * the display hears, and now and then; a recall goes through the outbox like every kitchen write.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect } from "react";
import type { TicketDto } from "../../../domain/kitchen-api";
import { pickTranslation } from "../../../domain/languages";
import { fetchStationTickets } from "../../api/kitchen";
import type { PendingStaffActionRow } from "../../db/app-db";
import { formatAthensTime } from "../../i18n/athens-date-time";
import { useLanguage } from "../../i18n/language-store";
import { usePolled } from "../staff/openings/use-polled";
import { isQueued } from "./ticket-actions";

/** A backup read; the display's changes re-read it at once. */
const RECALL_REFRESH_MS = 30_000;

interface RecallPanelProps {
  stationId: number;
  /** Grows with every change the display hears: read again then. */
  changes: number;
  queued: readonly PendingStaffActionRow[];
  onRecall(ticket: TicketDto): void;
  /** The station prints: a ticket made can be printed again (marked as a copy). */
  onReprint: ((ticket: TicketDto) => void) | null;
}

export function RecallPanel({ stationId, changes, queued, onRecall, onReprint }: RecallPanelProps) {
  const { t } = useLingui();
  const { ui } = useLanguage();
  const load = useCallback(() => fetchStationTickets(stationId, "READY"), [stationId]);
  const { data, offlineSince, reload } = usePolled(load, RECALL_REFRESH_MS);
  useEffect(() => {
    if (changes > 0) void reload();
  }, [changes, reload]);

  return (
    <section className="kitchen-recall" aria-labelledby="kitchen-recall-title">
      <h2 id="kitchen-recall-title" className="kitchen-recall__title">
        <Trans>Last ready</Trans>
      </h2>
      {data === null && offlineSince === null && (
        <p aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      )}
      {data === null && offlineSince !== null && (
        <p>
          <Trans>No connection: the tickets made are shown once it returns.</Trans>
        </p>
      )}
      {data !== null && data.length === 0 && (
        <p>
          <Trans>Nothing marked ready yet.</Trans>
        </p>
      )}
      <ul className="kitchen-recall__list">
        {data?.map((ticket) => {
          const number = ticket.dailyNumber;
          const spot = pickTranslation(ticket.spotNames, ui).name;
          const lines = ticket.lines
            .filter((line) => line.canceledQuantity < line.quantity)
            .map((line) => `${line.quantity - line.canceledQuantity} × ${pickTranslation(line.names, ui).name}`)
            .join(", ");
          return (
            <li key={ticket.id} className="kitchen-recall__item">
              <p className="kitchen-recall__what">
                <strong>
                  <Trans>
                    #{number} · {spot}
                  </Trans>
                </strong>{" "}
                {ticket.readyAt !== null && <Trans>ready at {formatAthensTime(ticket.readyAt, ui)}</Trans>}
                <br />
                {lines}
              </p>
              {queued.some((row) => isQueued(row, ticket.id, "recall")) ? (
                <p className="ticket__queued">
                  <Trans>Recall waiting to be sent…</Trans>
                </p>
              ) : (
                <button
                  type="button"
                  className="button button--quiet"
                  aria-label={t`Recall #${number} · ${spot}`}
                  onClick={() => onRecall(ticket)}
                >
                  <Trans>Recall</Trans>
                </button>
              )}
              {onReprint !== null &&
                (queued.some((row) => isQueued(row, ticket.id, "reprint")) ? (
                  <p className="ticket__queued">
                    <Trans>Reprint waiting to be sent…</Trans>
                  </p>
                ) : (
                  <button
                    type="button"
                    className="button button--quiet"
                    aria-label={t`Print #${number} · ${spot} again`}
                    onClick={() => onReprint(ticket)}
                  >
                    <Trans>Print again</Trans>
                  </button>
                ))}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
