/**
 * One payment of a table in words, as the opening screen and the receipt show it: how it was paid
 * (a guest's phone payment names the guest's card, so the waiter knows nobody took it at the
 * table), its amount, the guest's tip on top, and whether it went towards the table rather than
 * towards items (the items then stay open until the table is closed, which is why the waiter must
 * see it).
 */
import { Trans } from "@lingui/react/macro";
import { cardBrandName } from "../../../../domain/cards";
import { pickTranslation, type UiLanguage } from "../../../../domain/languages";
import type { OpeningPaymentDto } from "../../../../domain/table-openings-api";
import { formatPrice } from "../../../i18n/money";
import { SettlementName } from "./settlement-names";

interface PaymentTextProps {
  payment: OpeningPaymentDto;
  /** Names and amounts in this language (the UI's on a screen, the receipt's on a receipt). */
  language: UiLanguage;
  /** The card terminal's name too (the waiter's screen; a receipt leaves it out). */
  withTerminal?: boolean;
}

export function PaymentText({ payment, language, withTerminal = false }: PaymentTextProps) {
  const amount = formatPrice(payment.amountCents, language);
  const tip = formatPrice(payment.tipCents, language);
  return (
    <>
      <PaymentHow payment={payment} language={language} withTerminal={withTerminal} />: {amount}
      {payment.tipCents > 0 && (
        <span className="payment-text__tip">
          {" "}
          <Trans>+ tip {tip}</Trans>
        </span>
      )}
      {payment.onAccount && (
        <span className="payment-text__on-account">
          {" · "}
          <Trans>towards the table</Trans>
        </span>
      )}
    </>
  );
}

function PaymentHow({ payment, language, withTerminal }: Required<PaymentTextProps>) {
  if (payment.guestCard !== null) {
    const brand = cardBrandName(payment.guestCard.brand);
    const lastFour = payment.guestCard.lastFour;
    return (
      <Trans>
        Guest · {brand} •••• {lastFour}
      </Trans>
    );
  }
  return (
    <>
      <SettlementName type={payment.type} online={payment.online} />
      {withTerminal && payment.cardTerminalName !== null && ` · ${payment.cardTerminalName}`}
      {payment.roomNames !== null && ` · ${pickTranslation(payment.roomNames, language).name}`}
      {payment.creditAccount !== null && ` · ${payment.creditAccount}`}
    </>
  );
}
