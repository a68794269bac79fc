/**
 * An admin's form of one service's settings, as typed, and the edit it makes: only the settings
 * that differ from the service the form was opened on, with that service's version (so a change
 * made meanwhile by another admin is refused, not overwritten).
 *
 * Rules:
 * - Greek and English names are required; the store's other languages are optional (an emptied
 *   one is dropped); each language keeps its stored details.
 * - Hours: "open 24 hours" (null) or a from–to window of "HH:MM" times; from and to differ (a
 *   window past midnight, 18:00–02:00, is allowed, as in a venue file).
 * - Scheduled orders: on needs its window; off keeps a typed window (as stored, disabled) and,
 *   with no window, is none (null).
 * - Minimum order in euros (euro-amount.ts; empty: none, 0). Most items per order: a whole number
 *   0..MAX_ITEMS_PER_ORDER_LIMIT (empty or 0: no limit).
 * - Happy hour: none, or a whole percentage 1..100 and its window. Delivery discount: none, or a
 *   whole percentage 1..100 and the order amount in euros from which it applies.
 * A draft with a refused field makes no edit: each refusal is named by its field for the form.
 */
import { MAX_ITEMS_PER_ORDER_LIMIT } from "./catalogue-limits";
import { type EuroAmountRefusal, euroAmountToCents } from "./euro-amount";
import { LANGUAGES, type Language, type Translations, UI_LANGUAGES } from "./languages";
import type { EditableService, ServiceEdit } from "./staff-catalogue-api";

/** A from–to window as the form's time inputs give it ("HH:MM", or empty). */
export interface WindowDraft {
  from: string;
  to: string;
}

export interface ServiceDraft {
  names: Partial<Record<Language, string>>;
  openAllDay: boolean;
  hours: WindowDraft;
  scheduledOrders: boolean;
  scheduledHours: WindowDraft;
  minimumOrder: string;
  maxItemsPerOrder: string;
  happyHour: boolean;
  happyHourPercentage: string;
  happyHourHours: WindowDraft;
  deliveryDiscount: boolean;
  deliveryDiscountPercentage: string;
  deliveryDiscountFrom: string;
  delayedResponse: boolean;
  hidePhotosOfItems: boolean;
}

export type ServiceField =
  | `name.${Language}`
  | "hours"
  | "scheduledHours"
  | "minimumOrder"
  | "maxItemsPerOrder"
  | "happyHourPercentage"
  | "happyHourHours"
  | "deliveryDiscountPercentage"
  | "deliveryDiscountFrom";

export type ServiceRefusal =
  | EuroAmountRefusal
  | "name-required"
  | "time-required"
  | "empty-window"
  | "not-a-percentage"
  | "not-an-item-limit";

export type ServiceFieldErrors = Partial<Record<ServiceField, ServiceRefusal>>;

export type ServiceDraftReading =
  | { ok: true; edit: ServiceEdit; changed: boolean }
  | { ok: false; errors: ServiceFieldErrors };

const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const NO_WINDOW: WindowDraft = { from: "", to: "" };

const windowDraft = (window: { startTime: string; endTime: string } | null | undefined): WindowDraft =>
  window == null ? NO_WINDOW : { from: window.startTime, to: window.endTime };

/** The form as opened on `service`; `euros` writes cents as the admin's language types them. */
export function serviceDraftOf(service: EditableService, euros: (cents: number) => string): ServiceDraft {
  const names: Partial<Record<Language, string>> = {};
  for (const language of LANGUAGES) {
    const translation = service.names[language];
    if (translation !== undefined) names[language] = translation.name;
  }
  return {
    names,
    openAllDay: service.hours === null,
    hours: windowDraft(service.hours),
    scheduledOrders: service.scheduledOrders?.enabled ?? false,
    scheduledHours: windowDraft(service.scheduledOrders?.hours),
    minimumOrder: service.minimumOrderCents === 0 ? "" : euros(service.minimumOrderCents),
    maxItemsPerOrder: service.maxItemsPerOrder === 0 ? "" : String(service.maxItemsPerOrder),
    happyHour: service.happyHour !== null,
    happyHourPercentage: service.happyHour === null ? "" : String(service.happyHour.discountPercentage),
    happyHourHours: windowDraft(service.happyHour),
    deliveryDiscount: service.deliveryDiscount !== null,
    deliveryDiscountPercentage:
      service.deliveryDiscount === null ? "" : String(service.deliveryDiscount.discountPercentage),
    deliveryDiscountFrom:
      service.deliveryDiscount === null ? "" : euros(service.deliveryDiscount.minimumPriceForDeliveryDiscountCents),
    delayedResponse: service.delayedResponse,
    hidePhotosOfItems: service.hidePhotosOfItems,
  };
}

