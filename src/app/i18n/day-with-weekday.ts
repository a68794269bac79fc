/**
 * A calendar day as a waiter checks it at a glance, weekday first, in the UI language:
 * "Σάβ 28 Νοε 2026", "Sat, 28 Nov 2026". A date input writes a day in the browser's own language
 * and order (11/28/2026 on a PDA set to American English), which a Greek waiter misreads; this text
 * beside it says the day in the app's language.
 */
import type { UiLanguage } from "../../domain/languages";

const LOCALE: Record<UiLanguage, string> = { GRE: "el-GR", ENG: "en-GB" };
const formats = new Map<UiLanguage, Intl.DateTimeFormat>();

/** `day` is a calendar day as the API names days ("2026-11-28"). */
export function formatDayWithWeekday(day: string, language: UiLanguage): string {
  let format = formats.get(language);
  if (format === undefined) {
    // The day is a calendar day, not an instant: read and written in UTC, it is the same day everywhere.
    format = new Intl.DateTimeFormat(LOCALE[language], {
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    });
    formats.set(language, format);
  }
  return format.format(new Date(`${day}T00:00:00.000Z`));
}
