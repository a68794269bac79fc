/** Prices are integer cents in the domain; shown as euros in the guest's UI language. */
import type { UiLanguage } from "../../domain/languages";

/**
 * What Intl.NumberFormat("el-GR" | "en-GB", { style: "currency", currency: "EUR" }) writes, by
 * hand (money.test.ts compares the two): the first Intl formatter a page creates loads the ICU
 * locale data, 25-40 ms of a phone's main thread (100+ ms on a cheap one), right in the task that
 * renders the menu's first prices.
 */
const FORMATS: Record<UiLanguage, { group: string; decimal: string; write: (amount: string) => string }> = {
  GRE: { group: ".", decimal: ",", write: (amount) => `${amount}\u00a0€` },
  ENG: { group: ",", decimal: ".", write: (amount) => `€${amount}` },
};

export function formatPrice(cents: number, language: UiLanguage): string {
  const { group, decimal, write } = FORMATS[language];
  const whole = Math.round(Math.abs(cents));
  const euros = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, group);
  const amount = write(`${euros}${decimal}${String(whole % 100).padStart(2, "0")}`);
  return cents < 0 ? `-${amount}` : amount;
}
