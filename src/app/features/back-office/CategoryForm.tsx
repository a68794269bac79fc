/**
 * One category's form in the back office: names and details per language (Greek and English names
 * required) and the most pieces of the category one cart may hold. It saves as the item form does
 * (ItemForm.tsx): only what changed, with the version it was opened on, under a key kept for the
 * retry of the same save; no answer keeps the form; a refusal goes beside its field; a change made
 * meanwhile shows the current value with a button to take it and re-apply what was typed here.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useState } from "react";
import { MAX_DETAILS_LENGTH, MAX_ITEMS_PER_ORDER_LIMIT } from "../../../domain/catalogue-limits";
import {
  type CategoryDraft,
  type CategoryField,
  type CategoryRefusal,
  categoryDraftOf,
  categoryFieldOfRefusal,
  readCategoryDraft,
} from "../../../domain/category-draft";
import type { Language } from "../../../domain/languages";
import { reapplyNames, sameNames } from "../../../domain/names-draft";
import type { EditableCategory, StaffCatalogueCategory } from "../../../domain/staff-catalogue-api";
import { saveCategory } from "./back-office-api";
import { ChangedMeanwhile, fieldAccess, NamesFieldset, SaveFooter } from "./form-parts";
import { useFormSave } from "./use-form-save";

type Category = Omit<StaffCatalogueCategory, "items">;

export interface CategoryFormProps {
  storeId: number;
  category: Category;
  /** The languages the store's menu is written in: Greek and English first. */
  languages: readonly Language[];
  onSaved: (category: EditableCategory) => void;
  onDirtyChange: (dirty: boolean) => void;
  /** The category as stored now (after a change made meanwhile), or null when it is gone. */
  readCurrent: () => Promise<Category | null>;
}

export function CategoryForm({ storeId, category, languages, onSaved, onDirtyChange, readCurrent }: CategoryFormProps) {
  const { t, i18n } = useLingui();
  const ui = i18n.locale === "el" ? "GRE" : "ENG";
  const [base, setBase] = useState<Category>(category);
  const [draft, setDraft] = useState<CategoryDraft>(() => categoryDraftOf(category));
  const form = useFormSave({ changedCode: "CATEGORY_CHANGED", fieldOfRefusal: categoryFieldOfRefusal, readCurrent });
  const { errors, notice, unanswered, current, busy, keys } = form;
  const id = `category-form-${category.categoryId}`;

  // Putting the category's items in order moves its version without touching what this form edits:
  // the form follows that version, so a save after a reorder is no conflict.
  useEffect(() => {
    setBase((shown) =>
      category.version > shown.version &&
      category.maxProductsPerCart === shown.maxProductsPerCart &&
      sameNames(category.names, shown.names)
        ? { ...shown, version: category.version }
        : shown,
    );
  }, [category]);

  const pristine = categoryDraftOf(base);
  const dirty = JSON.stringify(draft) !== JSON.stringify(pristine);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const refusalText = (reason: CategoryRefusal): string => {
    switch (reason) {
      case "name-required":
        return t`The Greek and the English name are required.`;
      case "details-need-name":
        return t`Details need a name in the same language.`;
      case "details-too-long":
        return t`At most ${MAX_DETAILS_LENGTH} characters.`;
      case "limit-invalid":
        return t`A whole number from 1 to ${MAX_ITEMS_PER_ORDER_LIMIT}, or empty for no limit.`;
    }
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    const reading = readCategoryDraft(base, draft);
    const found: Partial<Record<CategoryField, string>> = {};
    if (!reading.ok) {
      for (const [field, reason] of Object.entries(reading.errors)) {
        found[field as CategoryField] = refusalText(reason);
      }
    }
    if (!form.passes(found) || !reading.ok || !reading.changed) return;
    const { edit } = reading;
    await form.save(
      ["category"],
      async () => {
        const answer = await saveCategory(storeId, base.categoryId, edit, keys.keyFor("category", edit));
        const saved = { ...base, ...answer };
        setBase(saved);
        setDraft(categoryDraftOf(saved));
        onSaved(answer);
      },
      t`Saved.`,
    );
  }

  /** Takes the current category as the form's base and keeps, on top of it, every field typed here. */
  function takeCurrent(latest: Category) {
    const latestDraft = categoryDraftOf(latest);
    setDraft({
      ...reapplyNames(draft, pristine, latestDraft),
      maxPerCart: draft.maxPerCart !== pristine.maxPerCart ? draft.maxPerCart : latestDraft.maxPerCart,
    });
    setBase(latest);
    form.currentTaken();
    onSaved(latest);
  }

  const fields = fieldAccess(id, errors);
  const { fieldProps, fieldError } = fields;
  const currentText = (latest: Category): string => {
    const greek = latest.names.GRE.name;
    const english = latest.names.ENG.name;
    const limit = latest.maxProductsPerCart;
    return limit === null
      ? t`Now: ${greek} / ${english}, no limit per cart.`
      : t`Now: ${greek} / ${english}, at most ${limit} per cart.`;
  };
  const title = base.names[ui].name;

  return (
    <form
      ref={form.formRef}
      className="back-office__form card"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void save(event)}
      noValidate
    >
      <h2 id={`${id}-title`}>
        <Trans>Category: {title}</Trans>
      </h2>

      {current !== null && (
        <ChangedMeanwhile current={currentText(current)} onTake={() => takeCurrent(current)}>
          <Trans>This category was changed meanwhile by another admin.</Trans>
        </ChangedMeanwhile>
      )}

      <NamesFieldset
        languages={languages}
        names={draft.names}
        details={draft.details}
        onNames={(names) => setDraft({ ...draft, names })}
        onDetails={(details) => setDraft({ ...draft, details })}
        fields={fields}
      />

      <div className="back-office__field">
        <label htmlFor={`${id}-maxPerCart`}>
          <Trans>Most pieces of this category per cart (empty: no limit)</Trans>
        </label>
        <input
          {...fieldProps("maxPerCart")}
          type="text"
          inputMode="numeric"
          value={draft.maxPerCart}
          onChange={(event) => setDraft({ ...draft, maxPerCart: event.target.value })}
        />
        {fieldError("maxPerCart")}
      </div>

      <SaveFooter
        notice={notice}
        unanswered={unanswered}
        busy={busy}
        dirty={dirty}
        onUndo={() => {
          setDraft(pristine);
          form.clearOutcome();
        }}
      />
    </form>
  );
}
