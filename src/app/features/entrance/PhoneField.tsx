/**
 * The phone field with its country picker (spec §2: Greece by default), built on
 * react-phone-number-input. This file is part of the dialog's lazy chunk: the phone metadata and
 * flags load only when the dialog opens. Flags are the package's inline SVGs, not its CDN images,
 * so the picker works offline and without a third-party request.
 */
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import PhoneInput, { type Country, formatPhoneNumberIntl, getCountryCallingCode } from "react-phone-number-input";
import flags from "react-phone-number-input/flags";
import en from "react-phone-number-input/locale/en.json";
import "react-phone-number-input/style.css";
import { GREEK_COUNTRY_LABELS } from "./greek-country-names";

export const DEFAULT_COUNTRY: Country = "GR";

/** "+30 691 838 7470": a number as people read it, with its country code (the digits when it cannot be read). */
export function formatPhoneForPeople(e164: string): string {
  return formatPhoneNumberIntl(e164) || e164;
}

interface PhoneFieldProps {
  id: string;
  value: string;
  onChange: (value: string, countryCode: string) => void;
  describedBy?: string | undefined;
}

export function PhoneField({ id, value, onChange, describedBy }: PhoneFieldProps) {
  const { i18n, t } = useLingui();
  const [country, setCountry] = useState<Country>(DEFAULT_COUNTRY);
  const dialCode = (selected: Country | undefined) => getCountryCallingCode(selected ?? DEFAULT_COUNTRY);

  return (
    <PhoneInput
      id={id}
      value={value || undefined}
      defaultCountry={DEFAULT_COUNTRY}
      labels={i18n.locale === "el" ? GREEK_COUNTRY_LABELS : en}
      flags={flags}
      addInternationalOption={false}
      autoComplete="tel"
      aria-describedby={describedBy}
      countrySelectProps={{ "aria-label": t`Country` }}
      onCountryChange={(selected) => {
        setCountry(selected ?? DEFAULT_COUNTRY);
        onChange(value, dialCode(selected));
      }}
      onChange={(next) => onChange(next ?? "", dialCode(country))}
    />
  );
}
