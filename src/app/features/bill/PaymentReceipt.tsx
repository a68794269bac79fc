/**
 * The guest's receipt after paying from the phone: store, spot, what was paid (the lines, or the
 * share), amount, tip, what the card was charged, the card and the time; and an offer to e-mail it
 * (prefilled with the profile's e-mail). It takes the focus when it appears, so a screen reader
 * reads the outcome of the tap first.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { GuestPaymentReceipt } from "../../../domain/bill-api";
import { cardBrandName } from "../../../domain/cards";
import { checkEmail } from "../../../domain/email";
import type { LanguageState } from "../../../domain/language-choice";
import { pickTranslation } from "../../../domain/languages";
import { ERROR_MESSAGES, type ErrorText, errorTextOf } from "../../api/error-catalogue";
import { formatAthensDateTime } from "../../i18n/athens-date-time";
import { formatPrice } from "../../i18n/money";
import { emailReceipt } from "./bill-calls";
import { ErrorLine } from "./ErrorLine";

interface PaymentReceiptProps {
  tableId: number;
  receipt: GuestPaymentReceipt;
  language: LanguageState;
  /** The profile's e-mail, offered first. */
  email: string | null;
  onClose: () => void;
}

export function PaymentReceipt({ tableId, receipt, language, email, onClose }: PaymentReceiptProps) {
  const { t } = useLingui();
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const price = (cents: number) => formatPrice(cents, language.ui);
  const name = (names: GuestPaymentReceipt["storeNames"]) => pickTranslation(names, language.ui, language.extra).name;

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <section className="bill-receipt card" aria-labelledby={`${id}-title`} data-testid="bill-receipt">
      <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="bill-section__title">
        <Trans>Paid, thank you</Trans>
      </h2>
      <p className="bill-receipt__where">
        {name(receipt.storeNames)} · {name(receipt.spotNames)}
      </p>
      {receipt.lines.length > 0 && (
        <ul className="bill-receipt__lines" aria-label={t`Items paid`}>
          {receipt.lines.map((line, index) => (
            // Lines of a receipt have no id of their own; their order is the receipt's.
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list that never reorders
            <li key={index} className="bill-totals__row">
              <span>
                {line.quantity} × {name(line.names)}
              </span>
              <span>{price(line.amountCents)}</span>
            </li>
          ))}
        </ul>
      )}
      {receipt.share !== null && (
        <p>
          <Trans>
            {receipt.share.count} of {receipt.share.parts} equal shares
          </Trans>
        </p>
      )}
      <dl className="bill-totals">
        <div className="bill-totals__row">
          <dt>
            <Trans>Amount</Trans>
          </dt>
          <dd>{price(receipt.amountCents)}</dd>
        </div>
        <div className="bill-totals__row">
          <dt>
            <Trans>Tip</Trans>
          </dt>
          <dd>{price(receipt.tipCents)}</dd>
        </div>
        <div className="bill-totals__row bill-totals__row--owed">
          <dt>
            <Trans>Charged</Trans>
          </dt>
          <dd data-testid="bill-receipt-charged">{price(receipt.chargedCents)}</dd>
        </div>
      </dl>
      <p className="bill-receipt__card">
        {cardBrandName(receipt.brand)} •••• {receipt.lastFour} · {formatAthensDateTime(receipt.at, language.ui)}
      </p>
      <ReceiptEmail tableId={tableId} paymentId={receipt.id} language={language} email={email} />
      <button type="button" className="button button--quiet" onClick={onClose}>
        <Trans>Close the receipt</Trans>
      </button>
    </section>
  );
}

function ReceiptEmail({
  tableId,
  paymentId,
  language,
  email,
}: {
  tableId: number;
  paymentId: number;
  language: LanguageState;
  email: string | null;
}) {
  const id = useId();
  const [address, setAddress] = useState(email ?? "");
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<ErrorText | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const checked = checkEmail(address);
    if (!checked.ok) {
      setProblem({ descriptor: ERROR_MESSAGES[checked.code] });
      return;
    }
    setBusy(true);
    try {
      await emailReceipt(tableId, paymentId, { email: checked.email, language: language.ui });
      setSentTo(checked.email);
    } catch (error) {
      setProblem(errorTextOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="bill-receipt__email" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={`${id}-email`}>
        <Trans>E-mail the receipt to</Trans>
      </label>
      <div className="bill-receipt__email-row">
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={address}
          onChange={(event) => setAddress(event.target.value)}
        />
        <button type="submit" className="button" disabled={busy}>
          <Trans>Send</Trans>
        </button>
      </div>
      <div role="status">
        {sentTo !== null && (
          <p className="bill-confirm" data-testid="bill-receipt-sent">
            <Trans>Sent to {sentTo}.</Trans>
          </p>
        )}
      </div>
      <ErrorLine text={problem} />
    </form>
  );
}
