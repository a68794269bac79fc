/**
 * One pending order on the waiter's live orders: daily number, spot, "Member" when member prices
 * applied, the time left before it times out (ticking), lines ("Request" instead of a price for a
 * request), total, scheduled time and comment, with Accept and Reject.
 * Reject asks for a reason for the guest: a quick reason chip or free text (optional). While an
 * accept or reject waits in the outbox (offline), the card says so and offers nothing else: the
 * order is not shown as decided before the server confirmed it.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { pickTranslation } from "../../../domain/languages";
import type { OrderDto, OrderLineDto } from "../../../domain/orders-api";
import { formatCountdown, secondsLeft } from "../../../domain/staff-live-orders";
import { useLanguage } from "../../i18n/language-store";
import { formatPrice } from "../../i18n/money";
import { formatKilos } from "../../i18n/weight";
import { MemberMark, RequestMark } from "../shell/OrderMarks";
import "../entrance/accounts.css";
import { RentalDatesText } from "../cart/RentalDatesText";

interface OrderChangeStatusCardProps {
  order: OrderDto;
  /** The server's "now" (ms), ticking: the countdown to the acceptance deadline. */
  nowMs: number;
  /** An accept or reject made and not yet answered (waiting in the outbox). */
  queuedAction: "accept" | "reject" | null;
  /** The text of the last failed action on this order, already translated. */
  error: string | null;
  onAccept(): void;
  onReject(reason: string): void;
}

/** The server's limit (StaffRejectRequestSchema). */
const MAX_REASON_LENGTH = 300;

/** The reasons a beach bar gives most; one tap fills the reason, which stays editable. */
const QUICK_REASONS: readonly MessageDescriptor[] = [
  msg`Out of stock`,
  msg`Kitchen closed`,
  msg`Too busy right now`,
  msg`We cannot serve this spot`,
];

const ATHENS_TIME = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Athens",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

export function OrderChangeStatusCard({
  order,
  nowMs,
  queuedAction,
  error,
  onAccept,
  onReject,
}: OrderChangeStatusCardProps) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const reasonId = useId();
  const number = order.dailyNumber;
  // spotNames is the picked table's, else the spot's, in every language: the UI's one here.
  const spot = pickTranslation(order.spotNames, language.ui).name;
  const headingId = `order-${order.id}`;
  const left = secondsLeft(order.acceptanceDeadline, nowMs);
  const busy = queuedAction !== null;
  const servedBy = order.servedByName;

  return (
    <article className="card live-order" aria-labelledby={headingId} data-order-id={order.id}>
      <div className="live-order__head">
        <h2 id={headingId}>
          <Trans>
            Order #{number} · {spot}
          </Trans>
        </h2>
        {left !== null && (
          <p className={`live-order__countdown${left <= 60 ? " live-order__countdown--late" : ""}`}>
            {left > 0 ? (
              <>
                <span className="visually-hidden">
                  <Trans>Time left:</Trans>{" "}
                </span>
                <time>{formatCountdown(left)}</time>
              </>
            ) : (
              <Trans>Time is up</Trans>
            )}
          </p>
        )}
      </div>
      {order.memberPrices === true && (
        <p>
          <MemberMark />
        </p>
      )}
      {servedBy != null && (
        <p>
          <Trans>Served by {servedBy}</Trans>
        </p>
      )}
      {order.status === "UNDER_REVIEW" && (
        <p>
          <Trans>Under review</Trans>
        </p>
      )}
      {order.scheduledFor !== null && (
        <p>
          <Trans>Scheduled for {ATHENS_TIME.format(new Date(order.scheduledFor))}</Trans>
        </p>
      )}
      <ul className="live-order__lines">
        {order.lines.map((line, index) => (
          // Lines have no id of their own; their position in the order never changes.
          // biome-ignore lint/suspicious/noArrayIndexKey: positions are stable
          <OrderLineItem key={index} line={line} />
        ))}
      </ul>
      <p>
        <Trans>Total: {formatPrice(order.totals.totalCents, language.ui)}</Trans>
      </p>
      {order.comment !== "" && (
        <p>
          <Trans>Comment: {order.comment}</Trans>
        </p>
      )}
      {error !== null && (
        <p role="alert" className="form-field__error">
          {error}
        </p>
      )}
      {queuedAction !== null ? (
        <p className="live-order__queued" role="status">
          {queuedAction === "accept" ? (
            <Trans>Accept waiting to be sent…</Trans>
          ) : (
            <Trans>Rejection waiting to be sent…</Trans>
          )}
        </p>
      ) : rejecting ? (
        <form
          className="live-order__reject"
          onSubmit={(event) => {
            event.preventDefault();
            onReject(reason);
          }}
        >
          <fieldset className="live-order__chips">
            <legend>
              <Trans>Quick reasons</Trans>
            </legend>
            {QUICK_REASONS.map((descriptor) => {
              const text = i18n._(descriptor);
              return (
                <button
                  key={descriptor.id}
                  type="button"
                  className="chip"
                  aria-pressed={reason === text}
                  onClick={() => setReason(text)}
                >
                  {text}
                </button>
              );
            })}
          </fieldset>
          <div className="account-field">
            <label htmlFor={reasonId}>
              <Trans>Reason for the guest (optional)</Trans>
            </label>
            <input
              id={reasonId}
              type="text"
              value={reason}
              maxLength={MAX_REASON_LENGTH}
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
          <div className="live-order__actions">
            <button type="submit" className="button" disabled={busy}>
              <Trans>Confirm rejection</Trans>
            </button>
            <button type="button" className="button button--quiet" disabled={busy} onClick={() => setRejecting(false)}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </form>
      ) : (
        <div className="live-order__actions">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={onAccept}
            aria-label={t`Accept order #${number}`}
          >
            <Trans>Accept</Trans>
          </button>
          <button
            type="button"
            className="button button--quiet"
            disabled={busy}
            onClick={() => setRejecting(true)}
            aria-label={t`Reject order #${number}`}
          >
            <Trans>Reject</Trans>
          </button>
        </div>
      )}
    </article>
  );
}

function OrderLineItem({ line }: { line: OrderLineDto }) {
  const { t } = useLingui();
  const { ui } = useLanguage();
  const kilos = line.kilos === null ? null : formatKilos(line.kilos, ui);
  const amount = kilos === null ? `${line.quantity} ×` : t`${kilos} kg`;
  const options = line.options.map((option) => pickTranslation(option.names, ui).name).join(", ");
  return (
    <li>
      {amount} {pickTranslation(line.names, ui).name}
      {options !== "" && ` (${options})`}
      {line.comment !== "" && ` — ${line.comment}`}{" "}
      {line.request === true ? <RequestMark /> : formatPrice(line.totalCents, ui)}
      {line.rental !== undefined && <RentalDatesText rental={line.rental} unit={line.rental.unit} language={ui} />}
    </li>
  );
}
