/**
 * One service's settings in the back office: names per language (Greek and English required),
 * opening hours or open 24 hours, scheduled orders and their hours, the minimum order and the most
 * items per order, a happy hour, a delivery discount, "delayed response" and "hide item photos".
 * Save sends only what changed (service-draft.ts), with the version the form was opened on, under
 * a key kept for the retry of the same save (save-keys.ts). A save without an answer keeps the form
 * as typed; a refusal goes beside its field; a change made meanwhile by another admin shows the
 * current settings with a button to take them and re-apply what was typed here on top of them.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from "react";
import { centsToEuroText } from "../../../domain/euro-amount";
import type { Language } from "../../../domain/languages";
import {
  fieldOfServiceRefusal,
  readServiceDraft,
  type ServiceDraft,
  type ServiceField,
  type ServiceRefusal,
  serviceDraftOf,
  type WindowDraft,
} from "../../../domain/service-draft";
import type { EditableService, StaffCatalogueService } from "../../../domain/staff-catalogue-api";
import { formatPrice } from "../../i18n/money";
import { saveService } from "./back-office-api";
import { ChangedMeanwhile, CheckField, fieldAccess, NamesFieldset, SaveFooter } from "./form-parts";
import { useFormSave } from "./use-form-save";

export interface ServiceFormProps {
  storeId: number;
  service: StaffCatalogueService;
  /** The languages the store's services are named in: Greek and English first. */
  languages: readonly Language[];
  onSaved: (service: EditableService) => void;
  onDirtyChange: (dirty: boolean) => void;
  /** The service as stored now (after a change made meanwhile), or null when it is gone. */
  readCurrent: () => Promise<StaffCatalogueService | null>;
}

