/**
 * A country's flag as an emoji: the two regional-indicator letters of its ISO 3166 code, which
 * phones draw as the flag. The phone field used to bundle the SVG flag of every country (232 KB
 * raw, 85 KB of the precache) to show one of them; an emoji costs no bytes.
 */
const REGIONAL_INDICATOR_A = 0x1f1e6;

export function countryFlagEmoji(country: string): string {
  if (!/^[A-Z]{2}$/.test(country)) return "";
  return String.fromCodePoint(...[...country].map((letter) => REGIONAL_INDICATOR_A + letter.charCodeAt(0) - 65));
}
