import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { item } from "../../../domain/test-support";
import { renderWithI18n } from "../../test-support/render";
import { ItemModalContext } from "../item/item-modal-context";
import { MenuItemCard } from "./MenuItemCard";

const freddo = item(7, { names: { GRE: { name: "Freddo espresso" }, ENG: { name: "Freddo espresso" } } });

function renderCard(stock: { stockEnabled: boolean; stockAmount: number | null }) {
  const modal = { openItem: () => undefined, openLine: () => undefined };
  const { container } = renderWithI18n(
    <ItemModalContext.Provider value={modal}>
      <MenuItemCard
        item={{ ...freddo, ...stock }}
        language={{ ui: "ENG", extra: null }}
        showPhoto={false}
        pricing={null}
        orderable
      />
    </ItemModalContext.Provider>,
  );
  return container;
}

describe("a sold-out item on the menu (spec §5 Stock; guests see catalogue changes live)", () => {
  it("spec §5 Stock: says Out of stock in words, tied to the item's button, and shows no add sign", () => {
    const container = renderCard({ stockEnabled: true, stockAmount: 0 });
    expect(screen.getByRole("button", { name: "Freddo espresso", description: "Out of stock" })).toBeTruthy();
    expect(container.querySelector(".menu-item__add")).toBeNull();
  });

  it("an item with pieces left, or whose stock is not counted, is not marked", () => {
    const container = renderCard({ stockEnabled: true, stockAmount: 3 });
    expect(screen.queryByText("Out of stock")).toBeNull();
    expect(container.querySelector(".menu-item__add")).not.toBeNull();
  });
});
