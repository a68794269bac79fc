/**
 * One ticket on a station's display: its daily number and spot, how long it has waited (colour,
 * icon and word), "Changed" when the floor canceled something after it was sent, its lines (tap
 * one: made) and "All ready" for the whole ticket. A ready tapped while offline waits in the
 * outbox: the ticket stays, saying so, until the server has it.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import type { TicketDto } from "../../../domain/kitchen-api";
import { ticketAgeView } from "../../../domain/kitchen-display";
import { pickTranslation } from "../../../domain/languages";
import type { PendingStaffActionRow } from "../../db/app-db";
import { useLanguage } from "../../i18n/language-store";
import { TicketAgeLabel } from "./TicketAgeLabel";
import { TicketLineRow } from "./TicketLineRow";
import { isQueued } from "./ticket-actions";

interface TicketCardProps {
  ticket: TicketDto;
  /** The server's "now" (ms): the ticket's age. */
  nowMs: number;
  /** Kitchen writes waiting in the outbox (any ticket's). */
  queued: readonly PendingStaffActionRow[];
  /** The words of the last refusal of a write on this ticket, already translated. */
  error: string | null;
  onLineReady(lineIndex: number): void;
  onAllReady(): void;
}

export function TicketCard({ ticket, nowMs, queued, error, onLineReady, onAllReady }: TicketCardProps) {
  const { t } = useLingui();
  const { ui } = useLanguage();
  const { age, minutes } = ticketAgeView(ticket.createdAt, nowMs);
  const number = ticket.dailyNumber;
  const spot = pickTranslation(ticket.spotNames, ui).name;
  const headingId = `ticket-${ticket.id}`;
  const readyQueued = queued.some((row) => isQueued(row, ticket.id, "ready"));
  const canceled = ticket.state === "CANCELED";
  const hasLinesToMake = ticket.lines.some((line) => !line.ready && line.canceledQuantity < line.quantity);

  return (
    <article
      className={`ticket ticket--${canceled ? "canceled" : age}`}
      aria-labelledby={headingId}
      data-ticket-id={ticket.id}
      data-state={ticket.state}
    >
      <div className="ticket__head">
        <h2 id={headingId} className="ticket__title">
          <Trans>
            #{number} · {spot}
          </Trans>
        </h2>
        {canceled ? (
          <p className="ticket__canceled">
            <Trans>Canceled by the floor</Trans>
          </p>
        ) : (
          <TicketAgeLabel age={age} minutes={minutes} />
        )}
      </div>
      {ticket.changed && !canceled && (
        <p className="ticket__changed">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              d="M4 20h4L19 9l-4-4L4 16zM14 6l4 4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinejoin="round"
            />
          </svg>
          <Trans>Changed</Trans>
        </p>
      )}
      {ticket.waiterName !== null && (
        <p className="ticket__waiter">
          <Trans>Waiter: {ticket.waiterName}</Trans>
        </p>
      )}
      <ul className="ticket__lines" aria-label={t`Items of #${number}`}>
        {ticket.lines.map((line) => (
          <li key={line.index}>
            <TicketLineRow
              line={line}
              queued={queued.some((row) => isQueued(row, ticket.id, "line-ready", line.index))}
              locked={readyQueued}
              onReady={() => onLineReady(line.index)}
            />
          </li>
        ))}
      </ul>
      {error !== null && (
        <p role="alert" className="ticket__error">
          {error}
        </p>
      )}
      {readyQueued ? (
        <p className="ticket__queued" role="status">
          <Trans>Ready waiting to be sent…</Trans>
        </p>
      ) : (
        hasLinesToMake && (
          <button type="button" className="button ticket__all-ready" onClick={onAllReady}>
            <Trans>All ready</Trans>{" "}
            <span className="visually-hidden">
              <Trans>
                #{number} · {spot}
              </Trans>
            </span>
          </button>
        )
      )}
    </article>
  );
}
