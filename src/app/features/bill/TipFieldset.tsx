/**
 * The tip when paying the bill: none unless the guest picks one (a preset percentage, shown in euros
 * once the amount is known, or another amount typed in euros). PayPanel keeps the choice and the
 * typed text; the text is kept apart so a half-typed tip stays on screen while it is not valid yet.
 */
import { Trans } from "@lingui/react/macro";
import { TIP_PERCENT_PRESETS } from "../../../domain/bill";
import { parseEuros, type TipChoice, tipCentsOf } from "./pay-choice";

interface TipFieldsetProps {
  /** The tip radios' group name, unique on the page. */
  groupName: string;
  price: (cents: number) => string;
  disabled: boolean;
  /** What the guest pays before the tip (null: not chosen yet), for the presets' euros. */
  amountCents: number | null;
  tip: TipChoice;
  onTipChange: (tip: TipChoice) => void;
  /** The custom tip as typed. */
  tipText: string;
  onTipTextChange: (text: string) => void;
  /** The custom tip typed is not an amount in euros. */
  invalid: boolean;
}

export function TipFieldset({
  groupName,
  price,
  disabled,
  amountCents,
  tip,
  onTipChange,
  tipText,
  onTipTextChange,
  invalid,
}: TipFieldsetProps) {
  return (
    <fieldset className="bill-fieldset" disabled={disabled}>
      <legend className="bill-fieldset__legend">
        <Trans>Tip</Trans>
      </legend>
      <label className="bill-choice">
        <input
          type="radio"
          name={groupName}
          checked={tip.kind === "none"}
          onChange={() => onTipChange({ kind: "none" })}
        />
        <span>
          <Trans>No tip</Trans>
        </span>
      </label>
      {TIP_PERCENT_PRESETS.map((percent) => (
        <label key={percent} className="bill-choice">
          <input
            type="radio"
            name={groupName}
            checked={tip.kind === "percent" && tip.percent === percent}
            onChange={() => onTipChange({ kind: "percent", percent })}
          />
          <span>
            {percent} %{amountCents !== null && <> ({price(tipCentsOf({ kind: "percent", percent }, amountCents))})</>}
          </span>
        </label>
      ))}
      <label className="bill-choice">
        <input
          type="radio"
          name={groupName}
          checked={tip.kind === "custom"}
          onChange={() => onTipChange({ kind: "custom", cents: parseEuros(tipText) })}
        />
        <span>
          <Trans>Another amount</Trans>
        </span>
      </label>
      {tip.kind === "custom" && (
        <label className="bill-field">
          <Trans>Tip in euros</Trans>
          <input
            inputMode="decimal"
            autoComplete="off"
            value={tipText}
            aria-invalid={invalid}
            onChange={(event) => {
              onTipTextChange(event.target.value);
              onTipChange({ kind: "custom", cents: parseEuros(event.target.value) });
            }}
          />
        </label>
      )}
    </fieldset>
  );
}