export function readServiceDraft(service: EditableService, draft: ServiceDraft): ServiceDraftReading {
  const errors: ServiceFieldErrors = {};
  const names = namesOf(service.names, draft.names, errors);
  const hours = draft.openAllDay ? null : windowOf(draft.hours, "hours", errors);
  const scheduledHours =
    draft.scheduledOrders || !blank(draft.scheduledHours)
      ? windowOf(draft.scheduledHours, "scheduledHours", errors)
      : null;
  const minimumOrder = draft.minimumOrder.trim() === "" ? 0 : cents(draft.minimumOrder, "minimumOrder", errors);
  const maxItems = itemLimit(draft.maxItemsPerOrder, errors);
  const happyHour = draft.happyHour
    ? {
        discountPercentage: percentage(draft.happyHourPercentage, "happyHourPercentage", errors),
        ...windowOf(draft.happyHourHours, "happyHourHours", errors),
      }
    : null;
  const deliveryDiscount = draft.deliveryDiscount
    ? {
        discountPercentage: percentage(draft.deliveryDiscountPercentage, "deliveryDiscountPercentage", errors),
        minimumPriceForDeliveryDiscountCents: cents(draft.deliveryDiscountFrom, "deliveryDiscountFrom", errors),
      }
    : null;
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const edit: ServiceEdit = { version: service.version };
  if (!sameNames(names, service.names)) edit.names = names;
  if (!same(hours, service.hours)) edit.hours = hours;
  const scheduledOrders = scheduledHours === null ? null : { enabled: draft.scheduledOrders, hours: scheduledHours };
  if (!same(scheduledOrders, service.scheduledOrders)) edit.scheduledOrders = scheduledOrders;
  if (minimumOrder !== service.minimumOrderCents) edit.minimumOrderCents = minimumOrder;
  if (maxItems !== service.maxItemsPerOrder) edit.maxItemsPerOrder = maxItems;
  if (!same(happyHour, service.happyHour)) edit.happyHour = happyHour;
  if (!same(deliveryDiscount, service.deliveryDiscount)) {
    edit.deliveryDiscount = deliveryDiscount;
  }
  if (draft.delayedResponse !== service.delayedResponse) edit.delayedResponse = draft.delayedResponse;
  if (draft.hidePhotosOfItems !== service.hidePhotosOfItems) edit.hidePhotosOfItems = draft.hidePhotosOfItems;
  return { ok: true, edit, changed: Object.keys(edit).length > 1 };
}

const blank = (window: WindowDraft) => window.from.trim() === "" && window.to.trim() === "";

function windowOf(
  window: WindowDraft,
  field: ServiceField,
  errors: ServiceFieldErrors,
): { startTime: string; endTime: string } {
  const startTime = window.from.trim();
  const endTime = window.to.trim();
  if (!TIME.test(startTime) || !TIME.test(endTime)) errors[field] = "time-required";
  else if (startTime === endTime) errors[field] = "empty-window";
  return { startTime, endTime };
}

function cents(typed: string, field: ServiceField, errors: ServiceFieldErrors): number {
  const reading = euroAmountToCents(typed);
  if (reading.ok) return reading.cents;
  errors[field] = reading.reason;
  return 0;
}

function percentage(typed: string, field: ServiceField, errors: ServiceFieldErrors): number {
  const text = typed.trim().replace(/%$/, "").trim();
  const value = Number(text);
  if (!/^\d{1,3}$/.test(text) || value < 1 || value > 100) errors[field] = "not-a-percentage";
  return value;
}

function itemLimit(typed: string, errors: ServiceFieldErrors): number {
  const text = typed.trim();
  if (text === "") return 0;
  const value = Number(text);
  if (!/^\d{1,7}$/.test(text) || value > MAX_ITEMS_PER_ORDER_LIMIT) errors.maxItemsPerOrder = "not-an-item-limit";
  return value;
}

function namesOf(
  stored: Translations,
  typed: Partial<Record<Language, string>>,
  errors: ServiceFieldErrors,
): Translations {
  const names: Partial<Translations> = {};
  for (const language of LANGUAGES) {
    const name = (typed[language] ?? "").trim();
    if (name === "") {
      if ((UI_LANGUAGES as readonly string[]).includes(language)) errors[`name.${language}`] = "name-required";
      continue;
    }
    const details = stored[language]?.details;
    names[language] = details === undefined ? { name } : { name, details };
  }
  return names as Translations;
}

function sameNames(a: Translations, b: Translations): boolean {
  return LANGUAGES.every(
    (language) => a[language]?.name === b[language]?.name && a[language]?.details === b[language]?.details,
  );
}

/** The same setting, whatever order its keys were read in. */
function same(a: unknown, b: unknown): boolean {
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return a === b;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => same((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * The form field a server refusal names: its message starts with the request's path
 * ("happyHour.discountPercentage: must be <= 100", "hours: startTime and endTime are both 10:00");
 * null when it names none of the form's fields.
 */
export function fieldOfServiceRefusal(message: string): ServiceField | null {
  const path = /^([A-Za-z.]+)\s*:/.exec(message)?.[1] ?? "";
  const name = /^names\.([A-Z]{3})/.exec(path);
  if (name && (LANGUAGES as readonly string[]).includes(name[1] ?? "")) return `name.${name[1] as Language}`;
  if (path === "names") return "name.GRE";
  const top = path.split(".")[0] ?? "";
  if (top === "hours") return "hours";
  if (top === "scheduledOrders") return "scheduledHours";
  if (path === "minimumOrderCents") return "minimumOrder";
  if (path === "maxItemsPerOrder") return "maxItemsPerOrder";
  if (top === "happyHour") return path === "happyHour.discountPercentage" ? "happyHourPercentage" : "happyHourHours";
  if (top === "deliveryDiscount") {
    return path === "deliveryDiscount.minimumPriceForDeliveryDiscountCents"
      ? "deliveryDiscountFrom"
      : "deliveryDiscountPercentage";
  }
  return null;
}
