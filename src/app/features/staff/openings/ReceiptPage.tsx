/**
 * A receipt, ready to print: sized for 58 mm and 80 mm thermal printers and A4 by print CSS, in the
 * receipt's language (the guest's or the staff's, chosen when issued), with the store, spot, lines
 * (treated and canceled marked), payments by type (a guest's phone payment by its card, with the
 * tip on top) and its number of the day. The paper is the receipt's snapshot, so a reprint matches
 * what was printed first: a document frozen in the language it was issued in, labels included,
 * whatever the screen speaks.
 */
import { type I18n, setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useState } from "react";
import { LOCALE_OF, pickTranslation } from "../../../../domain/languages";
import type { ReceiptDto } from "../../../../domain/table-openings-api";
import { fetchReceipt } from "../../../api/staff-openings";
import { formatAthensDateTime } from "../../../i18n/athens-date-time";
import { useLanguage } from "../../../i18n/language-store";
import { formatPrice } from "../../../i18n/money";
import { useSession } from "../../../session/use-session";
import { NotAllowedScreen } from "./NotAllowedScreen";
import { openingErrorText } from "./opening-errors";
import { PaymentText } from "./payment-text";
import { LineStateName } from "./settlement-names";
import { usePolled } from "./use-polled";
import "./receipt.css";

export type PaperSize = "58" | "80" | "a4";

interface ReceiptPageProps {
  receiptId: number;
  paper: PaperSize;
}

/**
 * Staff only, as every staff screen (a guest who types the URL must not get a screen of errors):
 * a guest gets the not-allowed screen; another store's receipt is the API's 404.
 */
export function ReceiptPage(props: ReceiptPageProps) {
  const session = useSession();
  if (session === undefined) return null;
  const role = session?.user.role;
  if (role !== "WAITER" && role !== "ADMIN") return <NotAllowedScreen />;
  return <ReceiptPaper {...props} />;
}

function ReceiptPaper({ receiptId, paper }: ReceiptPageProps) {
  const { i18n, t } = useLingui();
  const { ui } = useLanguage();
  const load = useCallback(() => fetchReceipt(receiptId), [receiptId]);
  const { data: receipt, error } = usePolled(load, 600_000);
  if (receipt === null) {
    return error !== null ? <p role="alert">{openingErrorText(error, i18n, ui)}</p> : <p aria-busy="true">…</p>;
  }
  return (
    <div className={`receipt-page receipt-page--${paper}`}>
      <div className="receipt-page__tools">
        <button type="button" className="button" onClick={() => window.print()}>
          <Trans>Print</Trans>
        </button>
        <nav aria-label={t`Paper size`}>
          {(["58", "80", "a4"] as const).map((size) => (
            <a key={size} href={`?paper=${size}`} aria-current={size === paper ? "page" : undefined}>
              {/* A no-break space: "58" and "mm" are one size, never two lines. */}
              {size === "a4" ? "A4" : `${size}\u00a0mm`}
            </a>
          ))}
        </nav>
      </div>
      <PaperInItsLanguage receipt={receipt} />
    </div>
  );
}

/**
 * The staff texts of each locale (the "screens" catalog, lingui.config.ts): a receipt reprinted on
 * a screen in the other language still prints its labels in its own.
 */
const SCREENS_CATALOGS = {
  el: () => import("../../../../../locales/el/screens.po"),
  en: () => import("../../../../../locales/en/screens.po"),
} as const;

function PaperInItsLanguage({ receipt }: { receipt: ReceiptDto }) {
  const { i18n } = useLingui();
  const locale = LOCALE_OF[receipt.language];
  const [other, setOther] = useState<I18n | null>(null);
  useEffect(() => {
    if (i18n.locale === locale) return;
    let current = true;
    SCREENS_CATALOGS[locale]()
      .then(({ messages }) => current && setOther(setupI18n({ locale, messages: { [locale]: messages } })))
      // Offline without that catalog: the screen's labels rather than no paper at all.
      .catch(() => current && setOther(i18n));
    return () => {
      current = false;
    };
  }, [i18n, locale]);
  if (i18n.locale === locale) return <Paper receipt={receipt} />;
  if (other === null) return <p aria-busy="true">…</p>;
  return (
    <I18nProvider i18n={other}>
      <Paper receipt={receipt} />
    </I18nProvider>
  );
}

