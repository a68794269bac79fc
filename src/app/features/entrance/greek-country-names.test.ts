import el from "react-phone-number-input/locale/el.json";
import { describe, expect, it } from "vitest";
import { GREEK_COUNTRY_LABELS, KEPT_LIBRARY_NAMES } from "./greek-country-names";
import { formatPhoneForPeople } from "./PhoneField";

describe("the phone field's Greek country list (Greek guests read the countries in Greek)", () => {
  it("names North Macedonia and Kosovo as they are called now, in the nominative", () => {
    expect(GREEK_COUNTRY_LABELS.MK).toBe("Βόρεια Μακεδονία");
    expect(GREEK_COUNTRY_LABELS.XK).toBe("Κοσσυφοπέδιο");
    expect(GREEK_COUNTRY_LABELS.SZ).toBe("Εσουατίνι");
    expect(GREEK_COUNTRY_LABELS.GR).toBe(el.GR);
  });

  it("the whole list agrees with the current Greek names (Unicode CLDR, as Node's Intl has them), but for the kept ones", () => {
    const current = new Intl.DisplayNames(["el"], { type: "region" });
    const kept = new Set<string>(KEPT_LIBRARY_NAMES);
    const differing = Object.entries(GREEK_COUNTRY_LABELS)
      .filter(([code]) => /^[A-Z]{2}$/.test(code) && !kept.has(code))
      .filter(([code, name]) => {
        const cldr = current.of(code);
        return cldr !== undefined && cldr !== code && cldr !== name;
      })
      .map(([code]) => code);
    expect(differing).toEqual([]);
  });

  it("shows a number with its country code, as people read it", () => {
    expect(formatPhoneForPeople("+306918387470")).toBe("+30 691 838 7470");
  });
});
