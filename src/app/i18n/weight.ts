/** Weights of per-kg items, in the guest's UI language ("0,8" in Greek, "0.8" in English). */
import type { UiLanguage } from "../../domain/languages";

const NUMBER_LOCALE: Record<UiLanguage, string> = { GRE: "el-GR", ENG: "en-GB" };
const formatters = new Map<UiLanguage, Intl.NumberFormat>();

/** Kilos to the gram at most, without grouping: a value the kilos field reads back as typed. */
export function formatKilos(kilos: number, language: UiLanguage): string {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(NUMBER_LOCALE[language], { maximumFractionDigits: 3, useGrouping: false });
    formatters.set(language, formatter);
  }
  return formatter.format(kilos);
}
