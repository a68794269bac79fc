/**
 * Builders of API-shaped fixtures for the domain tests (and the item-modal machine's test): a valid
 * default, varied with spreads so each test shows only the fields it is about. Test-only; nothing
 * in the app or the server imports this file.
 */
import type { ItemDto, OptionDto, ServiceDto, SubselectionGroupDto } from "./api";
import { type CartLine, type CartLineDraft, cartItemOf } from "./cart";
import type { Translations } from "./languages";

export const names = (name: string): Translations => ({ GRE: { name }, ENG: { name } });

export function option(id: number, overrides: Partial<OptionDto> = {}): OptionDto {
  return { id, names: names(`option ${id}`), priceCents: 0, isSelected: false, ...overrides };
}

export function group(id: number, overrides: Partial<SubselectionGroupDto> = {}): SubselectionGroupDto {
  return {
    id,
    names: names(`group ${id}`),
    type: "CHECKBOX",
    mandatory: false,
    maximumSelected: null,
    priceAggregated: true,
    options: [option(id * 10 + 1), option(id * 10 + 2), option(id * 10 + 3)],
    ...overrides,
  };
}

export function item(id: number, overrides: Partial<ItemDto> = {}): ItemDto {
  return {
    id,
    categoryId: 1,
    names: names(`item ${id}`),
    photo: null,
    priceCents: 500,
    membershipPriceCents: null,
    memberPriceEnabled: false,
    membershipAdditionCents: null,
    measurable: true,
    perKg: false,
    priceable: true,
    request: false,
    productCategoryName: "Coffees",
    maxProductsPerCartForThisCategory: null,
    stockEnabled: false,
    stockAlignedToCartAddition: false,
    stockAmount: null,
    subselections: [],
    ...overrides,
  };
}

export function service(overrides: Partial<ServiceDto> = {}): ServiceDto {
  return {
    serviceId: 1,
    slug: "beach-bar",
    names: names("Beach bar"),
    type: "BEACH_BAR",
    photo: null,
    hours: null,
    scheduledOrdersEnabled: false,
    scheduledOrdersHours: null,
    membershipEnabled: false,
    membershipInfoShown: false,
    membershipPricesVisible: false,
    delayedResponse: false,
    hidePhotosOfItems: false,
    maxItemsPerOrder: 0,
    roomServiceChargePercentage: 0,
    happyHour: null,
    deliveryDiscount: null,
    minimumOrderCents: 0,
    ...overrides,
  };
}

/** A cart line draft for `itemOverrides`, store 1, service 1, quantity 1, no comment, no options. */
export function draft(itemOverrides: Partial<ItemDto> = {}, overrides: Partial<CartLineDraft> = {}): CartLineDraft {
  const source = item(itemOverrides.id ?? 1, itemOverrides);
  return {
    storeId: 1,
    serviceId: 1,
    item: cartItemOf(source),
    quantity: 1,
    kilos: source.perKg ? 1 : null,
    comment: "",
    selection: {},
    ...overrides,
  };
}

/** A cart line with an id (for functions that take lines, not a cart). */
export function line(
  id: number,
  itemOverrides: Partial<ItemDto> = {},
  overrides: Partial<CartLineDraft> = {},
): CartLine {
  return { id, ...draft(itemOverrides, overrides) };
}
