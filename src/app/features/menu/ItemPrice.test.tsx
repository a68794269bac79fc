import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { cartItemOf } from "../../../domain/cart";
import { item } from "../../../domain/test-support";
import { renderWithI18n } from "../../test-support/render";
import { ItemPrice } from "./ItemPrice";
import { loadLiveRules } from "./use-live-rules";

const fish = cartItemOf(item(1, { perKg: true, priceCents: 6500 }));
const happyHour = {
  rules: { memberPrices: false, happyHourDiscountPercentage: 30 },
  memberPricesShown: false,
  storeIsHotel: false,
};

describe("item price tag before and after the live rules load (spec §9 happy-hour price)", () => {
  it("shows the list price first, then the price in effect once the rules are there", async () => {
    renderWithI18n(<ItemPrice item={fish} pricing={happyHour} />);
    expect(screen.getByText(/^65,00\s€ \/ kg$/)).toBeTruthy();
    expect(document.querySelector("del")).toBeNull();
    await act(async () => {
      await loadLiveRules();
    });
    expect(screen.getByText(/^45,50\s€ \/ kg$/)).toBeTruthy();
    expect(document.querySelector("del")?.textContent).toMatch(/65,00/);
  });

  it("shows nothing for an item without a price of its own", () => {
    const { container } = renderWithI18n(<ItemPrice item={cartItemOf(item(2, { priceable: false }))} pricing={null} />);
    expect(container.textContent).toBe("");
  });
});
