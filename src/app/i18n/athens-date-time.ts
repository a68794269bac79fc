/**
 * Instants shown to guests in Athens time (the venues' time; spec §4 "current Greek time"),
 * whatever the phone's own time zone, in the UI language's conventions.
 */
import type { UiLanguage } from "../../domain/languages";

const LOCALE: Record<UiLanguage, string> = { GRE: "el-GR", ENG: "en-GB" };
const dateTimeFormats = new Map<UiLanguage, Intl.DateTimeFormat>();
const dateFormats = new Map<UiLanguage, Intl.DateTimeFormat>();

function cached(
  formats: Map<UiLanguage, Intl.DateTimeFormat>,
  language: UiLanguage,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE[language], { ...options, timeZone: "Europe/Athens" });
    formats.set(language, format);
  }
  return format;
}

/** "22 Nov 2026, 08:15" (en) or "22 Νοε 2026, 08:15" (el). */
export function formatAthensDateTime(iso: string, language: UiLanguage): string {
  return cached(dateTimeFormats, language, { dateStyle: "medium", timeStyle: "short", hourCycle: "h23" }).format(
    new Date(iso),
  );
}

/** "22 Nov 2026" (en) or "22 Νοε 2026" (el). */
export function formatAthensDate(iso: string, language: UiLanguage): string {
  return cached(dateFormats, language, { dateStyle: "medium" }).format(new Date(iso));
}

/** An Athens calendar day ("2026-11-22", as the API names days) as formatAthensDate writes it. */
export function formatAthensDay(day: string, language: UiLanguage): string {
  // Noon UTC is the same day in Athens (UTC+2 or +3).
  return formatAthensDate(`${day}T12:00:00.000Z`, language);
}

const timeFormats = new Map<UiLanguage, Intl.DateTimeFormat>();

/** "14:02": a time of today, as a waiter reads it. */
export function formatAthensTime(iso: string, language: UiLanguage): string {
  return cached(timeFormats, language, { timeStyle: "short", hourCycle: "h23" }).format(new Date(iso));
}