/** The paper itself: names, amounts, dates and (through its I18nProvider) labels in the receipt's language. */
function Paper({ receipt }: { receipt: ReceiptDto }) {
  // The receipt's own language (PaperInItsLanguage's provider), as its lang attribute says, so a
  // screen reader speaks the paper's name with the paper's voice.
  const { t } = useLingui();
  const language = receipt.language;
  const number = receipt.number;
  const money = (cents: number) => formatPrice(cents, language);
  const locale = language === "ENG" ? "en" : "el";
  const tipsCents = receipt.payments.reduce((sum, payment) => sum + payment.tipCents, 0);
  return (
    <article
      className="receipt"
      lang={locale}
      aria-label={receipt.kind === "FINAL" ? t`Receipt no. ${number}` : t`Temporary receipt no. ${number}`}
    >
      <header className="receipt__header">
        <h1>{pickTranslation(receipt.storeNames, language).name}</h1>
        <p>
          {receipt.kind === "FINAL" ? <Trans>Receipt</Trans> : <Trans>Temporary receipt</Trans>} #{receipt.number} ·{" "}
          {formatAthensDateTime(receipt.createdAt, language)}
        </p>
        <p>
          {receipt.spotName}
          {receipt.section !== "" && ` · ${receipt.section}`}
          {receipt.waiterName !== null && ` · ${receipt.waiterName}`}
        </p>
      </header>
      <table className="receipt__lines">
        <tbody>
          {receipt.lines.map((line) => (
            <tr key={line.id} className={`receipt__line receipt__line--${line.state.toLowerCase()}`}>
              <td>
                {line.kilos === null ? `${line.quantity}×` : `${line.kilos} kg`}{" "}
                {pickTranslation(line.names, language).name}
                {/* The chosen options, and a rental's pick-up and return, as the line was ordered. */}
                {line.options.length > 0 && (
                  <span className="receipt__options">
                    {line.options.map((option) => pickTranslation(option, language).name).join(", ")}
                  </span>
                )}
                {line.state === "TREATED" || line.state === "CANCELED" ? (
                  <>
                    {" "}
                    (<LineStateName state={line.state} />)
                  </>
                ) : null}
              </td>
              <td className="receipt__amount">{money(line.amountCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="receipt__totals">
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd data-testid="receipt-total">{money(receipt.amounts.totalCents)}</dd>
        {receipt.amounts.treatedCents > 0 && (
          <>
            <dt>
              <Trans>Treated</Trans>
            </dt>
            <dd>−{money(receipt.amounts.treatedCents)}</dd>
          </>
        )}
        {receipt.amounts.canceledCents > 0 && (
          <>
            <dt>
              <Trans>Canceled</Trans>
            </dt>
            <dd>−{money(receipt.amounts.canceledCents)}</dd>
          </>
        )}
        <dt>
          <Trans>Paid</Trans>
        </dt>
        <dd data-testid="receipt-paid">{money(receipt.amounts.paidCents)}</dd>
        <dt>
          <Trans>Owed</Trans>
        </dt>
        <dd data-testid="receipt-owed">{money(receipt.amounts.remainingCents)}</dd>
        {/* On top of what was paid, never part of the table's total. */}
        {tipsCents > 0 && (
          <>
            <dt>
              <Trans>Tips</Trans>
            </dt>
            <dd data-testid="receipt-tips">{money(tipsCents)}</dd>
          </>
        )}
      </dl>
      {receipt.payments.length > 0 && (
        <ul className="receipt__payments">
          {receipt.payments.map((payment) => (
            <li key={payment.id}>
              <PaymentText payment={payment} language={language} />
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
