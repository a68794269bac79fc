/**
 * What the guest has filled in on the checkout, kept in memory per cart while the page lives, so
 * a detour through /cart/delete-card or /cart/change-phone (other routes, so the form remounts)
 * does not lose the comment or the choices. Memory only: nothing typed here is stored, and a
 * new card's number never is (NewCardForm keeps that in its own state).
 */
import type { CheckoutForm } from "../../../domain/checkout";

const drafts = new Map<string, CheckoutForm>();

const keyOf = (cart: { storeId: number; serviceId: number }) => `${cart.storeId}:${cart.serviceId}`;

export function readCheckoutDraft(cart: { storeId: number; serviceId: number }): CheckoutForm | undefined {
  return drafts.get(keyOf(cart));
}

export function keepCheckoutDraft(cart: { storeId: number; serviceId: number }, form: CheckoutForm): void {
  drafts.set(keyOf(cart), form);
}

/** After a Send: the next checkout of this cart starts afresh. */
export function dropCheckoutDraft(cart: { storeId: number; serviceId: number }): void {
  drafts.delete(keyOf(cart));
}

/** Every draft gone (tests start each case with a fresh page). */
export function dropAllCheckoutDrafts(): void {
  drafts.clear();
}
