/**
 * The checkout form as a value: what the guest chose on the cart screen, what is still missing
 * before Send can go (spec §5 "room, table, umbrella and date selections mandatory", "delivery
 * details must be in order comments", "minimum order value must be reached"), and the
 * POST /api/orders body it becomes (src/domain/orders-api.ts).
 *
 * The app checks first so the guest fixes things before anything is queued; the server checks
 * everything again and is the one that decides (a changed price answers PRICE_CHANGED).
 */
import type { CartLine } from "./cart";
import { sanitizeComment } from "./comment";
import { checkOutcomeEmail, type OutcomeEmailCode } from "./email";
import type { CheckoutOptions, DeliveryInfo, PaymentChoice, PlaceOrderLine, PlaceOrderRequest } from "./orders-api";

/** The payment as the form holds it: a choice may still lack its card or room. */
export type PaymentSelection =
  | { type: "CASH" }
  /** A saved card (newCard false) or one the sandbox just tokenized (newCard true). */
  | { type: "CARD"; cardToken: string | null; saveCard: boolean; newCard: boolean }
  | { type: "CHARGE_TO_ROOM"; chargingRoomId: number | null };

/** Spec §9 "Default payment cash". */
export const DEFAULT_PAYMENT: PaymentSelection = { type: "CASH" };

export interface CheckoutForm {
  comment: string;
  payment: PaymentSelection;
  selectedTableId: number | null;
  /** "later" without a time yet counts as missing. */
  when: { kind: "now" } | { kind: "later"; scheduledFor: string | null };
  deliveryInfo: DeliveryInfo;
  /** The outcome by e-mail too (optional; spec §1 "the outcome arrives by SMS or e-mail"). */
  outcomeEmail: OutcomeEmailChoice;
  /**
   * A waiter's order: the waiter serving it, one of the checkout's `waiters`; null (or absent, in a
   * draft kept before the choice existed) for the signed-in waiter.
   */
  servedByStaffId?: number | null;
}

export interface OutcomeEmailChoice {
  wanted: boolean;
  address: string;
}

export const NO_OUTCOME_EMAIL: OutcomeEmailChoice = { wanted: false, address: "" };

export const EMPTY_DELIVERY_INFO: DeliveryInfo = { address: "", area: "", postalCode: "", floor: "", doorbell: "" };

export function initialCheckoutForm(deliveryInfo: DeliveryInfo = EMPTY_DELIVERY_INFO): CheckoutForm {
  return {
    comment: "",
    payment: DEFAULT_PAYMENT,
    selectedTableId: null,
    when: { kind: "now" },
    deliveryInfo,
    outcomeEmail: NO_OUTCOME_EMAIL,
  };
}

export type CheckoutProblem =
  | "MINIMUM_ORDER_NOT_REACHED"
  | "TABLE_SELECTION_REQUIRED"
  | "ROOM_SELECTION_REQUIRED"
  | "CARD_REQUIRED"
  | "DELIVERY_DETAILS_REQUIRED"
  | "SCHEDULED_TIME_REQUIRED"
  | OutcomeEmailCode;

/** The delivery fields that must not be blank (floor and doorbell may be: a house has neither). */
export const REQUIRED_DELIVERY_FIELDS = [
  "address",
  "area",
  "postalCode",
] as const satisfies readonly (keyof DeliveryInfo)[];

export function checkoutProblems(
  form: CheckoutForm,
  options: CheckoutOptions,
  minimumOrderReached: boolean,
): CheckoutProblem[] {
  const problems: CheckoutProblem[] = [];
  if (!minimumOrderReached) problems.push("MINIMUM_ORDER_NOT_REACHED");
  if (options.tableSelectionRequired && form.selectedTableId === null) problems.push("TABLE_SELECTION_REQUIRED");
  if (form.payment.type === "CHARGE_TO_ROOM" && form.payment.chargingRoomId === null) {
    problems.push("ROOM_SELECTION_REQUIRED");
  }
  if (form.payment.type === "CARD" && form.payment.cardToken === null) problems.push("CARD_REQUIRED");
  if (options.deliveryDetailsRequired && !deliveryInfoComplete(form.deliveryInfo)) {
    problems.push("DELIVERY_DETAILS_REQUIRED");
  }
  if (form.when.kind === "later" && form.when.scheduledFor === null) problems.push("SCHEDULED_TIME_REQUIRED");
  const email = checkOutcomeEmail(form.outcomeEmail.wanted, form.outcomeEmail.address);
  if (!email.ok) problems.push(email.code);
  return problems;
}

