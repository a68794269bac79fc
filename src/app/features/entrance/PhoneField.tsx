/**
 * The phone field with its country picker (spec §2: Greece by default), built on
 * react-phone-number-input's core (the entry that takes its metadata as a prop). This file is part
 * of the dialog's lazy chunk, with Greece's metadata alone; every other country's metadata and the
 * country names follow in a chunk of their own as the field mounts (phone-countries.ts), so the
 * dialog's own chunk stays small (at most 40 KB gzip) on a slow beach connection. The chosen country's flag is an emoji (country-flag-emoji.ts),
 * not the package's SVG of every flag nor its CDN image: no bytes, works offline, no third-party
 * request.
 */
import { useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useReducer, useState } from "react";
import type { FlagProps } from "react-phone-number-input";
import PhoneInput, { type Country, formatPhoneNumberIntl, getCountryCallingCode } from "react-phone-number-input/core";
import "react-phone-number-input/style.css";
import { countryFlagEmoji } from "./country-flag-emoji";
import {
  currentCountryLabels,
  currentPhoneMetadata,
  loadAllPhoneMetadata,
  loadCountryLabels,
  type PhoneLocale,
} from "./phone-countries";

export const DEFAULT_COUNTRY: Country = "GR";

/** "+30 691 838 7470": a number as people read it, with its country code (the digits when it cannot be read). */
export function formatPhoneForPeople(e164: string): string {
  return formatPhoneNumberIntl(e164, currentPhoneMetadata()) || e164;
}

interface PhoneFieldProps {
  id: string;
  value: string;
  onChange: (value: string, countryCode: string) => void;
  describedBy?: string | undefined;
}

export function PhoneField({ id, value, onChange, describedBy }: PhoneFieldProps) {
  const { i18n, t } = useLingui();
  const locale: PhoneLocale = i18n.locale === "el" ? "el" : "en";
  const countries = usePhoneCountries(locale);
  const [country, setCountry] = useState<Country>(DEFAULT_COUNTRY);
  const dialCode = (selected: Country | undefined) =>
    getCountryCallingCode(selected ?? DEFAULT_COUNTRY, countries.metadata);

  return (
    <PhoneInput
      id={id}
      value={value || undefined}
      metadata={countries.metadata}
      defaultCountry={DEFAULT_COUNTRY}
      labels={countries.labels}
      flagComponent={EmojiFlag}
      addInternationalOption={false}
      autoComplete="tel"
      aria-describedby={describedBy}
      // Opening the list fetches the countries again if the fetch at mount failed (no network then).
      countrySelectProps={{ "aria-label": t`Country`, onFocus: countries.load }}
      onCountryChange={(selected) => {
        setCountry(selected ?? DEFAULT_COUNTRY);
        onChange(value, dialCode(selected));
      }}
      onChange={(next) => onChange(next ?? "", dialCode(country))}
    />
  );
}

/** The metadata and country names to show now, re-rendering when every country's have arrived. */
function usePhoneCountries(locale: PhoneLocale) {
  const [, arrived] = useReducer((count: number) => count + 1, 0);
  const load = useCallback(() => {
    // A failed fetch leaves Greece alone in the list; the next focus of the list tries again.
    loadAllPhoneMetadata().then(arrived, () => undefined);
    loadCountryLabels(locale).then(arrived, () => undefined);
  }, [locale]);
  useEffect(load, [load]);
  return { metadata: currentPhoneMetadata(), labels: currentCountryLabels(locale), load };
}

/** The chosen country's flag beside the picker; decorative (the select names the country). */
function EmojiFlag({ country }: FlagProps) {
  return (
    <span className="phone-field__flag" aria-hidden="true">
      {countryFlagEmoji(country)}
    </span>
  );
}
