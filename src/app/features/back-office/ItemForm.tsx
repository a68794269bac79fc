/**
 * One item's form in the back office: names and details per language (Greek and English names
 * required), price, member price, membership addition, sold by the kilo, stock, photo. Save sends only what changed, with the version
 * the form was opened on, under a key kept for the retry of the same save (save-keys.ts). A save
 * without an answer keeps the form as typed; a refusal goes beside its field; a change made
 * meanwhile by another admin shows the current value with a button to take it and re-apply what
 * was typed here on top of it.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { MAX_DETAILS_LENGTH, MAX_STOCK_AMOUNT } from "../../../domain/catalogue-limits";
import { centsToEuroText } from "../../../domain/euro-amount";
import {
  type DraftField,
  type DraftRefusal,
  draftOf,
  fieldOfRefusal,
  type ItemDraft,
  readDraft,
} from "../../../domain/item-draft";
import type { Language } from "../../../domain/languages";
import { reapplyNames } from "../../../domain/names-draft";
import type { EditableItem, StaffCatalogueItem } from "../../../domain/staff-catalogue-api";
import { formatPrice } from "../../i18n/money";
import { saveItem, saveStock } from "./back-office-api";
import { ChangedMeanwhile, CheckField, fieldAccess, NamesFieldset, SaveFooter } from "./form-parts";
import { PhotoUpload } from "./PhotoUpload";
import { useFormSave } from "./use-form-save";

export interface ItemFormProps {
  storeId: number;
  item: StaffCatalogueItem;
  /** The languages the store's menu is written in: Greek and English first. */
  languages: readonly Language[];
  onSaved: (item: StaffCatalogueItem) => void;
  onDirtyChange: (dirty: boolean) => void;
  /** The item as stored now (after a change made meanwhile), or null when it is gone. */
  readCurrent: () => Promise<StaffCatalogueItem | null>;
}

interface StockDraft {
  counted: boolean;
  amount: string;
}

type FieldErrors = Partial<Record<DraftField | "stock", string>>;

const stockDraftOf = (item: StaffCatalogueItem): StockDraft => ({
  counted: item.stockEnabled,
  amount: item.stockAmount === null ? "" : String(item.stockAmount),
});

