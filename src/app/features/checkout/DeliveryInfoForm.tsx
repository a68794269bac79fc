/**
 * Where a delivery goes (spec §3 Delivery info: address, area, postal code, floor, doorbell).
 * Each change is kept on the phone (appDb().deliveryInfo), so the next order starts filled in.
 */
import { Trans } from "@lingui/react/macro";
import { type ReactNode, useId } from "react";
import type { DeliveryInfo } from "../../../domain/orders-api";

interface DeliveryInfoFormProps {
  value: DeliveryInfo;
  onChange: (value: DeliveryInfo) => void;
  /** Shows the required fields as invalid (after a Send with them missing). */
  showMissing: boolean;
}

const LIMITS: Record<keyof DeliveryInfo, number> = {
  address: 200,
  area: 100,
  postalCode: 12,
  floor: 20,
  doorbell: 100,
};

export function DeliveryInfoForm({ value, onChange, showMissing }: DeliveryInfoFormProps) {
  const id = useId();
  const field = (key: keyof DeliveryInfo, label: ReactNode, required: boolean, autoComplete: string) => {
    const missing = showMissing && required && value[key].trim() === "";
    return (
      <div className="account-field">
        <label htmlFor={`${id}-${key}`}>
          {label}
          {required && <span aria-hidden="true"> *</span>}
        </label>
        <input
          id={`${id}-${key}`}
          value={value[key]}
          required={required}
          aria-invalid={missing || undefined}
          autoComplete={autoComplete}
          maxLength={LIMITS[key]}
          inputMode={key === "postalCode" ? "numeric" : undefined}
          onChange={(event) => onChange({ ...value, [key]: event.target.value })}
        />
      </div>
    );
  };

  return (
    <fieldset className="checkout-section delivery-info">
      <legend className="checkout-section__title">
        <Trans>Delivery details</Trans>
      </legend>
      {field("address", <Trans>Address</Trans>, true, "street-address")}
      {field("area", <Trans>Area</Trans>, true, "address-level2")}
      {field("postalCode", <Trans>Postal code</Trans>, true, "postal-code")}
      {field("floor", <Trans>Floor</Trans>, false, "off")}
      {field("doorbell", <Trans>Name on the doorbell</Trans>, false, "off")}
    </fieldset>
  );
}
