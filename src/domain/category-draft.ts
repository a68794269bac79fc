/**
 * An admin's form of one category, as typed, and the edit it makes: names and details per language
 * (read by names-draft.ts, as the item form reads them) and the most pieces of the category one
 * cart may hold (empty: no limit). Only the fields that differ from the category the form was
 * opened on go, with its version (a change made meanwhile is refused, not overwritten).
 */
import { MAX_ITEMS_PER_ORDER_LIMIT } from "./catalogue-limits";
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
import type { CategoryEdit, EditableCategory } from "./staff-catalogue-api";

export interface CategoryDraft extends NamesDraft {
  /** The most pieces per cart, as typed; empty: no limit. */
  maxPerCart: string;
}

export type CategoryField = NameField | "maxPerCart";

export type CategoryRefusal = NamesRefusal | "limit-invalid";

export type CategoryReading =
  | { ok: true; edit: CategoryEdit; changed: boolean }
  | { ok: false; errors: Partial<Record<CategoryField, CategoryRefusal>> };

type Category = Pick<EditableCategory, "version" | "names" | "maxProductsPerCart">;

export function categoryDraftOf(category: Category): CategoryDraft {
  return {
    ...namesDraftOf(category.names),
    maxPerCart: category.maxProductsPerCart === null ? "" : String(category.maxProductsPerCart),
  };
}

export function readCategoryDraft(category: Category, draft: CategoryDraft): CategoryReading {
  const errors: Partial<Record<CategoryField, CategoryRefusal>> = {};
  const names = readNames(draft, errors);
  const typed = draft.maxPerCart.trim();
  const limit = typed === "" ? null : Number(typed);
  if (limit !== null && (!/^\d+$/.test(typed) || limit < 1 || limit > MAX_ITEMS_PER_ORDER_LIMIT)) {
    errors.maxPerCart = "limit-invalid";
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const edit: CategoryEdit = { version: category.version };
  if (!sameNames(names, category.names)) edit.names = names;
  if (limit !== category.maxProductsPerCart) edit.maxProductsPerCart = limit;
  return { ok: true, edit, changed: Object.keys(edit).length > 1 };
}

/** The form field a server refusal's path names ("maxProductsPerCart: ...", "names.ENG.name: ..."). */
export function categoryFieldOfRefusal(message: string): CategoryField | null {
  const path = refusalPath(message);
  if (path === "maxProductsPerCart") return "maxPerCart";
  return nameFieldOfPath(path);
}
