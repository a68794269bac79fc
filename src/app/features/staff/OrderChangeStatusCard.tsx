/**
 * One pending order on the staff screen: daily number, spot, lines, total, scheduled time and
 * comment, with Accept and Reject. Reject first asks for an optional reason for the guest.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { pickTranslation } from "../../../domain/languages";
import type { OrderDto, OrderLineDto } from "../../../domain/orders-api";
import { useLanguage } from "../../i18n/language-store";
import { formatPrice } from "../../i18n/money";
import { formatKilos } from "../../i18n/weight";

interface OrderChangeStatusCardProps {
  order: OrderDto;
  busy: boolean;
  /** The text of the last failed action on this order, already translated. */
  error: string | null;
  onAccept(): void;
  onReject(reason: string): void;
}

/** The server's limit (StaffRejectRequestSchema). */
const MAX_REASON_LENGTH = 300;

const ATHENS_TIME = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Athens",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

export function OrderChangeStatusCard({ order, busy, error, onAccept, onReject }: OrderChangeStatusCardProps) {
  const { t } = useLingui();
  const language = useLanguage();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const reasonId = useId();
  const number = order.dailyNumber;
  const spot = order.selectedTableName ?? order.spotName;
  const headingId = `order-${order.id}`;

  return (
    <article className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>
          Order #{number} · {spot}
        </Trans>
      </h2>
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
      <ul>
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
      {rejecting ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onReject(reason);
          }}
        >
          <div className="form-field">
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
          <button type="submit" className="button" disabled={busy}>
            <Trans>Confirm rejection</Trans>
          </button>
          <button type="button" className="button button--quiet" disabled={busy} onClick={() => setRejecting(false)}>
            <Trans>Cancel</Trans>
          </button>
        </form>
      ) : (
        <div>
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
      {line.comment !== "" && ` — ${line.comment}`} {formatPrice(line.totalCents, ui)}
    </li>
  );
}
