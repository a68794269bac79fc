/**
 * Test-card checks of the built-in sandbox payment provider (design.md "Outside parts"): the
 * number's Luhn check digit, its brand from the leading digits, and an expiry that has not
 * passed (a card is valid through the last day of its expiry month). Pure rules, so the card
 * form can check before sending.
 */

/** Digits only (spaces a guest typed removed). */
export function cardDigits(number: string): string {
  return number.replace(/\s+/g, "");
}

/** The Luhn (mod 10) check every payment card number carries. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export type CardBrand = "visa" | "mastercard" | "amex" | "discover" | "diners" | "jcb" | "unionpay" | "unknown";

/** The brand by the issuer identification prefixes (the ranges Stripe's test cards use). */
export function cardBrand(digits: string): CardBrand {
  const prefix = (n: number) => Number(digits.slice(0, n));
  if (/^4/.test(digits)) return "visa";
  if ((prefix(2) >= 51 && prefix(2) <= 55) || (prefix(4) >= 2221 && prefix(4) <= 2720)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^(6011|65|64[4-9])/.test(digits)) return "discover";
  if (/^(30[0-5]|36|38|39)/.test(digits)) return "diners";
  if (prefix(4) >= 3528 && prefix(4) <= 3589) return "jcb";
  if (/^62/.test(digits)) return "unionpay";
  return "unknown";
}

/**
 * The expiry as a guest types it: "12/30", "12 / 2030", or digits alone ("1230", "122030"), since a
 * phone's numeric keypad (iOS) has no "/". Null when it names no month 1-12 and a year.
 */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const parts = text.includes("/") ? text.split("/").map((part) => part.trim()) : splitDigits(text.replace(/\s/g, ""));
  if (parts === null || parts.length !== 2) return null;
  const [monthText = "", yearText = ""] = parts;
  if (!/^\d{1,2}$/.test(monthText) || !/^(\d{2}|\d{4})$/.test(yearText)) return null;
  const month = Number(monthText);
  if (month < 1 || month > 12) return null;
  const year = Number(yearText);
  return { month, year: year < 100 ? 2000 + year : year };
}

/** "1230" -> ["12", "30"], "122030" -> ["12", "2030"]. */
function splitDigits(digits: string): string[] | null {
  if (!/^(\d{4}|\d{6})$/.test(digits)) return null;
  return [digits.slice(0, 2), digits.slice(2)];
}

const BRAND_NAMES: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
};

/** A brand as people write it ("Visa", not the provider's "visa"); a brand not known here as given. */
export function cardBrandName(brand: string): string {
  return BRAND_NAMES[brand] ?? brand;
}

/** Whether a card expiring at the end of month/year is still valid in the given UTC year and month. */
export function isExpiryValid(
  expiry: { month: number; year: number },
  today: { year: number; month: number },
): boolean {
  return expiry.year > today.year || (expiry.year === today.year && expiry.month >= today.month);
}

/** American Express cards carry a 4-digit CVC, the others 3. */
export function isCvcValid(cvc: string, brand: CardBrand): boolean {
  return brand === "amex" ? /^\d{4}$/.test(cvc) : /^\d{3}$/.test(cvc);
}
