/**
 * Phone numbers as the spec sends them (§3 login payloads, §5): the digits and, separately, the
 * dial code of the country picked in the app (countryCode 30 for Greece). Validated with
 * libphonenumber-js's full metadata and kept as E.164 plus the country (users.phone,
 * users.country_iso2).
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/max";

export interface Phone {
  /** +306912345678 */
  e164: string;
  /** GR */
  countryIso2: string;
  /** 6912345678, the spec's phone.phoneNumber */
  nationalNumber: string;
  /** +30 691 234 5678, as people read it */
  international: string;
}

export type PhoneCheck = { ok: true; phone: Phone } | { ok: false; code: "EMPTY_PHONE" | "INVALID_PHONE" };

/** What the spec sends: a JSON number of digits, or text (ours), or nothing. */
export type PhoneDigits = number | string | null | undefined;

/** Longest E.164 number: 15 digits. */
const MAX_DIGITS = 15;

export function checkPhone(phoneNumber: PhoneDigits, countryCode: PhoneDigits): PhoneCheck {
  const number = digitsOf(phoneNumber);
  // "0030" is how some people write +30.
  const rawDialCode = digitsOf(countryCode);
  const dialCode = rawDialCode === null ? null : rawDialCode.replace(/^0+/, "");
  if (number === "" || dialCode === "") return { ok: false, code: "EMPTY_PHONE" };
  if (number === null || dialCode === null || number.length > MAX_DIGITS || dialCode.length > 3) {
    return { ok: false, code: "INVALID_PHONE" };
  }
  // "Digits with the dial code of the selected country": most clients send the national digits,
  // some the whole international number. The national reading is tried first; the international
  // one only when the national one is not a valid number.
  const phone =
    parseValid(`+${dialCode}${number}`, dialCode) ??
    (number.startsWith(dialCode) ? parseValid(`+${number}`, dialCode) : undefined);
  return phone === undefined ? { ok: false, code: "INVALID_PHONE" } : { ok: true, phone };
}

/** Parses what the server stored (E.164) back into its parts. */
export function phoneFromE164(e164: string): Phone | undefined {
  const parsed = parsePhoneNumberFromString(e164);
  if (parsed?.country === undefined) return undefined;
  return {
    e164: parsed.number,
    countryIso2: parsed.country,
    nationalNumber: parsed.nationalNumber,
    international: parsed.formatInternational(),
  };
}

/**
 * "" for empty input (null, "", 0 of no digits), null for anything that is not a run of digits;
 * text may carry the spaces, dashes, dots and parentheses people type.
 */
function digitsOf(value: PhoneDigits): string | null {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value) || value < 0) return null;
    return value === 0 ? "" : String(value);
  }
  const stripped = value.replace(/[\s\-.()]/g, "").replace(/^\+/, "");
  if (stripped === "") return "";
  return /^\d+$/.test(stripped) ? stripped : null;
}

function parseValid(international: string, dialCode: string): Phone | undefined {
  const parsed = parsePhoneNumberFromString(international);
  if (parsed === undefined || !parsed.isValid() || parsed.countryCallingCode !== dialCode) return undefined;
  if (parsed.country === undefined) return undefined;
  return {
    e164: parsed.number,
    countryIso2: parsed.country,
    nationalNumber: parsed.nationalNumber,
    international: parsed.formatInternational(),
  };
}
