/** Prices are integer cents in the domain; shown as euros in the guest's UI language. */
import type { UiLanguage } from "../../domain/languages";

const NUMBER_LOCALE: Record<UiLanguage, string> = { GRE: "el-GR", ENG: "en-GB" };
const formatters = new Map<UiLanguage, Intl.NumberFormat>();

export function formatPrice(cents: number, language: UiLanguage): string {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(NUMBER_LOCALE[language], { style: "currency", currency: "EUR" });
    formatters.set(language, formatter);
  }
  return formatter.format(cents / 100);
}
