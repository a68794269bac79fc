/**
 * Now or later (spec §3 scheduledOrdersEnabled and the scheduled-orders window, §9 Athens time):
 * "later" lists the quarter hours of today and tomorrow inside the window (scheduled-slots.ts).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useMemo } from "react";
import type { ServiceDto } from "../../../domain/api";
import type { CheckoutForm } from "../../../domain/checkout";
import { scheduledSlots } from "../../../domain/scheduled-slots";

interface WhenChoiceProps {
  service: Pick<ServiceDto, "scheduledOrdersEnabled" | "scheduledOrdersHours">;
  /** Epoch ms of the app's clock (server time when known). */
  nowMs: number;
  /** Whether "now" can be sent (the service is open, or takes orders while closed). */
  nowAllowed: boolean;
  when: CheckoutForm["when"];
  onChange: (when: CheckoutForm["when"]) => void;
}

export function WhenChoice({ service, nowMs, nowAllowed, when, onChange }: WhenChoiceProps) {
  const { t } = useLingui();
  const name = useId();
  const selectId = useId();
  // Recomputed as the clock moves (the clock ticks each minute).
  const slots = useMemo(() => scheduledSlots(service, nowMs), [service, nowMs]);
  const value = when.kind === "later" ? when.scheduledFor : null;
  const stillOffered = value === null || slots.some((slot) => slot.iso === value);

  return (
    <fieldset className="checkout-section">
      <legend className="checkout-section__title">
        <Trans>When</Trans>
      </legend>
      {nowAllowed && (
        <label className="payment-choice__label">
          <input type="radio" name={name} checked={when.kind === "now"} onChange={() => onChange({ kind: "now" })} />
          <span>
            <Trans>As soon as possible</Trans>
          </span>
        </label>
      )}
      <label className="payment-choice__label">
        <input
          type="radio"
          name={name}
          checked={when.kind === "later"}
          onChange={() => onChange({ kind: "later", scheduledFor: null })}
        />
        <span>
          <Trans>Schedule for later</Trans>
        </span>
      </label>
      {when.kind === "later" && (
        <div className="account-field checkout-select">
          <label htmlFor={selectId}>
            <Trans>Delivery time</Trans>
          </label>
          <select
            id={selectId}
            value={stillOffered ? (value ?? "") : ""}
            onChange={(event) => onChange({ kind: "later", scheduledFor: event.target.value || null })}
          >
            <option value="">{t`Choose a time`}</option>
            {slots.map((slot) => (
              <option key={slot.iso} value={slot.iso}>
                {slot.dayOffset === 0 ? t`Today ${slot.time}` : t`Tomorrow ${slot.time}`}
              </option>
            ))}
          </select>
          {slots.length === 0 && (
            <p className="account-field__hint">
              <Trans>There are no times left for scheduled orders today or tomorrow.</Trans>
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}
