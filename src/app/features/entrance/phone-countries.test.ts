import { getCountries, isValidPhoneNumber, parsePhoneNumber } from "libphonenumber-js/core";
import examples from "libphonenumber-js/examples.mobile.json";
import minMetadata from "libphonenumber-js/min/metadata";
import en from "react-phone-number-input/locale/en.json";
import { describe, expect, it } from "vitest";
import { GREEK_COUNTRY_LABELS } from "./greek-country-names";
import { formatPhoneForPeople } from "./PhoneField";
import {
  currentCountryLabels,
  currentPhoneMetadata,
  GREECE_ONLY_METADATA,
  loadAllPhoneMetadata,
  loadCountryLabels,
} from "./phone-countries";

/** Every country's example mobile number, as libphonenumber has them, in E.164. */
function exampleNumbers(): [string, string][] {
  return getCountries(minMetadata).map((country) => {
    const example = examples[country as keyof typeof examples];
    return [country, parsePhoneNumber(example, country, minMetadata).number];
  });
}

// The module keeps what it fetched: the tests before the fetch come first.
describe("the phone field's countries in two steps (the sign-in dialog's chunk stays at most 40 KB gzip)", () => {
  it("Greece's metadata is exactly the slice of libphonenumber's min set, so a library update cannot drift from it", () => {
    expect(GREECE_ONLY_METADATA).toEqual({
      version: minMetadata.version,
      country_calling_codes: { "30": ["GR"] },
      countries: { GR: minMetadata.countries.GR },
      nonGeographic: {},
    });
  });

  it("before every country has arrived, a Greek number is read and formatted, and the list names Greece alone", () => {
    expect(currentPhoneMetadata()).toBe(GREECE_ONLY_METADATA);
    expect(isValidPhoneNumber("+306918387470", GREECE_ONLY_METADATA)).toBe(true);
    expect(formatPhoneForPeople("+306918387470")).toBe("+30 691 838 7470");
    // Another country's number is shown as its digits until its metadata is there.
    expect(formatPhoneForPeople("+447400123456")).toBe("+447400123456");
    expect(currentCountryLabels("el")).toEqual({ GR: "Ελλάδα" });
    expect(currentCountryLabels("en")).toEqual({ GR: "Greece" });
  });

  it("after the fetch, every country's example number validates and is formatted with its country code (spec §5)", async () => {
    const metadata = await loadAllPhoneMetadata();
    expect(currentPhoneMetadata()).toBe(metadata);
    const numbers = exampleNumbers();
    expect(numbers.length).toBe(getCountries(minMetadata).length);
    expect(numbers.length).toBeGreaterThan(240);
    for (const [country, e164] of numbers) {
      expect(isValidPhoneNumber(e164, metadata), country).toBe(true);
      const callingCode = parsePhoneNumber(e164, metadata).countryCallingCode;
      expect(formatPhoneForPeople(e164), country).toMatch(new RegExp(`^\\+${callingCode} \\d`));
    }
  });

  it("fetches the country names of the guest's language: today's Greek names, the library's English ones", async () => {
    await Promise.all([loadCountryLabels("el"), loadCountryLabels("en")]);
    expect(currentCountryLabels("el")).toBe(GREEK_COUNTRY_LABELS);
    expect(currentCountryLabels("en")).toEqual(en);
  });
});
