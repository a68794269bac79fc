/**
 * What the kitchen and the bars have made and no waiter has taken yet, oldest first: each ticket
 * with its daily number, spot, station and lines, and "Taking it", which tells the others (and the
 * guest: "on its way") that this waiter carries it. "Taking it" goes through the outbox: tapped
 * offline it says it waits to be sent, and the ticket stays listed until the server has it.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useMemo, useState } from "react";
import type { TicketDto } from "../../../domain/kitchen-api";
import { answersCaughtUp, linePieces, wholeMinutesSince, withAnswers } from "../../../domain/kitchen-display";
import { pickTranslation } from "../../../domain/languages";
import { errorTextOf, renderErrorText } from "../../api/error-catalogue";
import { formatAthensTime } from "../../i18n/athens-date-time";
import { useLanguage } from "../../i18n/language-store";
import { formatKilos } from "../../i18n/weight";
import { useServerNow } from "../staff/live/server-now";
import { useKitchenFeed } from "./kitchen-feed-store";
import { answeredTicket, isQueued, submitTicketAction } from "./ticket-actions";
import { useQueuedTicketActions } from "./use-queued-ticket-actions";

export function ReadyToCarry({ storeId }: { storeId: number }) {
  const { t, i18n } = useLingui();
  const { ui } = useLanguage();
  const feed = useKitchenFeed();
  const read = feed.storeId === storeId ? feed.ready : null;
  const now = useServerNow(30_000);
  const queued = useQueuedTicketActions();
  const [answers, setAnswers] = useState<ReadonlyMap<number, TicketDto>>(() => new Map());
  const [refusal, setRefusal] = useState<{ ticketId: number; text: string } | null>(null);

  useEffect(() => {
    if (read === null) return;
    setAnswers((current) => {
      const caughtUp = answersCaughtUp(read, current);
      if (caughtUp.length === 0) return current;
      const next = new Map(current);
      for (const id of caughtUp) next.delete(id);
      return next;
    });
  }, [read]);
  const ready = useMemo(() => (read === null ? null : withAnswers(read, answers, "READY")), [read, answers]);

  const takeIt = async (ticket: TicketDto) => {
    setRefusal(null);
    const number = ticket.dailyNumber;
    const spot = pickTranslation(ticket.spotNames, ui).name;
    const outcome = await submitTicketAction(ticket, { kind: "picked-up" }, t`Taking #${number} · ${spot}`);
    const answer = answeredTicket(outcome);
    if (answer !== null) setAnswers((current) => new Map(current).set(answer.id, answer));
    if (outcome.kind === "refused") {
      const text = renderErrorText(errorTextOf(outcome.error), (descriptor) => i18n._(descriptor));
      setRefusal({ ticketId: ticket.id, text });
    }
    await feed.reload();
  };

  return (
    <section className="ready-to-carry" aria-labelledby="ready-to-carry-title">
      <h2 id="ready-to-carry-title" className="ready-to-carry__title">
        <Trans>Ready to carry</Trans>
      </h2>
      {feed.offlineSince !== null && (
        <p className="openings__offline" role="status">
          <Trans>
            Offline since {formatAthensTime(feed.offlineSince.toISOString(), ui)}: showing the last known tickets
          </Trans>
        </p>
      )}
      {ready === null && feed.offlineSince === null && (
        <p aria-busy="true">
          <Trans>Loading tickets…</Trans>
        </p>
      )}
      {ready !== null && ready.length === 0 && (
        <p className="card ready-to-carry__empty">
          <Trans>Nothing waiting to be carried.</Trans>
        </p>
      )}
      <ol className="ready-to-carry__list" aria-label={t`Ready to carry, the oldest first`}>
        {ready?.map((ticket) => {
          const number = ticket.dailyNumber;
          const spot = pickTranslation(ticket.spotNames, ui).name;
          const station = pickTranslation(ticket.stationNames, ui).name;
          const headingId = `ready-${ticket.id}`;
          const waited = ticket.readyAt === null ? null : wholeMinutesSince(ticket.readyAt, now);
          return (
            <li key={ticket.id}>
              <article className="card ready-ticket" aria-labelledby={headingId} data-ticket-id={ticket.id}>
                <div className="ready-ticket__head">
                  <h3 id={headingId}>
                    <Trans>
                      #{number} · {spot}
                    </Trans>
                  </h3>
                  <p className="ready-ticket__station">{station}</p>
                </div>
                {waited !== null && (
                  <p className="ready-ticket__since">
                    <Plural value={waited} one="Ready for # min" other="Ready for # min" />
                  </p>
                )}
                <ul className="ready-ticket__lines">
                  {ticket.lines.map((line) => {
                    const { kept, whollyCanceled } = linePieces(line);
                    if (whollyCanceled) return null;
                    return (
                      <li key={line.index}>
                        {kept} × {pickTranslation(line.names, ui).name}
                        {line.grams !== null && <> · {t`${formatKilos(line.grams / 1000, ui)} kg`}</>}
                      </li>
                    );
                  })}
                </ul>
                {refusal?.ticketId === ticket.id && (
                  <p role="alert" className="form-field__error">
                    {refusal.text}
                  </p>
                )}
                {queued.some((row) => isQueued(row, ticket.id, "picked-up")) ? (
                  <p className="ticket__queued">
                    <Trans>Taking it: waiting to be sent…</Trans>
                  </p>
                ) : (
                  <button type="button" className="button ready-ticket__take" onClick={() => void takeIt(ticket)}>
                    <Trans>Taking it</Trans>{" "}
                    {/* One order's tickets of two stations share number and spot: the station tells the buttons apart. */}
                    <span className="visually-hidden">
                      <Trans>
                        #{number} · {spot} · {station}
                      </Trans>
                    </span>
                  </button>
                )}
              </article>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
