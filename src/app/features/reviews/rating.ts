/** Ratings as the app shows them: the five choices, and a mean in the UI language ("4,3" in Greek). */
import type { UiLanguage } from "../../../domain/languages";

export const REVIEW_RATINGS = [1, 2, 3, 4, 5] as const;

const LOCALE: Record<UiLanguage, string> = { GRE: "el-GR", ENG: "en-GB" };

export function formatRating(value: number, language: UiLanguage): string {
  return new Intl.NumberFormat(LOCALE[language], { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

/** How many of the five stars are filled for a mean: rounded to the nearest whole star. */
export function filledStars(value: number): number {
  return Math.min(5, Math.max(0, Math.round(value)));
}
