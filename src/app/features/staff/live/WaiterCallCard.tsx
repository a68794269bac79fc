/**
 * A guest's call on the waiter's live orders, above the orders: which table asks for what (the
 * bill in cash or on the card terminal, with the amount and tip the guest means to pay, or just a
 * waiter), since when, and what the table owes now, so the waiter brings the right terminal and
 * change. "On my way" answers it (through the staff-action outbox: while it waits the card says
 * so and offers nothing else); the table's link opens its bill when the spot has an open table.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useCallback } from "react";
import type { WaiterCall } from "../../../../domain/bill-api";
import { pickTranslation, type UiLanguage } from "../../../../domain/languages";
import { formatAthensTime } from "../../../i18n/athens-date-time";
import { useLanguage } from "../../../i18n/language-store";
import { formatPrice } from "../../../i18n/money";
import { useTerminalSpot } from "../../../session/staff-device";

interface WaiterCallCardProps {
  call: WaiterCall;
  /** An answer made and not yet sent (waiting in the outbox). */
  queued: boolean;
  /** The text of the last failed answer to this call, already translated. */
  error: string | null;
  onAnswer(): void;
}

/** The call in one line ("Table 6 asks for the bill, card terminal"), for its card and for notices about it. */
export function useCallTitle(): (call: WaiterCall, language: UiLanguage) => string {
  const { t } = useLingui();
  return useCallback(
    (call: WaiterCall, language: UiLanguage) => {
      const spot = pickTranslation(call.spot.names, language).name;
      switch (call.kind) {
        case "PAY_CARD_TERMINAL":
          return t`${spot} asks for the bill, card terminal`;
        case "PAY_CASH":
          return t`${spot} asks for the bill, cash`;
        case "CALL":
          return t`${spot} calls a waiter`;
      }
    },
    [t],
  );
}

export function WaiterCallCard({ call, queued, error, onAnswer }: WaiterCallCardProps) {
  const { t } = useLingui();
  const { ui } = useLanguage();
  const terminal = useTerminalSpot();
  const title = useCallTitle()(call, ui);
  const spot = pickTranslation(call.spot.names, ui).name;
  const headingId = `call-${call.id}`;
  const at = formatAthensTime(call.at, ui);
  const amount = call.amountCents === null ? null : formatPrice(call.amountCents, ui);
  const tip = call.tipCents === null || call.tipCents === 0 ? null : formatPrice(call.tipCents, ui);
  const owed = call.owedCents === null ? null : formatPrice(call.owedCents, ui);
  const params = { storeId: call.storeId, tableId: terminal?.spotId ?? call.spot.id, openingId: call.openingId ?? 0 };

  return (
    <article
      className={`card live-call live-call--${call.kind.toLowerCase().replaceAll("_", "-")}`}
      aria-labelledby={headingId}
      data-call-id={call.id}
    >
      <div className="live-order__head">
        <h2 id={headingId}>{title}</h2>
        <p className="live-call__at">
          <Trans>
            at <time dateTime={call.at}>{at}</time>
          </Trans>
        </p>
      </div>
      {amount !== null && (
        <p className="live-call__amount">
          {tip === null ? (
            <Trans>Pays {amount}</Trans>
          ) : (
            <Trans>
              Pays {amount} + tip {tip}
            </Trans>
          )}
        </p>
      )}
      {owed !== null && (
        <p>
          <Trans>The table owes {owed} now</Trans>
        </p>
      )}
      {error !== null && (
        <p role="alert" className="form-field__error">
          {error}
        </p>
      )}
      {queued ? (
        <p className="live-order__queued" role="status">
          <Trans>“On my way” waiting to be sent…</Trans>
        </p>
      ) : (
        <div className="live-order__actions">
          <button type="button" className="button" onClick={onAnswer} aria-label={t`On my way to ${spot}`}>
            <Trans>On my way</Trans>
          </button>
          {call.openingId !== null &&
            (call.spot.type === "HOTEL_ROOM" ? (
              <Link
                to="/open-rooms/for-store/$storeId/$tableId/$openingId"
                params={params}
                className="button button--quiet"
              >
                <Trans>Open {spot}</Trans>
              </Link>
            ) : (
              <Link
                to="/open-tables/for-store/$storeId/$tableId/$openingId"
                params={params}
                className="button button--quiet"
              >
                <Trans>Open {spot}</Trans>
              </Link>
            ))}
        </div>
      )}
    </article>
  );
}
