/** A table or room picked from the checkout's list (spec §3 Checkout availableTables, availableChargingRooms). */
import { Trans } from "@lingui/react/macro";
import { type ReactNode, useId } from "react";
import type { SpotChoice as SpotChoiceDto } from "../../../domain/orders-api";

interface SpotChoiceProps {
  label: ReactNode;
  choices: readonly SpotChoiceDto[];
  value: number | null;
  onChange: (id: number | null) => void;
}

export function SpotChoice({ label, choices, value, onChange }: SpotChoiceProps) {
  const id = useId();
  return (
    <div className="account-field checkout-select">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value ?? ""}
        required
        onChange={(event) => onChange(event.target.value === "" ? null : Number(event.target.value))}
      >
        <option value="">
          <Trans>Choose…</Trans>
        </option>
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name}
          </option>
        ))}
      </select>
    </div>
  );
}
