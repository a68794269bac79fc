/**
 * What a payment of the bill charges, before the tap: the amount, the tip and their sum, or why it
 * cannot be paid as chosen. A polite live region read as a whole, so a screen reader hears the new
 * total each time the choice changes it.
 */
import { Trans } from "@lingui/react/macro";
import type { BillPaymentProblem } from "../../../domain/bill";
import type { PayAmount } from "./pay-choice";

interface PaySummaryProps {
  price: (cents: number) => string;
  /** What the choice pays (null: nothing chosen yet). */
  amount: PayAmount | null;
  tipCents: number;
  /** Why the choice cannot be paid (payProblemOf), or null. */
  problem: BillPaymentProblem | null;
  owedCents: number;
  /** The custom tip typed is not an amount in euros. */
  tipInvalid: boolean;
}

export function PaySummary({ price, amount, tipCents, problem, owedCents, tipInvalid }: PaySummaryProps) {
  return (
    <div className="bill-pay__summary" aria-live="polite" aria-atomic="true" data-testid="bill-pay-summary">
      {amount === null ? (
        <p className="bill-hint">
          <Trans>Choose what you pay.</Trans>
        </p>
      ) : (
        <dl className="bill-totals">
          <div className="bill-totals__row">
            <dt>
              <Trans>Amount</Trans>
            </dt>
            <dd data-testid="bill-pay-amount">{price(amount.amountCents)}</dd>
          </div>
          <div className="bill-totals__row">
            <dt>
              <Trans>Tip</Trans>
            </dt>
            <dd data-testid="bill-pay-tip">{price(tipCents)}</dd>
          </div>
          <div className="bill-totals__row bill-totals__row--owed">
            <dt>
              <Trans>Charged</Trans>
            </dt>
            <dd data-testid="bill-pay-charged">{price(amount.amountCents + tipCents)}</dd>
          </div>
        </dl>
      )}
      {problem !== null && (
        <p className="bill-error" data-testid="bill-pay-problem">
          <ProblemText problem={problem} owed={price(owedCents)} />
        </p>
      )}
      {tipInvalid && (
        <p className="bill-error">
          <Trans>Please type the tip in euros, e.g. 2,50.</Trans>
        </p>
      )}
    </div>
  );
}

function ProblemText({ problem, owed }: { problem: BillPaymentProblem; owed: string }) {
  switch (problem) {
    case "BILL_SETTLED":
      return <Trans>Nothing is left to pay.</Trans>;
    case "AMOUNT_OVER_OWED":
      return <Trans>That is more than the table owes ({owed}).</Trans>;
    case "TIP_TOO_HIGH":
      return <Trans>The tip can be at most as much as the amount.</Trans>;
    case "AMOUNT_CHANGED":
      return <Trans>The bill changed meanwhile; check the amount.</Trans>;
  }
}
