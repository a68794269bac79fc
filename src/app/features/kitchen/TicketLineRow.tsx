/**
 * One line of a ticket on the kitchen display: what to make, how many, its options, weight and the
 * guest's comment. A line still to make is one big button (tap: made); a made line shows a tick and
 * "Ready"; a tap not yet sent says so and is not shown as made; pieces canceled after the ticket was
 * sent are struck through and named, a wholly canceled line has nothing to tap.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { TicketLineDto } from "../../../domain/kitchen-api";
import { linePieces } from "../../../domain/kitchen-display";
import { pickTranslation } from "../../../domain/languages";
import { useLanguage } from "../../i18n/language-store";
import { formatKilos } from "../../i18n/weight";

interface TicketLineRowProps {
  line: TicketLineDto;
  /** A "made" tapped and waiting in the outbox. */
  queued: boolean;
  /** The whole ticket's "ready" waits in the outbox: nothing more to tap on it. */
  locked: boolean;
  onReady(): void;
}

export function TicketLineRow({ line, queued, locked, onReady }: TicketLineRowProps) {
  const pieces = linePieces(line);
  if (pieces.whollyCanceled) {
    return (
      <p className="ticket-line ticket-line--canceled">
        <s>
          <LineText line={line} quantity={line.quantity} />
        </s>
        <span className="ticket-line__state">
          <Trans>Canceled</Trans>
        </span>
      </p>
    );
  }
  if (line.ready) {
    return (
      <p className="ticket-line ticket-line--ready">
        <LineText line={line} quantity={pieces.kept} canceled={pieces.canceled} />
        <span className="ticket-line__state">
          <CheckIcon />
          <Trans>Ready</Trans>
        </span>
      </p>
    );
  }
  if (queued || locked) {
    return (
      <p className="ticket-line ticket-line--queued">
        <LineText line={line} quantity={pieces.kept} canceled={pieces.canceled} />
        {queued && (
          <span className="ticket-line__state">
            <Trans>Waiting to be sent…</Trans>
          </span>
        )}
      </p>
    );
  }
  return (
    <button type="button" className="ticket-line ticket-line--todo" onClick={onReady}>
      <LineText line={line} quantity={pieces.kept} canceled={pieces.canceled} />{" "}
      <span className="visually-hidden">
        <Trans>(tap: ready)</Trans>
      </span>
    </button>
  );
}

function LineText({ line, quantity, canceled = 0 }: { line: TicketLineDto; quantity: number; canceled?: number }) {
  const { ui } = useLanguage();
  const { t } = useLingui();
  const name = pickTranslation(line.names, ui).name;
  const options = line.options.map((option) => pickTranslation(option, ui).name).join(", ");
  return (
    <span className="ticket-line__text">
      <span className="ticket-line__what">
        {/* The quantity as sent, struck, before the one still wanted: the cook sees what changed. */}
        {canceled > 0 && (
          <>
            <s className="ticket-line__was">{quantity + canceled}</s>{" "}
          </>
        )}
        <span className="ticket-line__quantity">{quantity} ×</span> {name}
        {line.grams !== null && <> · {t`${formatKilos(line.grams / 1000, ui)} kg`}</>}
      </span>
      {options !== "" && <span className="ticket-line__options">{options}</span>}
      {line.comment !== "" && <span className="ticket-line__comment">«{line.comment}»</span>}
      {canceled > 0 && (
        <span className="ticket-line__canceled">
          <Plural value={canceled} one="# canceled" other="# canceled" />
        </span>
      )}
    </span>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        d="M4 12.5l5 5L20 6.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
