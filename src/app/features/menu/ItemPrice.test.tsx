import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { cartItemOf } from "../../../domain/cart";
import { REGULAR_PRICES } from "../../../domain/prices";
import { item } from "../../../domain/test-support";
import { renderWithI18n } from "../../test-support/render";
import { ItemPrice } from "./ItemPrice";

const fish = cartItemOf(item(1, { perKg: true, priceCents: 6500 }));
const freddo = cartItemOf(item(2, { priceCents: 400, membershipPriceCents: 0, memberPriceEnabled: true }));
const happyHour = {
  rules: { memberPrices: false, happyHourDiscountPercentage: 30 },
  memberPricesShown: false,
  storeIsHotel: false,
};

describe("item price tag (spec §9 happy-hour price, member price; nothing moves when the clock arrives)", () => {
  it("during a happy hour: the discounted price beside the struck list price, per kg", () => {
    renderWithI18n(<ItemPrice item={fish} pricing={happyHour} />);
    expect(screen.getByText(/^45,50\s€ \/ kg$/)).toBeTruthy();
    expect(document.querySelector("del")?.textContent).toMatch(/65,00\s€ \/ kg/);
  });

  it("with the list-price rules the screens use until the clock knows the time: list price and member line", () => {
    renderWithI18n(
      <ItemPrice item={freddo} pricing={{ rules: REGULAR_PRICES, memberPricesShown: true, storeIsHotel: false }} />,
    );
    expect(screen.getByText(/^4,00\s€$/)).toBeTruthy();
    expect(document.querySelector("del")).toBeNull();
    expect(screen.getByText("Free for members")).toBeTruthy();
  });

  it("without pricing: the list price alone", () => {
    renderWithI18n(<ItemPrice item={freddo} pricing={null} />);
    expect(screen.getByText(/^4,00\s€$/)).toBeTruthy();
    expect(screen.queryByText("Free for members")).toBeNull();
  });

  it("shows nothing for an item without a price of its own", () => {
    const { container } = renderWithI18n(<ItemPrice item={cartItemOf(item(2, { priceable: false }))} pricing={null} />);
    expect(container.textContent).toBe("");
  });
});
