/**
 * What the table's bill holds: every line in the UI language with its options, quantity or weight
 * and amount, marked when paid, treated or canceled and when it is the guest's own; the totals,
 * with what is owed in a live region (a payment by anyone at the table is announced); and the
 * table's payments, the guest's own marked.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { Bill, BillLine, BillPaymentSummary } from "../../../domain/bill-api";
import type { LanguageState } from "../../../domain/language-choice";
import { pickTranslation } from "../../../domain/languages";
import { formatAthensTime } from "../../i18n/athens-date-time";
import { formatPrice } from "../../i18n/money";
import { formatKilos } from "../../i18n/weight";

export function lineName(line: Pick<BillLine, "names">, language: LanguageState): string {
  return pickTranslation(line.names, language.ui, language.extra).name;
}

/** "2 ×" or "0,8 kg": how much of the item the line is. */
export function lineQuantity(line: Pick<BillLine, "quantity" | "kilos">, language: LanguageState): string {
  return line.kilos === null ? `${line.quantity} ×` : `${formatKilos(line.kilos, language.ui)} kg`;
}

export function BillLines({ bill, language }: { bill: Bill; language: LanguageState }) {
  const { t } = useLingui();
  return (
    <ul className="bill-lines" aria-label={t`Items on the bill`}>
      {bill.lines.map((line) => (
        <li key={line.id} className={`bill-line bill-line--${line.state.toLowerCase()}`} data-testid="bill-line">
          <div className="bill-line__main">
            <span className="bill-line__name">
              {lineQuantity(line, language)} {lineName(line, language)}
            </span>
            {line.options.length > 0 && (
              <span className="bill-line__options">
                {line.options.map((option) => pickTranslation(option, language.ui, language.extra).name).join(", ")}
              </span>
            )}
            <span className="bill-line__marks">
              {line.mine && (
                <span className="bill-mark bill-mark--mine">
                  <Trans>Yours</Trans>
                </span>
              )}
              <LineState state={line.state} />
            </span>
          </div>
          <span className="bill-line__amount">{formatPrice(line.amountCents, language.ui)}</span>
        </li>
      ))}
    </ul>
  );
}

function LineState({ state }: { state: BillLine["state"] }) {
  switch (state) {
    case "OPEN":
      return null;
    case "PAID":
      return (
        <span className="bill-mark bill-mark--paid">
          <Trans>Paid</Trans>
        </span>
      );
    case "TREATED":
      return (
        <span className="bill-mark bill-mark--treated">
          <Trans>On the house</Trans>
        </span>
      );
    case "CANCELED":
      return (
        <span className="bill-mark bill-mark--canceled">
          <Trans>Canceled</Trans>
        </span>
      );
  }
}

export function BillTotals({ bill, language }: { bill: Bill; language: LanguageState }) {
  const price = (cents: number) => formatPrice(cents, language.ui);
  return (
    <dl className="bill-totals">
      <Row label={<Trans>Total</Trans>} value={price(bill.totalCents)} />
      {bill.waivedCents > 0 && <Row label={<Trans>On the house or canceled</Trans>} value={price(bill.waivedCents)} />}
      <Row label={<Trans>Paid</Trans>} value={price(bill.paidCents)} />
      {/* Polite and atomic: a payment by anyone at the table is read out once, whole. */}
      <div className="bill-totals__row bill-totals__row--owed" aria-live="polite" aria-atomic="true">
        <dt>
          <Trans>Left to pay</Trans>
        </dt>
        <dd data-testid="bill-owed">{price(bill.owedCents)}</dd>
      </div>
    </dl>
  );
}

function Row({ label, value }: { label: ReactNode; value: string }) {
  return (
    <div className="bill-totals__row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

export function BillPayments({ payments, language }: { payments: BillPaymentSummary[]; language: LanguageState }) {
  const { t } = useLingui();
  if (payments.length === 0) return null;
  return (
    <section className="bill-payments" aria-labelledby="bill-payments-title">
      <h2 id="bill-payments-title" className="bill-section__title">
        <Trans>Payments</Trans>
      </h2>
      <ul aria-label={t`Payments of the table`}>
        {payments.map((payment) => (
          <li key={payment.id} className="bill-payment" data-testid="bill-payment">
            <span>
              {payment.method === "CARD_ONLINE" ? <Trans>By card on a phone</Trans> : <Trans>To the waiter</Trans>}
              {payment.mine && (
                <>
                  {" "}
                  <span className="bill-mark bill-mark--mine">
                    <Trans>You</Trans>
                  </span>
                </>
              )}{" "}
              <span className="bill-payment__time">{formatAthensTime(payment.at, language.ui)}</span>
            </span>
            <span className="bill-payment__amount">
              {formatPrice(payment.amountCents, language.ui)}
              {payment.tipCents > 0 && (
                <span className="bill-payment__tip">
                  {" "}
                  <Trans>+ tip {formatPrice(payment.tipCents, language.ui)}</Trans>
                </span>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
