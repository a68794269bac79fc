/**
 * The names and details (the description guests read under the name) of a catalogue entry, per
 * language, as an admin's form holds them, and the translations they make. Greek and English names
 * are required; another language's emptied name drops that language; an emptied details field
 * removes the details. Shared by the item and the category forms so both read names alike.
 */
import { MAX_DETAILS_LENGTH } from "./catalogue-limits";
import { LANGUAGES, type Language, type Translations, UI_LANGUAGES } from "./languages";

export interface NamesDraft {
  /** The name per language, as typed. */
  names: Partial<Record<Language, string>>;
  /** The details per language, as typed; empty: none. */
  details: Partial<Record<Language, string>>;
}

export type NameField = `name.${Language}` | `details.${Language}`;

export type NamesRefusal = "name-required" | "details-need-name" | "details-too-long";

export function namesDraftOf(stored: Translations): NamesDraft {
  const names: Partial<Record<Language, string>> = {};
  const details: Partial<Record<Language, string>> = {};
  for (const language of LANGUAGES) {
    const translation = stored[language];
    if (translation === undefined) continue;
    names[language] = translation.name;
    details[language] = translation.details ?? "";
  }
  return { names, details };
}

/** The translations the form makes; each refusal is written into `errors` under its field. */
export function readNames<Refusal extends string>(
  typed: NamesDraft,
  errors: Partial<Record<NameField, NamesRefusal | Refusal>>,
): Translations {
  const translations: Partial<Translations> = {};
  for (const language of LANGUAGES) {
    const name = (typed.names[language] ?? "").trim();
    const details = typed.details[language] ?? "";
    const hasDetails = details.trim() !== "";
    if (details.length > MAX_DETAILS_LENGTH) errors[`details.${language}`] = "details-too-long";
    if (name === "") {
      if ((UI_LANGUAGES as readonly string[]).includes(language)) errors[`name.${language}`] = "name-required";
      else if (hasDetails) errors[`name.${language}`] = "details-need-name";
      continue;
    }
    translations[language] = hasDetails ? { name, details } : { name };
  }
  return translations as Translations;
}

/** Same names and details per language, whatever order the stored languages are in. */
export function sameNames(a: Translations, b: Translations): boolean {
  return LANGUAGES.every(
    (language) => a[language]?.name === b[language]?.name && a[language]?.details === b[language]?.details,
  );
}

/**
 * The form's names after a change made meanwhile: the latest stored ones, with every field typed
 * here (differing from what the form was opened on) kept on top.
 */
export function reapplyNames(typed: NamesDraft, opened: NamesDraft, latest: NamesDraft): NamesDraft {
  const names = { ...latest.names };
  const details = { ...latest.details };
  for (const language of LANGUAGES) {
    if ((typed.names[language] ?? "") !== (opened.names[language] ?? "")) names[language] = typed.names[language] ?? "";
    if ((typed.details[language] ?? "") !== (opened.details[language] ?? "")) {
      details[language] = typed.details[language] ?? "";
    }
  }
  return { names, details };
}

/**
 * The request path a server refusal starts with: "body.priceCents: must be >= 0" (a schema's
 * refusal names the request's part) and "perKg: ..." (a rule's own) both name their field.
 */
export function refusalPath(message: string): string {
  const path = /^([A-Za-z.]+)\s*:/.exec(message)?.[1] ?? "";
  return path.startsWith("body.") ? path.slice("body.".length) : path;
}

/**
 * The name or details field a server refusal's path names ("names.GRE.name", "names.ITA.details");
 * a refusal of `names` itself (a missing language) goes to the Greek name. Null for any other path.
 */
export function nameFieldOfPath(path: string): NameField | null {
  if (path === "names") return "name.GRE";
  const match = /^names\.([A-Z]{3})(?:\.(name|details))?$/.exec(path);
  const language = match?.[1] as Language | undefined;
  if (match === null || language === undefined || !(LANGUAGES as readonly string[]).includes(language)) return null;
  return match[2] === "details" ? `details.${language}` : `name.${language}`;
}