export function ServiceForm({ storeId, service, languages, onSaved, onDirtyChange, readCurrent }: ServiceFormProps) {
  const { t, i18n } = useLingui();
  const uiLanguage = i18n.locale === "el" ? "GRE" : "ENG";
  const euros = useMemo(() => (cents: number) => centsToEuroText(cents, i18n.locale === "el" ? "," : "."), [i18n]);
  const [base, setBase] = useState<EditableService>(service);
  const [draft, setDraft] = useState<ServiceDraft>(() => serviceDraftOf(service, euros));
  const form = useFormSave({ changedCode: "SERVICE_CHANGED", fieldOfRefusal: fieldOfServiceRefusal, readCurrent });
  const { errors, notice, unanswered, current, busy, keys } = form;
  const id = `service-${service.serviceId}`;

  const pristine = serviceDraftOf(base, euros);
  const dirty = JSON.stringify(draft) !== JSON.stringify(pristine);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const refusalText = (reason: ServiceRefusal): string => {
    switch (reason) {
      case "empty":
        return t`Type an amount in euros, e.g. 3,50.`;
      case "not-a-number":
        return t`Not an amount: type euros with a comma or a dot, e.g. 3,50.`;
      case "negative":
        return t`An amount cannot be negative.`;
      case "too-many-decimals":
        return t`At most two decimals (cents).`;
      case "too-large":
        return t`At most 100,000 €.`;
      case "name-required":
        return t`The Greek and the English name are required.`;
      case "time-required":
        return t`Give both times, from and to.`;
      case "empty-window":
        return t`From and to cannot be the same time.`;
      case "not-a-percentage":
        return t`A whole percentage from 1 to 100.`;
      case "not-an-item-limit":
        return t`A whole number from 0 to 1,000 (empty or 0: no limit).`;
    }
  };

  async function save(event?: FormEvent) {
    event?.preventDefault();
    const reading = readServiceDraft(base, draft);
    const found: Partial<Record<ServiceField, string>> = {};
    if (!reading.ok) {
      for (const [field, reason] of Object.entries(reading.errors)) {
        found[field as ServiceField] = refusalText(reason);
      }
    }
    if (!form.passes(found) || !reading.ok || !reading.changed) return;
    const { edit } = reading;
    await form.save(
      ["service"],
      async () => {
        const saved = await saveService(storeId, base.serviceId, edit, keys.keyFor("service", edit));
        setBase(saved);
        setDraft(serviceDraftOf(saved, euros));
        onSaved(saved);
      },
      t`Saved.`,
    );
  }

  /** Takes the current settings as the form's base and keeps, on top of them, every field typed here. */
  function takeCurrent(latest: EditableService) {
    const latestDraft = serviceDraftOf(latest, euros);
    const names = { ...latestDraft.names };
    for (const language of languages) {
      if (draft.names[language] !== pristine.names[language]) names[language] = draft.names[language] ?? "";
    }
    const merged = { ...latestDraft, names } as Record<keyof ServiceDraft, unknown>;
    for (const key of Object.keys(draft) as (keyof ServiceDraft)[]) {
      if (key !== "names" && JSON.stringify(draft[key]) !== JSON.stringify(pristine[key])) merged[key] = draft[key];
    }
    setDraft(merged as unknown as ServiceDraft);
    setBase(latest);
    form.currentTaken();
    onSaved(latest);
  }

  const set = <K extends keyof ServiceDraft>(key: K, value: ServiceDraft[K]) => setDraft({ ...draft, [key]: value });

  const fields = fieldAccess(id, errors);
  const { fieldProps, fieldError } = fields;
  const textField = (field: ServiceField, label: ReactNode, value: string, onChange: (value: string) => void) => (
    <div className="back-office__field">
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <input
        {...fieldProps(field)}
        type="text"
        inputMode="decimal"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {fieldError(field)}
    </div>
  );
  const windowFields = (field: ServiceField, legend: ReactNode, value: WindowDraft, key: keyof ServiceDraft) => (
    <fieldset className="back-office__window">
      <legend>{legend}</legend>
      <label htmlFor={`${id}-${field}`}>
        <Trans>From</Trans>
        <span className="visually-hidden">: {legend}</span>
      </label>
      <input
        {...fieldProps(field)}
        type="time"
        value={value.from}
        onChange={(event) => set(key, { ...value, from: event.target.value })}
      />
      <label htmlFor={`${id}-${field}-to`}>
        <Trans>To</Trans>
        <span className="visually-hidden">: {legend}</span>
      </label>
      <input
        {...fieldProps(field, "-to")}
        type="time"
        value={value.to}
        onChange={(event) => set(key, { ...value, to: event.target.value })}
      />
      {fieldError(field)}
    </fieldset>
  );
  const check = (key: keyof ServiceDraft, label: ReactNode) => (
    <CheckField input={{ id: `${id}-${key}` }} checked={draft[key] === true} onChange={(on) => set(key, on)}>
      {label}
    </CheckField>
  );

  const currentText = (latest: EditableService): string => {
    const greek = latest.names.GRE.name;
    const english = latest.names.ENG.name;
    const hours = latest.hours === null ? t`open 24 hours` : `${latest.hours.startTime}–${latest.hours.endTime}`;
    const minimum = formatPrice(latest.minimumOrderCents, uiLanguage);
    const most = latest.maxItemsPerOrder === 0 ? t`no limit` : String(latest.maxItemsPerOrder);
    return t`Now: ${greek} / ${english}, hours ${hours}, minimum order ${minimum}, most items per order ${most}.`;
  };

  return (
    <form
      ref={form.formRef}
      className="back-office__form card"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void save(event)}
      noValidate
    >
      <h3 id={`${id}-title`}>
        <Trans>Settings</Trans>
      </h3>

      {current !== null && (
        <ChangedMeanwhile current={currentText(current)} onTake={() => takeCurrent(current)}>
          <Trans>This service was changed meanwhile by another admin.</Trans>
        </ChangedMeanwhile>
      )}

      <NamesFieldset
        languages={languages}
        names={draft.names}
        onNames={(names) => set("names", names)}
        fields={fields}
      />

      <fieldset className="back-office__group">
        <legend>
          <Trans>Hours</Trans>
        </legend>
        {check("openAllDay", <Trans>Open 24 hours</Trans>)}
        {!draft.openAllDay && windowFields("hours", <Trans>Opening hours</Trans>, draft.hours, "hours")}
        {check("scheduledOrders", <Trans>Take scheduled orders</Trans>)}
        {draft.scheduledOrders &&
          windowFields("scheduledHours", <Trans>Scheduled orders for</Trans>, draft.scheduledHours, "scheduledHours")}
      </fieldset>

      <fieldset className="back-office__group">
        <legend>
          <Trans>Order limits</Trans>
        </legend>
        {textField("minimumOrder", <Trans>Minimum order in euros (empty: none)</Trans>, draft.minimumOrder, (value) =>
          set("minimumOrder", value),
        )}
        {textField(
          "maxItemsPerOrder",
          <Trans>Most items per order (empty or 0: no limit)</Trans>,
          draft.maxItemsPerOrder,
          (value) => set("maxItemsPerOrder", value),
        )}
      </fieldset>

      <fieldset className="back-office__group">
        <legend>
          <Trans>Discounts</Trans>
        </legend>
        {check("happyHour", <Trans>Happy hour</Trans>)}
        {draft.happyHour && (
          <>
            {textField(
              "happyHourPercentage",
              <Trans>Happy hour discount (%)</Trans>,
              draft.happyHourPercentage,
              (value) => set("happyHourPercentage", value),
            )}
            {windowFields("happyHourHours", <Trans>Happy hour time</Trans>, draft.happyHourHours, "happyHourHours")}
          </>
        )}
        {check("deliveryDiscount", <Trans>Delivery discount</Trans>)}
        {draft.deliveryDiscount && (
          <>
            {textField(
              "deliveryDiscountPercentage",
              <Trans>Delivery discount (%)</Trans>,
              draft.deliveryDiscountPercentage,
              (value) => set("deliveryDiscountPercentage", value),
            )}
            {textField(
              "deliveryDiscountFrom",
              <Trans>For orders from (euros)</Trans>,
              draft.deliveryDiscountFrom,
              (value) => set("deliveryDiscountFrom", value),
            )}
          </>
        )}
      </fieldset>

      <fieldset className="back-office__group">
        <legend>
          <Trans>Guests</Trans>
        </legend>
        {check("delayedResponse", <Trans>Delayed response: orders are answered later ("under review")</Trans>)}
        {check("hidePhotosOfItems", <Trans>Hide item photos</Trans>)}
      </fieldset>

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
