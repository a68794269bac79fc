/**
 * The outcome by e-mail too (spec §1 "the outcome arrives by SMS or e-mail"): optional, the address
 * prefilled from the profile. The check is the shared rule (src/domain/email.ts checkOutcomeEmail),
 * run on Send with the form's other checks; the server runs it again.
 */
import { Trans } from "@lingui/react/macro";
import { useId } from "react";
import type { OutcomeEmailChoice as Choice } from "../../../domain/checkout";
import { EMAIL_MAX_LENGTH } from "../../../domain/email";

interface OutcomeEmailChoiceProps {
  value: Choice;
  onChange: (value: Choice) => void;
  /** Marks the address invalid (after a Send refused it); the text is in the form's problem list. */
  invalid: boolean;
}

export function OutcomeEmailChoice({ value, onChange, invalid }: OutcomeEmailChoiceProps) {
  const id = useId();
  return (
    <div className="checkout-section">
      <div className="account-field account-field--inline">
        <input
          id={`${id}-wanted`}
          type="checkbox"
          checked={value.wanted}
          onChange={(event) => onChange({ ...value, wanted: event.target.checked })}
        />
        <label htmlFor={`${id}-wanted`}>
          <Trans>Also send me the outcome by e-mail</Trans>
        </label>
      </div>
      {value.wanted && (
        <div className="account-field">
          <label htmlFor={`${id}-address`}>
            <Trans>E-mail for the outcome</Trans>
          </label>
          <input
            id={`${id}-address`}
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX_LENGTH}
            value={value.address}
            aria-invalid={invalid || undefined}
            aria-describedby="checkout-problems"
            onChange={(event) => onChange({ ...value, address: event.target.value })}
          />
        </div>
      )}
    </div>
  );
}
