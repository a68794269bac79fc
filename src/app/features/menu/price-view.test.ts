import { describe, expect, it } from "vitest";
import { cartItemOf } from "../../../domain/cart";
import { item } from "../../../domain/test-support";
import { itemPriceView } from "./price-view";

const freddo = cartItemOf(item(1, { priceCents: 400, membershipPriceCents: 0, memberPriceEnabled: true }));
const pricing = (happyHourDiscountPercentage: number, memberPricesShown = true) => ({
  rules: { memberPrices: false, happyHourDiscountPercentage },
  memberPricesShown,
  storeIsHotel: true,
});

describe("item price tag (spec §2 regular and member prices, §9 happy-hour price)", () => {
  it("shows the regular price and the member price beside it", () => {
    expect(itemPriceView(freddo, pricing(0))).toEqual({ paidCents: 400, withoutHappyHourCents: 400, memberCents: 0 });
  });

  it("during happy hour: the discounted price, and the regular one to strike through", () => {
    expect(itemPriceView(freddo, pricing(30))).toMatchObject({ paidCents: 280, withoutHappyHourCents: 400 });
  });

  it("no member price when the service does not show member prices", () => {
    expect(itemPriceView(freddo, pricing(0, false)).memberCents).toBeNull();
  });
});