export function deliveryInfoComplete(info: DeliveryInfo): boolean {
  return REQUIRED_DELIVERY_FIELDS.every((field) => info[field].trim() !== "");
}

/** Trims every field and cleans the free texts as comments are cleaned (spec §5). */
export function cleanDeliveryInfo(info: DeliveryInfo): DeliveryInfo {
  return {
    address: sanitizeComment(info.address),
    area: sanitizeComment(info.area),
    postalCode: info.postalCode.trim(),
    floor: sanitizeComment(info.floor),
    doorbell: sanitizeComment(info.doorbell),
  };
}

export interface OrderRequestContext {
  serviceId: number;
  tableId: number;
  expectedTotalCents: number;
  options: CheckoutOptions;
  language: "GRE" | "ENG";
  location: { latitude: number; longitude: number } | null;
}

/** The body of POST /api/orders. Call only when checkoutProblems() is empty. */
export function orderRequestOf(
  lines: readonly CartLine[],
  form: CheckoutForm,
  context: OrderRequestContext,
): PlaceOrderRequest {
  const outcomeEmail = checkOutcomeEmail(form.outcomeEmail.wanted, form.outcomeEmail.address);
  return {
    serviceId: context.serviceId,
    tableId: context.tableId,
    lines: orderRequestLinesOf(lines),
    comment: sanitizeComment(form.comment),
    expectedTotalCents: context.expectedTotalCents,
    scheduledFor: form.when.kind === "later" ? form.when.scheduledFor : null,
    payment: paymentChoiceOf(form.payment),
    selectedTableId: context.options.tableSelectionRequired ? form.selectedTableId : null,
    deliveryInfo: context.options.deliveryDetailsRequired ? cleanDeliveryInfo(form.deliveryInfo) : null,
    location: context.options.locationRequired ? context.location : null,
    language: context.language,
    // Only when asked for: an order without it reads as it always did.
    ...(outcomeEmail.ok && outcomeEmail.email !== null ? { notifyEmail: outcomeEmail.email } : {}),
    // Only where the checkout holds the store's waiters (a staff session on a PDA): a guest names nobody.
    ...(context.options.waiters !== undefined && form.servedByStaffId != null
      ? { servedByStaffId: form.servedByStaffId }
      : {}),
  };
}

/** The cart's lines as POST /api/orders takes them: ids, amounts, comment, picked options and rental dates. */
export function orderRequestLinesOf(lines: readonly CartLine[]): PlaceOrderLine[] {
  return lines.map((line) => ({
    itemId: line.item.id,
    quantity: line.quantity,
    kilos: line.item.perKg ? line.kilos : null,
    comment: line.comment,
    selection: Object.fromEntries(
      Object.entries(line.selection)
        .filter(([, ids]) => ids.length > 0)
        .map(([groupId, ids]) => [groupId, [...ids]]),
    ),
    // The dates only: the server counts the started days or hours itself.
    ...(line.rental == null ? {} : { rental: { pickUpAt: line.rental.pickUpAt, returnAt: line.rental.returnAt } }),
  }));
}

function paymentChoiceOf(payment: PaymentSelection): PaymentChoice {
  switch (payment.type) {
    case "CASH":
      return { type: "CASH" };
    case "CARD":
      if (payment.cardToken === null) throw new Error("checkoutProblems() lets no card payment without a card through");
      // Saving only makes sense for a card that is not saved yet.
      return { type: "CARD", cardToken: payment.cardToken, saveCard: payment.newCard && payment.saveCard };
    case "CHARGE_TO_ROOM":
      if (payment.chargingRoomId === null)
        throw new Error("checkoutProblems() lets no room charge without a room through");
      return { type: "CHARGE_TO_ROOM", chargingRoomId: payment.chargingRoomId };
  }
}