export function ItemForm({ storeId, item, languages, onSaved, onDirtyChange, readCurrent }: ItemFormProps) {
  const { t, i18n } = useLingui();
  const uiLanguage = i18n.locale === "el" ? "GRE" : "ENG";
  const euros = useMemo(() => (cents: number) => centsToEuroText(cents, i18n.locale === "el" ? "," : "."), [i18n]);
  const [base, setBase] = useState(item);
  const [draft, setDraft] = useState<ItemDraft>(() => draftOf(item, euros));
  const [stock, setStock] = useState<StockDraft>(() => stockDraftOf(item));
  const form = useFormSave({
    changedCode: "ITEM_CHANGED",
    fieldOfRefusal: (message): DraftField | "stock" | null => fieldOfRefusal(message),
    readCurrent,
  });
  const { errors, notice, unanswered, current, busy, keys } = form;
  const id = `item-${item.itemId}`;

  const pristine = draftOf(base, euros);
  const dirty =
    JSON.stringify(draft) !== JSON.stringify(pristine) || JSON.stringify(stock) !== JSON.stringify(stockDraftOf(base));
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  // A save of the item's option groups moves its version and nothing the form shows: follow it.
  useEffect(() => {
    const unversioned = (shown: StaffCatalogueItem) => JSON.stringify({ ...shown, version: 0 });
    setBase((shown) =>
      item.version > shown.version && unversioned(item) === unversioned(shown)
        ? { ...shown, version: item.version }
        : shown,
    );
  }, [item]);

  const refusalText = (reason: DraftRefusal): string => {
    switch (reason) {
      case "empty":
        return t`Type an amount in euros, e.g. 3,50.`;
      case "not-a-number":
        return t`Not an amount: type euros with a comma or a dot, e.g. 3,50.`;
      case "negative":
        return t`A price cannot be negative.`;
      case "too-many-decimals":
        return t`At most two decimals (cents).`;
      case "too-large":
        return t`At most 100,000 €.`;
      case "name-required":
        return t`The Greek and the English name are required.`;
      case "details-need-name":
        return t`Details need a name in the same language.`;
      case "details-too-long":
        return t`At most ${MAX_DETAILS_LENGTH} characters.`;
      case "member-price-required":
        return t`Type the member price, or turn the member price off.`;
    }
  };

  function stockChange(): { stockEnabled: boolean; stockAmount: number | null } | "invalid" | null {
    if (JSON.stringify(stock) === JSON.stringify(stockDraftOf(base))) return null;
    if (!stock.counted) return { stockEnabled: false, stockAmount: null };
    const amount = stock.amount.trim();
    if (!/^\d+$/.test(amount) || Number(amount) > MAX_STOCK_AMOUNT) return "invalid";
    return { stockEnabled: true, stockAmount: Number(amount) };
  }

  async function save(event?: FormEvent) {
    event?.preventDefault();
    const reading = readDraft(base, draft);
    const stockEdit = stockChange();
    const found: FieldErrors = {};
    if (!reading.ok) {
      for (const [field, reason] of Object.entries(reading.errors)) found[field as DraftField] = refusalText(reason);
    }
    if (stockEdit === "invalid") found.stock = t`Pieces left: a whole number from 0 to 1,000,000.`;
    if (!form.passes(found) || !reading.ok || stockEdit === "invalid") return;
    if (!reading.changed && stockEdit === null) return;
    await form.save(
      ["item", "stock"],
      async () => {
        let saved: StaffCatalogueItem = base;
        if (reading.changed) {
          const answer: EditableItem = await saveItem(
            storeId,
            base.itemId,
            reading.edit,
            keys.keyFor("item", reading.edit),
          );
          // Kept even if the stock's save then fails: the item's change is made.
          keys.forget("item");
          saved = { ...saved, ...answer };
          setBase(saved);
        }
        if (stockEdit !== null) {
          const answer = await saveStock(storeId, base.itemId, stockEdit, keys.keyFor("stock", stockEdit));
          saved = { ...saved, stockEnabled: answer.stockEnabled, stockAmount: answer.stockAmount };
          setBase(saved);
          setStock(stockDraftOf(saved));
        }
        setDraft(draftOf(saved, euros));
        onSaved(saved);
      },
      t`Saved.`,
    );
  }

  /** Takes the current item as the form's base and keeps, on top of it, every field typed here. */
  function takeCurrent(latest: StaffCatalogueItem) {
    const latestDraft = draftOf(latest, euros);
    const keep = <K extends keyof ItemDraft>(key: K): ItemDraft[K] =>
      draft[key] !== pristine[key] ? draft[key] : latestDraft[key];
    setDraft({
      ...reapplyNames(draft, pristine, latestDraft),
      price: keep("price"),
      memberPrice: keep("memberPrice"),
      memberPriceEnabled: keep("memberPriceEnabled"),
      membershipAddition: keep("membershipAddition"),
      perKg: keep("perKg"),
    });
    const baseStock = stockDraftOf(base);
    setStock(JSON.stringify(stock) === JSON.stringify(baseStock) ? stockDraftOf(latest) : stock);
    setBase(latest);
    form.currentTaken();
    onSaved(latest);
  }

  const fields = fieldAccess(id, errors);
  const { fieldProps, fieldError } = fields;
  const name = draft.names.GRE ?? "";
  const currentText = (latest: StaffCatalogueItem): string => {
    const greek = latest.names.GRE.name;
    const english = latest.names.ENG.name;
    const price = formatPrice(latest.priceCents, uiLanguage);
    const member = latest.membershipPriceCents === null ? null : formatPrice(latest.membershipPriceCents, uiLanguage);
    return member === null
      ? t`Now: ${greek} / ${english}, price ${price}.`
      : t`Now: ${greek} / ${english}, price ${price}, member price ${member}.`;
  };

  return (
    <form ref={form.formRef} className="back-office__form card" onSubmit={(event) => void save(event)} noValidate>
      <h2 id={`${id}-title`}>{base.names[uiLanguage === "GRE" ? "GRE" : "ENG"].name || name}</h2>

      {current !== null && (
        <ChangedMeanwhile current={currentText(current)} onTake={() => takeCurrent(current)}>
          <Trans>This item was changed meanwhile by another admin.</Trans>
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

      <fieldset className="back-office__group">
        <legend>
          <Trans>Prices (euros)</Trans>
        </legend>
        <div className="back-office__field">
          <label htmlFor={`${id}-price`}>
            <Trans>Price</Trans>
          </label>
          <input
            {...fieldProps("price")}
            type="text"
            inputMode="decimal"
            value={draft.price}
            onChange={(event) => setDraft({ ...draft, price: event.target.value })}
          />
          {fieldError("price")}
        </div>
        <CheckField
          input={{ id: `${id}-memberPriceEnabled` }}
          checked={draft.memberPriceEnabled}
          onChange={(memberPriceEnabled) => setDraft({ ...draft, memberPriceEnabled })}
        >
          <Trans>Members pay the member price</Trans>
        </CheckField>
        <div className="back-office__field">
          <label htmlFor={`${id}-memberPrice`}>
            <Trans>Member price (empty: none)</Trans>
          </label>
          <input
            {...fieldProps("memberPrice")}
            type="text"
            inputMode="decimal"
            value={draft.memberPrice}
            onChange={(event) => setDraft({ ...draft, memberPrice: event.target.value })}
          />
          {fieldError("memberPrice")}
        </div>
        <div className="back-office__field">
          <label htmlFor={`${id}-membershipAddition`}>
            <Trans>Membership addition (empty: none)</Trans>
          </label>
          <input
            {...fieldProps("membershipAddition")}
            type="text"
            inputMode="decimal"
            value={draft.membershipAddition}
            onChange={(event) => setDraft({ ...draft, membershipAddition: event.target.value })}
          />
          {fieldError("membershipAddition")}
        </div>
        <CheckField
          input={fieldProps("perKg")}
          checked={draft.perKg}
          onChange={(perKg) => setDraft({ ...draft, perKg })}
          refusal={fieldError("perKg")}
        >
          <Trans>Sold by the kilo (the price is per kilo)</Trans>
        </CheckField>
      </fieldset>

      <fieldset className="back-office__group">
        <legend>
          <Trans>Stock</Trans>
        </legend>
        <CheckField
          input={{ id: `${id}-counted` }}
          checked={stock.counted}
          onChange={(counted) => setStock({ counted, amount: counted ? stock.amount : "" })}
        >
          <Trans>Count the pieces left (0: sold out)</Trans>
        </CheckField>
        {stock.counted && (
          <div className="back-office__field">
            <label htmlFor={`${id}-stock`}>
              <Trans>Pieces left</Trans>
            </label>
            <input
              {...fieldProps("stock")}
              type="text"
              inputMode="numeric"
              value={stock.amount}
              onChange={(event) => setStock({ ...stock, amount: event.target.value })}
            />
            {fieldError("stock")}
          </div>
        )}
        <button type="button" className="button button--quiet" onClick={() => setStock({ counted: true, amount: "0" })}>
          <Trans>Mark sold out</Trans>
        </button>
      </fieldset>

      <PhotoUpload
        storeId={storeId}
        itemId={base.itemId}
        itemName={base.names[uiLanguage].name}
        photo={base.photo}
        onUploaded={(photo) => {
          const withPhoto = { ...base, photo };
          setBase(withPhoto);
          onSaved(withPhoto);
        }}
      />

      <SaveFooter
        notice={notice}
        unanswered={unanswered}
        busy={busy}
        dirty={dirty}
        onUndo={() => {
          setDraft(pristine);
          setStock(stockDraftOf(base));
          form.clearOutcome();
        }}
      />
    </form>
  );
}
