/**
 * A waiter's order on a PDA names the waiter serving it (spec §3 Checkout "held data: waiters"):
 * the signed-in waiter by default, or another of the store's staff, so the table's bill and the
 * kitchen ticket name the one who carries it out.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import type { CheckoutOptions } from "../../../domain/orders-api";

interface ServedByChoiceProps {
  waiters: NonNullable<CheckoutOptions["waiters"]>;
  /** null: the signed-in waiter. */
  value: number | null;
  onChange: (staffId: number | null) => void;
}

export function ServedByChoice({ waiters, value, onChange }: ServedByChoiceProps) {
  const { t } = useLingui();
  const id = useId();
  // The signed-in waiter is the default choice; listed again under their name it would be said twice.
  const myName = waiters.find((waiter) => waiter.signedIn)?.name ?? null;
  const others = waiters.filter((waiter) => waiter.signedIn !== true);
  return (
    <div className="account-field checkout-select">
      <label htmlFor={id}>
        <Trans>Served by</Trans>
      </label>
      <select
        id={id}
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value === "" ? null : Number(event.target.value))}
      >
        <option value="">{myName === null ? t`Me` : t`Me (${myName})`}</option>
        {others.map((waiter) => (
          <option key={waiter.id} value={waiter.id}>
            {waiter.name}
          </option>
        ))}
      </select>
    </div>
  );
}
