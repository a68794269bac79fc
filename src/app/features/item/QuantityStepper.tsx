/**
 * The quantity stepper (spec §2, §5 "Quantity decrement: minimum 1, or 0 in edit mode"). The plus
 * button stays enabled at a limit: pressing it is how the guest learns the limit (the machine
 * refuses and the modal shows "You can add up to N ...").
 */
import { Trans, useLingui } from "@lingui/react/macro";

interface QuantityStepperProps {
  quantity: number;
  minimum: number;
  onDecrement: () => void;
  onIncrement: () => void;
}

export function QuantityStepper({ quantity, minimum, onDecrement, onIncrement }: QuantityStepperProps) {
  const { t } = useLingui();
  return (
    <fieldset className="stepper">
      <legend className="visually-hidden">
        <Trans>Quantity</Trans>
      </legend>
      <span className="stepper__label" aria-hidden="true">
        <Trans>Quantity</Trans>
      </span>
      <div className="stepper__controls">
        <button
          type="button"
          className="stepper__button"
          aria-label={t`Decrease quantity`}
          disabled={quantity <= minimum}
          onClick={onDecrement}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M5 12h14" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
          </svg>
        </button>
        <output className="stepper__value" aria-live="polite" aria-atomic="true">
          {quantity}
        </output>
        <button type="button" className="stepper__button" aria-label={t`Increase quantity`} onClick={onIncrement}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M5 12h14M12 5v14" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </fieldset>
  );
}
