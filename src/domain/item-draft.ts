/**
 * An admin's form of one item, as typed, and the edit it makes: only the fields that differ from
 * the item the form was opened on, with that item's version (so a change made meanwhile by another
 * admin is refused, not overwritten). Prices are typed in euros (euro-amount.ts); Greek and English
 * names are required, the store's other languages optional (an emptied one is dropped). A draft
 * with a refused field makes no edit: each refusal is named by its field for the form to show.
 */
import { type EuroAmountRefusal, euroAmountToCents } from "./euro-amount";
import { LANGUAGES, type Language, type Translations, UI_LANGUAGES } from "./languages";
import type { EditableItem, ItemEdit } from "./staff-catalogue-api";

export interface ItemDraft {
  /** The item's name per language, as typed. */
  names: Partial<Record<Language, string>>;
  price: string;
  /** Empty: no member price. */
  memberPrice: string;
  memberPriceEnabled: boolean;
  /** Empty: no membership addition. */
  membershipAddition: string;
}

export type DraftField = `name.${Language}` | "price" | "memberPrice" | "memberPriceEnabled" | "membershipAddition";

export type DraftRefusal = EuroAmountRefusal | "name-required" | "member-price-required";

export type DraftReading =
  | { ok: true; edit: ItemEdit; changed: boolean }
  | { ok: false; errors: Partial<Record<DraftField, DraftRefusal>> };

/** The form as opened on `item`; `euros` writes cents as the admin's language types them. */
export function draftOf(item: EditableItem, euros: (cents: number) => string): ItemDraft {
  const names: Partial<Record<Language, string>> = {};
  for (const language of LANGUAGES) {
    const translation = item.names[language];
    if (translation !== undefined) names[language] = translation.name;
  }
  return {
    names,
    price: euros(item.priceCents),
    memberPrice: item.membershipPriceCents === null ? "" : euros(item.membershipPriceCents),
    memberPriceEnabled: item.memberPriceEnabled,
    membershipAddition: item.membershipAdditionCents === null ? "" : euros(item.membershipAdditionCents),
  };
}

export function readDraft(item: EditableItem, draft: ItemDraft): DraftReading {
  const errors: Partial<Record<DraftField, DraftRefusal>> = {};
  const names = namesOf(item.names, draft.names, errors);
  const price = amount(draft.price, "price", errors);
  const memberPrice = optionalAmount(draft.memberPrice, "memberPrice", errors);
  const addition = optionalAmount(draft.membershipAddition, "membershipAddition", errors);
  if (draft.memberPriceEnabled && memberPrice === null && errors.memberPrice === undefined) {
    errors.memberPrice = "member-price-required";
  }
  if (Object.keys(errors).length > 0 || price === undefined || memberPrice === undefined || addition === undefined) {
    return { ok: false, errors };
  }
  const edit: ItemEdit = { version: item.version };
  if (!sameNames(names, item.names)) edit.names = names;
  if (price !== item.priceCents) edit.priceCents = price;
  if (memberPrice !== item.membershipPriceCents) edit.membershipPriceCents = memberPrice;
  if (draft.memberPriceEnabled !== item.memberPriceEnabled) edit.memberPriceEnabled = draft.memberPriceEnabled;
  if (addition !== item.membershipAdditionCents) edit.membershipAdditionCents = addition;
  return { ok: true, edit, changed: Object.keys(edit).length > 1 };
}

/** The names as typed, trimmed, with each kept language's stored details; Greek and English required. */
export function namesOf(
  stored: Translations,
  typed: Partial<Record<Language, string>>,
  errors: Partial<Record<DraftField, DraftRefusal>>,
): Translations {
  const names: Partial<Translations> = {};
  for (const language of LANGUAGES) {
    const name = (typed[language] ?? "").trim();
    const required = (UI_LANGUAGES as readonly string[]).includes(language);
    if (name === "") {
      if (required) errors[`name.${language}`] = "name-required";
      continue;
    }
    const details = stored[language]?.details;
    names[language] = details === undefined ? { name } : { name, details };
  }
  return names as Translations;
}

/** Same names and details per language, whatever order the stored languages are in. */
function sameNames(a: Translations, b: Translations): boolean {
  return LANGUAGES.every(
    (language) => a[language]?.name === b[language]?.name && a[language]?.details === b[language]?.details,
  );
}

function amount(
  typed: string,
  field: DraftField,
  errors: Partial<Record<DraftField, DraftRefusal>>,
): number | undefined {
  const reading = euroAmountToCents(typed);
  if (reading.ok) return reading.cents;
  errors[field] = reading.reason;
  return undefined;
}

function optionalAmount(
  typed: string,
  field: DraftField,
  errors: Partial<Record<DraftField, DraftRefusal>>,
): number | null | undefined {
  return typed.trim() === "" ? null : amount(typed, field, errors);
}

/**
 * The form field a server refusal names: its message starts with the request's path
 * ("priceCents: must be >= 0", "names.GRE.name: ..."); null when it names none of the form's fields.
 */
export function fieldOfRefusal(message: string): DraftField | null {
  const path = /^([A-Za-z.]+)\s*:/.exec(message)?.[1] ?? "";
  const name = /^names\.([A-Z]{3})/.exec(path);
  if (name && (LANGUAGES as readonly string[]).includes(name[1] ?? "")) return `name.${name[1] as Language}`;
  if (path === "names") return "name.GRE";
  const byPath: Record<string, DraftField> = {
    priceCents: "price",
    membershipPriceCents: "memberPrice",
    memberPriceEnabled: "memberPrice",
    membershipAdditionCents: "membershipAddition",
  };
  return byPath[path] ?? null;
}
