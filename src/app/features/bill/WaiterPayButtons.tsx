/**
 * "I will pay the waiter" in cash or by card on the terminal, for a table that would rather not pay
 * from the phone (or cannot: the store takes no card payments here). The amount and tip chosen
 * above go with the call, so the waiter brings the right change or terminal.
 */
import { Trans } from "@lingui/react/macro";
import { WaiterCallButton } from "./WaiterCallButton";

interface WaiterPayButtonsProps {
  tableId: number;
  /** The phone can pay by card too: these are the other way ("Or pay…"). */
  cardPayments: boolean;
  /** What the guest means to pay (null: not chosen yet, the waiter asks). */
  amountCents: number | null;
  tipCents: number;
  disabled: boolean;
}

export function WaiterPayButtons({ tableId, cardPayments, amountCents, tipCents, disabled }: WaiterPayButtonsProps) {
  return (
    <div className="bill-waiter-pay">
      <p className="bill-hint">
        {cardPayments ? <Trans>Or pay the waiter at your table:</Trans> : <Trans>Pay the waiter at your table:</Trans>}
      </p>
      <div className="bill-waiter-pay__buttons">
        <WaiterCallButton
          tableId={tableId}
          kind="PAY_CASH"
          amountCents={amountCents}
          tipCents={tipCents}
          disabled={disabled}
        >
          <Trans>I will pay the waiter in cash</Trans>
        </WaiterCallButton>
        <WaiterCallButton
          tableId={tableId}
          kind="PAY_CARD_TERMINAL"
          amountCents={amountCents}
          tipCents={tipCents}
          disabled={disabled}
        >
          <Trans>I will pay the waiter by card</Trans>
        </WaiterCallButton>
      </div>
    </div>
  );
}
