/**
 * The amounts an item's price tag shows (spec §2 "prices (regular and member/all-inclusive)", §9
 * happy-hour price and member price), from the rules of src/domain/prices.ts.
 */
import type { CartItem } from "../../../domain/cart";
import { itemUnitPriceCents, memberPriceApplies } from "../../../domain/prices";
import type { MenuPricing } from "./menu-pricing";

export interface ItemPriceView {
  /** What this guest pays now for one unit (per kg for per-kg items), options excluded. */
  paidCents: number;
  /** The same without the happy hour: shown struck through when it differs. */
  withoutHappyHourCents: number;
  /** The member (all-inclusive) price, when the service shows it and it differs; else null. */
  memberCents: number | null;
}

export function itemPriceView(item: CartItem, pricing: MenuPricing): ItemPriceView {
  const { rules } = pricing;
  const memberRules = { ...rules, memberPrices: true };
  const showsMemberPrice = pricing.memberPricesShown && !rules.memberPrices && memberPriceApplies(item, memberRules);
  return {
    paidCents: itemUnitPriceCents(item, rules),
    withoutHappyHourCents: itemUnitPriceCents(item, { ...rules, happyHourDiscountPercentage: 0 }),
    memberCents: showsMemberPrice ? itemUnitPriceCents(item, memberRules) : null,
  };
}
