/**
 * The store's day for its admins, to close the till: tables closed, what was paid by each type,
 * guests' tips (in all and by waiter), treated and canceled items with who and why, on-credit
 * receivables; printable on A4 or a thermal roll like the receipts.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Fragment, useCallback } from "react";
import { pickTranslation } from "../../../../domain/languages";
import { fetchDaySummary } from "../../../api/staff-openings";
import { formatAthensDay, formatAthensTime } from "../../../i18n/athens-date-time";
import { useLanguage } from "../../../i18n/language-store";
import { formatPrice } from "../../../i18n/money";
import { usePageTitle } from "../../shell/use-page-title";
import { NotAllowedScreen } from "./NotAllowedScreen";
import { openingErrorText } from "./opening-errors";
import { LineStateName, SettlementName } from "./settlement-names";
import { usePolled } from "./use-polled";
import { useStaffOfStore } from "./use-staff-of-store";
import "./receipt.css";

export function DaySummaryPage({ storeId, day }: { storeId: number; day: string | null }) {
  const access = useStaffOfStore(storeId);
  if (access.kind === "loading") return null;
  if (access.kind === "not-allowed") return <NotAllowedScreen />;
  if (!access.isAdmin) return <NotAllowedScreen adminsOnly />;
  return <DaySummaryPaper day={day} />;
}

function DaySummaryPaper({ day }: { day: string | null }) {
  const { t, i18n } = useLingui();
  const { ui } = useLanguage();
  usePageTitle(t`Day summary`);
  const load = useCallback(() => fetchDaySummary(day), [day]);
  const { data: summary, error } = usePolled(load, 60_000);
  if (summary === null) {
    return error !== null ? <p role="alert">{openingErrorText(error, i18n, ui)}</p> : <p aria-busy="true">…</p>;
  }
  const money = (cents: number) => formatPrice(cents, ui);
  return (
    <div className="receipt-page receipt-page--a4">
      <div className="receipt-page__tools">
        <button type="button" className="button" onClick={() => window.print()}>
          <Trans>Print</Trans>
        </button>
      </div>
      <article className="receipt">
        <header className="receipt__header">
          <h1>{pickTranslation(summary.storeNames, ui).name}</h1>
          <p>
            <Trans>Day summary {formatAthensDay(summary.athensDay, ui)}</Trans>
          </p>
          <p>
            <Trans>
              Tables closed: {summary.openingsClosed} · still open: {summary.openingsOpen} · receipts:{" "}
              {summary.receiptsIssued}
            </Trans>
          </p>
        </header>
        <table className="receipt__lines">
          <tbody>
            {summary.totalsByType.map((total) => (
              <tr key={total.type}>
                <td>
                  <SettlementName type={total.type} />
                </td>
                <td className="receipt__amount">{money(total.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="receipt__totals">
          <dt>
            <Trans>Paid</Trans>
          </dt>
          <dd data-testid="summary-paid">{money(summary.paidCents)}</dd>
          <dt>
            <Trans>Treated</Trans>
          </dt>
          <dd>{money(summary.treatedCents)}</dd>
          <dt>
            <Trans>Canceled</Trans>
          </dt>
          <dd>{money(summary.canceledCents)}</dd>
        </dl>
        {/* Guests' tips from their phones: on top of what the tables were paid, so apart from it, by waiter for sharing out. */}
        <section aria-labelledby="day-summary-tips">
          <h2 id="day-summary-tips">
            <Trans>Tips</Trans>
          </h2>
          <dl className="receipt__totals">
            <dt>
              <Trans>Tips in all</Trans>
            </dt>
            <dd data-testid="summary-tips">{money(summary.tipsCents)}</dd>
            {summary.tipsByWaiter.map((tip) => (
              <Fragment key={tip.waiterName ?? ""}>
                <dt>{tip.waiterName ?? <Trans>No waiter</Trans>}</dt>
                <dd>{money(tip.tipCents)}</dd>
              </Fragment>
            ))}
          </dl>
        </section>
        {summary.adjustments.length > 0 && (
          <section>
            <h2>
              <Trans>Treated and canceled</Trans>
            </h2>
            <ul className="receipt__payments">
              {summary.adjustments.map((adjustment) => (
                <li key={adjustment.lineId}>
                  {formatAthensTime(adjustment.at, ui)} · {pickTranslation(adjustment.spotNames, ui).name} ·{" "}
                  {adjustment.quantity}× {pickTranslation(adjustment.names, ui).name} ·{" "}
                  <LineStateName state={adjustment.state} /> · {adjustment.reason}
                  {adjustment.byName !== null && ` · ${adjustment.byName}`}: {money(adjustment.amountCents)}
                </li>
              ))}
            </ul>
          </section>
        )}
        {summary.receivables.length > 0 && (
          <section>
            <h2>
              <Trans>On credit (receivable)</Trans>
            </h2>
            <ul className="receipt__payments">
              {summary.receivables.map((receivable) => (
                <li key={receivable.paymentId}>
                  {receivable.account}: {money(receivable.amountCents)}
                </li>
              ))}
            </ul>
          </section>
        )}
      </article>
    </div>
  );
}
