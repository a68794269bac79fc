/**
 * An admin's form of one item, as typed, and the edit it makes: only the fields that differ from
 * the item the form was opened on, with that item's version (so a change made meanwhile by another
 * admin is refused, not overwritten). Prices are typed in euros (euro-amount.ts); names and details
 * per language are read by names-draft.ts (Greek and English names required, an emptied details
 * field removes them), and names go only when one of them or of the details changed. A draft with
 * a refused field makes no edit: each refusal is named by its field for the form to show.
 */
import { type EuroAmountRefusal, euroAmountToCents } from "./euro-amount";
import {
  type NameField,
  type NamesDraft,
  type NamesRefusal,
  nameFieldOfPath,
  namesDraftOf,
  readNames,
  refusalPath,
  sameNames,
} from "./names-draft";
import type { EditableItem, ItemEdit } from "./staff-catalogue-api";

export interface ItemDraft extends NamesDraft {
  price: string;
  /** Empty: no member price. */
  memberPrice: string;
  memberPriceEnabled: boolean;
  /** Empty: no membership addition. */
  membershipAddition: string;
  /** Sold by the kilo: guests type kilos, the price is per kilo. */
  perKg: boolean;
}

export type DraftField = NameField | "price" | "memberPrice" | "memberPriceEnabled" | "membershipAddition" | "perKg";

export type DraftRefusal = EuroAmountRefusal | NamesRefusal | "member-price-required";

export type DraftReading =
  | { ok: true; edit: ItemEdit; changed: boolean }
  | { ok: false; errors: Partial<Record<DraftField, DraftRefusal>> };

/** The form as opened on `item`; `euros` writes cents as the admin's language types them. */
export function draftOf(item: EditableItem, euros: (cents: number) => string): ItemDraft {
  return {
    ...namesDraftOf(item.names),
    price: euros(item.priceCents),
    memberPrice: item.membershipPriceCents === null ? "" : euros(item.membershipPriceCents),
    memberPriceEnabled: item.memberPriceEnabled,
    membershipAddition: item.membershipAdditionCents === null ? "" : euros(item.membershipAdditionCents),
    perKg: item.perKg,
  };
}

export function readDraft(item: EditableItem, draft: ItemDraft): DraftReading {
  const errors: Partial<Record<DraftField, DraftRefusal>> = {};
  const names = readNames(draft, errors);
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
  if (draft.perKg !== item.perKg) edit.perKg = draft.perKg;
  return { ok: true, edit, changed: Object.keys(edit).length > 1 };
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
  const path = refusalPath(message);
  const nameField = nameFieldOfPath(path);
  if (nameField !== null) return nameField;
  const byPath: Record<string, DraftField> = {
    priceCents: "price",
    membershipPriceCents: "memberPrice",
    memberPriceEnabled: "memberPrice",
    membershipAdditionCents: "membershipAddition",
    perKg: "perKg",
  };
  return byPath[path] ?? null;
}
