/**
 * The phone field with its country picker (spec §2: Greece by default), built on
 * react-phone-number-input. This file is part of the dialog's lazy chunk: the phone metadata loads
 * only when the dialog opens. It is libphonenumber's "min" metadata (the package's default entry),
 * the smallest set that still validates a number of every country. The chosen country's flag is an
 * emoji (country-flag-emoji.ts), not the package's SVG of every flag nor its CDN image: no bytes,
 * works offline, no third-party request (issue 13 item 2).
 */
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import PhoneInput, {
  type Country,
  type FlagProps,
  formatPhoneNumberIntl,
  getCountryCallingCode,
} from "react-phone-number-input";
import en from "react-phone-number-input/locale/en.json";
import "react-phone-number-input/style.css";
import { countryFlagEmoji } from "./country-flag-emoji";
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
      flagComponent={EmojiFlag}
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

/** The chosen country's flag beside the picker; decorative (the select names the country). */
function EmojiFlag({ country }: FlagProps) {
  return (
    <span className="phone-field__flag" aria-hidden="true">
      {countryFlagEmoji(country)}
    </span>
  );
}
