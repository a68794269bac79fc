/**
 * One order of the guest's history (spec §2 history): where and when, its daily number and status,
 * the total, the details on demand, and "Leave a review" while an accepted order has none.
 */
import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import type { LanguageState } from "../../../domain/language-choice";
import { pickTranslation } from "../../../domain/languages";
import type { OrderDto } from "../../../domain/orders-api";
import { canLeaveReview } from "../../../domain/reviews";
import { formatAthensDateTime } from "../../i18n/athens-date-time";
import { formatPrice } from "../../i18n/money";
import { OrderDetails } from "./OrderDetails";
import { ORDER_STATUS_TEXT, statusTone } from "./order-status-text";

export function OrderCard({ order, language }: { order: OrderDto; language: LanguageState }) {
  const { i18n } = useLingui();
  const name = (names: Parameters<typeof pickTranslation>[0]) =>
    pickTranslation(names, language.ui, language.extra).name;
  const store = name(order.storeNames);
  const service = name(order.serviceNames);
  // The spot in the UI language (an extra language shows the English UI, spec §4).
  const spot = pickTranslation(order.spotNames, language.ui).name;
  const placedAt = formatAthensDateTime(order.createdAt, language.ui);
  const scheduledFor = order.scheduledFor && formatAthensDateTime(order.scheduledFor, language.ui);
  const number = order.dailyNumber;
  const total = formatPrice(order.totals.totalCents, language.ui);
  const headingId = `order-${order.id}-title`;

  return (
    <article className="order-card card" aria-labelledby={headingId}>
      <header className="order-card__header">
        <h2 id={headingId} className="order-card__title">
          {store}
        </h2>
        <span className={`order-card__status order-card__status--${statusTone(order.status)}`}>
          {i18n._(ORDER_STATUS_TEXT[order.status])}
        </span>
      </header>
      <p className="order-card__where">
        {service} · {spot}
      </p>
      <p className="order-card__when">
        <Trans>
          Order #{number} · {placedAt}
        </Trans>
      </p>
      {scheduledFor && (
        <p className="order-card__when">
          <Trans>Scheduled for {scheduledFor}</Trans>
        </p>
      )}
      {/* The store's reason for a rejection; a declined card's reason is the provider's, in its language. */}
      {order.errorMessage && order.status === "REJECTED" && <p className="order-card__reason">{order.errorMessage}</p>}
      <p className="order-card__total">
        <Trans>Total {total}</Trans>
      </p>
      <details className="order-card__details">
        <summary>
          <Trans>Details</Trans>
        </summary>
        <OrderDetails order={order} language={language} />
      </details>
      {canLeaveReview(order) && (
        <Link to="/review/$orderId" params={{ orderId: order.id }} className="button order-card__review">
          <Trans>Leave a review</Trans>
        </Link>
      )}
      {order.reviewed && (
        <p className="order-card__reviewed">
          <Trans>You reviewed this order.</Trans>{" "}
          <Link to="/stores/$storeId/reviews" params={{ storeId: order.storeId }}>
            <Trans>See the store's reviews</Trans>
          </Link>
        </p>
      )}
    </article>
  );
}
