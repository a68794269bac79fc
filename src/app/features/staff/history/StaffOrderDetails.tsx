/**
 * One order as staff read it, in the store's history and through its details link: daily number,
 * status, where, when it was placed and decided, by whom, the waiter serving it, "Member" when member
 * prices applied, the reject reason, then the lines with
 * options and comments, totals, payment and comment (the guest history's OrderDetails).
 */
import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import type { LanguageState } from "../../../../domain/language-choice";
import { pickTranslation } from "../../../../domain/languages";
import type { StaffOrderDto } from "../../../../domain/staff-history-api";
import { formatAthensDateTime } from "../../../i18n/athens-date-time";
import { OrderDetails } from "../../history/OrderDetails";
import { ORDER_STATUS_TEXT, statusTone } from "../../history/order-status-text";
import { MemberMark } from "../../shell/OrderMarks";
import "../../history/history.css";
import "./staff-history.css";

export function StaffOrderDetails({ order, language }: { order: StaffOrderDto; language: LanguageState }) {
  const { i18n } = useLingui();
  const when = (iso: string) => formatAthensDateTime(iso, language.ui);
  const spot = pickTranslation(order.spotNames, language.ui).name;
  const service = pickTranslation(order.serviceNames, language.ui, language.extra).name;
  const decidedBy = order.decidedByName;
  return (
    <div className="staff-order">
      <dl className="staff-order__facts">
        <div>
          <dt>
            <Trans>Status</Trans>
          </dt>
          <dd>
            <span className={`order-card__status order-card__status--${statusTone(order.status)}`}>
              {i18n._(ORDER_STATUS_TEXT[order.status])}
            </span>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Spot</Trans>
          </dt>
          <dd>
            {spot} · {service}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Placed</Trans>
          </dt>
          <dd>{when(order.createdAt)}</dd>
        </div>
        {order.scheduledFor !== null && (
          <div>
            <dt>
              <Trans>Scheduled for</Trans>
            </dt>
            <dd>{when(order.scheduledFor)}</dd>
          </div>
        )}
        {order.decidedAt !== null && (
          <div>
            {/* "Accepted", "Rejected" or "Timed out": when, and by whom when known. */}
            <dt>{i18n._(ORDER_STATUS_TEXT[order.status])}</dt>
            <dd>
              {decidedBy === null ? (
                when(order.decidedAt)
              ) : (
                <Trans>
                  {when(order.decidedAt)} by {decidedBy}
                </Trans>
              )}
            </dd>
          </div>
        )}
        {order.servedByName != null && (
          <div>
            <dt>
              <Trans>Served by</Trans>
            </dt>
            <dd>{order.servedByName}</dd>
          </div>
        )}
        {order.memberPrices === true && (
          <div>
            <dt>
              <Trans>Prices</Trans>
            </dt>
            <dd>
              <MemberMark />
            </dd>
          </div>
        )}
        {order.errorMessage !== null && order.status !== "ACCEPTED" && (
          <div>
            <dt>
              <Trans>Reason</Trans>
            </dt>
            <dd className="staff-order__reason">{order.errorMessage}</dd>
          </div>
        )}
      </dl>
      <OrderDetails order={order} language={language} />
    </div>
  );
}
