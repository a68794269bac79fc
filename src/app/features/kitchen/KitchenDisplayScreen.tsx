/**
 * A station's kitchen display (KDS): a tablet on the counter, signed in with a PIN like any of the
 * store's terminals. Live tickets oldest first (left to right on a landscape tablet, one column in
 * portrait), each with its age in colour, icon and word; a beep and an announcement when one
 * arrives (the cooks can mute the beep on this device); tap a line when it is made, or "All ready"
 * for the ticket; the last ones made can be recalled. Offline the last tickets stay on screen, and
 * a ready tapped meanwhile waits in the outbox, shown as waiting, and goes out once.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { TicketDto } from "../../../domain/kitchen-api";
import { pickTranslation, type UiLanguage } from "../../../domain/languages";
import { errorTextOf, renderErrorText } from "../../api/error-catalogue";
import { formatAthensTime } from "../../i18n/athens-date-time";
import { useLanguage } from "../../i18n/language-store";
import { usePageTitle } from "../shell/use-page-title";
import { useServerNow } from "../staff/live/server-now";
import { NotAllowedScreen } from "../staff/openings/NotAllowedScreen";
import { useStaffOfStore } from "../staff/openings/use-staff-of-store";
import { RecallPanel } from "./RecallPanel";
import { useStoreStations } from "./store-stations";
import { TicketCard } from "./TicketCard";
import { submitTicketAction } from "./ticket-actions";
import { setTicketSoundMuted, useTicketSoundMuted } from "./ticket-alert";
import { useQueuedTicketActions } from "./use-queued-ticket-actions";
import { useStationTickets } from "./use-station-tickets";
import "./kitchen.css";

interface KitchenDisplayScreenProps {
  storeId: number;
  stationId: number;
}

export function KitchenDisplayScreen(props: KitchenDisplayScreenProps) {
  const access = useStaffOfStore(props.storeId);
  if (access.kind === "loading") return null;
  if (access.kind === "not-allowed") return <NotAllowedScreen />;
  return <StationDisplay {...props} />;
}

function StationDisplay({ storeId, stationId }: KitchenDisplayScreenProps) {
  const { t, i18n } = useLingui();
  const { ui } = useLanguage();
  const stations = useStoreStations(storeId);
  const { tickets, offlineSince, error, connected, arrived, refusal, changes } = useStationTickets(storeId, stationId);
  const station = stations?.find((candidate) => candidate.id === stationId);
  const stationNames = station?.names ?? tickets?.[0]?.stationNames;
  const stationName = stationNames === undefined ? t`Station` : pickTranslation(stationNames, ui).name;
  usePageTitle(stationName);
  const muted = useTicketSoundMuted();
  const [recallOpen, setRecallOpen] = useState(false);
  const now = useServerNow(15_000);
  const queued = useQueuedTicketActions();
  const errorText = (thrown: unknown) => renderErrorText(errorTextOf(thrown), (descriptor) => i18n._(descriptor));

  const named = (ticket: TicketDto) => `#${ticket.dailyNumber} · ${pickTranslation(ticket.spotNames, ui).name}`;
  const lineReady = (ticket: TicketDto, lineIndex: number) => {
    const line = ticket.lines.find((candidate) => candidate.index === lineIndex);
    const item = line === undefined ? "" : pickTranslation(line.names, ui).name;
    void submitTicketAction(ticket, { kind: "line-ready", lineIndex }, t`Ready: ${item} (${named(ticket)})`);
  };
  const allReady = (ticket: TicketDto) =>
    void submitTicketAction(ticket, { kind: "ready" }, t`Ready: ticket ${named(ticket)}`);
  const recall = (ticket: TicketDto) =>
    void submitTicketAction(ticket, { kind: "recall" }, t`Recall of ticket ${named(ticket)}`);
  const reprint = (ticket: TicketDto) =>
    void submitTicketAction(ticket, { kind: "reprint" }, t`Reprint of ticket ${named(ticket)}`);

  return (
    // data-stream: whether tickets arrive pushed or polled (what a test, or someone debugging a tablet, asks first).
    <section className="page kitchen-display" aria-labelledby="page-title" data-stream={connected ? "live" : "polling"}>
      <div className="kitchen-display__top">
        <h1 id="page-title" className="page__title">
          {stationName}
        </h1>
        <button
          type="button"
          className="button button--quiet kitchen-display__tool"
          aria-pressed={muted}
          onClick={() => setTicketSoundMuted(!muted)}
        >
          <Trans>Mute sound</Trans>
        </button>
        <button
          type="button"
          className="button button--quiet kitchen-display__tool"
          aria-expanded={recallOpen}
          aria-controls="kitchen-recall"
          onClick={() => setRecallOpen(!recallOpen)}
        >
          <Trans>Last ready</Trans>
        </button>
      </div>
      {/* Read out politely when tickets arrive; the cards themselves are not a live region (they tick). */}
      <p className="visually-hidden" role="status">
        {arrived.length === 1 && (
          <Trans>
            New ticket {named(arrived[0] as TicketDto)}: {ticketSummary(arrived[0] as TicketDto, ui)}
          </Trans>
        )}
        {arrived.length > 1 && <Trans>{arrived.length} new tickets</Trans>}
      </p>
      {offlineSince !== null && (
        <p className="openings__offline" role="status">
          <Trans>
            Offline since {formatAthensTime(offlineSince.toISOString(), ui)}: showing the last known tickets
          </Trans>
        </p>
      )}
      {error !== null && <p role="alert">{errorText(error)}</p>}
      <div id="kitchen-recall" hidden={!recallOpen}>
        {recallOpen && (
          <RecallPanel
            stationId={stationId}
            changes={changes}
            queued={queued}
            onRecall={recall}
            onReprint={station?.printer === true ? reprint : null}
          />
        )}
      </div>
      {tickets === null && error === null && offlineSince === null && (
        <p aria-busy="true">
          <Trans>Loading tickets…</Trans>
        </p>
      )}
      {tickets !== null && tickets.length === 0 && (
        <p className="card kitchen-display__empty">
          <Trans>No tickets to make right now.</Trans>
        </p>
      )}
      <ol className="kitchen-display__tickets" aria-label={t`Tickets to make, the oldest first`}>
        {tickets?.map((ticket) => (
          <li key={ticket.id}>
            <TicketCard
              ticket={ticket}
              nowMs={now}
              queued={queued}
              error={refusal?.ticketId === ticket.id ? errorText(refusal.error) : null}
              onLineReady={(lineIndex) => lineReady(ticket, lineIndex)}
              onAllReady={() => allReady(ticket)}
            />
          </li>
        ))}
      </ol>
    </section>
  );
}

/** "2 × Freddo espresso, 1 × Club sandwich": what the announcement reads of a new ticket. */
function ticketSummary(ticket: TicketDto, ui: UiLanguage): string {
  return ticket.lines
    .filter((line) => line.canceledQuantity < line.quantity)
    .map((line) => `${line.quantity - line.canceledQuantity} × ${pickTranslation(line.names, ui).name}`)
    .join(", ");
}
