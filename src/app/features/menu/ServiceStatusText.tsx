/**
 * "Open now · until 20:00" / "Closed now · opens at 09:00", and what the guest can still do when
 * closed (spec §4 "Service open", "Ordering in the modal is disabled when the service is closed,
 * except ..."). Used on the service cards, the menu and the item modal.
 */
import { Trans } from "@lingui/react/macro";
import { formatAthensTime } from "../../i18n/athens-date-time";
import { useLanguage } from "../../i18n/language-store";
import type { ServiceStatus } from "./service-status";
import "./service-status.css";

export function OpenState({ status }: { status: ServiceStatus }) {
  if (status.note === "paused") return <PausedState status={status} />;
  const start = status.hours?.startTime;
  const end = status.hours?.endTime;
  if (status.open) {
    return (
      <span className="open-state open-state--open">
        {end === undefined ? <Trans>Open now</Trans> : <Trans>Open now · until {end}</Trans>}
      </span>
    );
  }
  return (
    <span className="open-state open-state--closed">
      {status.note === "closed" ? (
        // One sentence that names the hour once, easier to read than two that repeat it.
        <Trans>Closed now, opens at {start}: you can browse the menu meanwhile.</Trans>
      ) : (
        <Trans>Closed now · opens at {start}</Trans>
      )}
    </span>
  );
}

/** Paused by the venue, like "closed now": until when, in Athens time, or until it resumes. */
function PausedState({ status }: { status: ServiceStatus }) {
  const { ui } = useLanguage();
  const until = status.pause?.until ?? null;
  return (
    <span className="open-state open-state--closed">
      {until === null ? (
        <Trans>Orders paused for now: you can browse the menu meanwhile.</Trans>
      ) : (
        <Trans>Orders paused until {formatAthensTime(until, ui)}: you can browse the menu meanwhile.</Trans>
      )}
    </span>
  );
}

/** What the guest can do, when the service's state limits it. Null when ordering works as usual. */
export function OrderingNoteText({ status }: { status: ServiceStatus }) {
  switch (status.note) {
    case "open":
      return null;
    case "read-only":
      return <Trans>This menu is for viewing only; please order from a member of staff.</Trans>;
    case "closed":
      // Said by OpenState in the same sentence as the opening hour.
      return null;
    case "closed-scheduled":
      return <Trans>Scheduled orders are being accepted.</Trans>;
    case "closed-delayed":
      return <Trans>You can still send your order; the venue confirms it when it opens.</Trans>;
    case "closed-delivery":
      return <Trans>You can still place your delivery order.</Trans>;
    case "paused": {
      // The venue's own words, as the waiter typed them.
      const reason = status.pause?.reason ?? "";
      return reason === "" ? null : (
        <span className="pause-reason">
          <Trans>The venue says: “{reason}”</Trans>
        </span>
      );
    }
  }
}
