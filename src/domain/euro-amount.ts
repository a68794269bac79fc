/**
 * An amount an admin types in euros ("3,50", "3.5", "12") read as integer cents, the unit every
 * price of the catalogue is kept in. Greek keyboards type a comma, English ones a dot: both are
 * the decimal mark. Refused with a reason the form words beside the field: empty, not a number,
 * negative, more than two decimals (a cent is the smallest coin), more than 100,000 € (a typing
 * slip, not a price).
 */

/** The most a price may be typed as, in cents: 100,000 €. */
export const MAX_TYPED_EURO_CENTS = 10_000_000;

export type EuroAmountRefusal = "empty" | "not-a-number" | "negative" | "too-many-decimals" | "too-large";

export type EuroAmountReading = { ok: true; cents: number } | { ok: false; reason: EuroAmountRefusal };

const AMOUNT = /^(\d+)(?:[.,](\d*))?$/;

export function euroAmountToCents(typed: string): EuroAmountReading {
  const text = typed.trim().replace(/\s+/g, "").replace(/€$/, "");
  if (text === "") return { ok: false, reason: "empty" };
  if (/^[-−]/.test(text)) {
    return AMOUNT.test(text.slice(1)) ? { ok: false, reason: "negative" } : { ok: false, reason: "not-a-number" };
  }
  const match = AMOUNT.exec(text);
  if (match === null) return { ok: false, reason: "not-a-number" };
  const whole = match[1] ?? "0";
  const fraction = match[2] ?? "";
  if (fraction.length > 2) return { ok: false, reason: "too-many-decimals" };
  if (whole.length > 9) return { ok: false, reason: "too-large" };
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (cents > MAX_TYPED_EURO_CENTS) return { ok: false, reason: "too-large" };
  return { ok: true, cents };
}

/** Cents as the form shows them for editing: "3,50" in Greek, "3.50" in English. */
export function centsToEuroText(cents: number, decimalMark: "," | "."): string {
  const whole = Math.floor(cents / 100);
  const fraction = String(cents % 100).padStart(2, "0");
  return `${whole}${decimalMark}${fraction}`;
}
