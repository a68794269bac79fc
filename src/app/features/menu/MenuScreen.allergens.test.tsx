import "temporal-polyfill/global";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ItemDto } from "../../../domain/api";
import { ALL_CATEGORIES_ACTIVE } from "../../../domain/categories";
import { item, names } from "../../../domain/test-support";
import { fixedAthensClock } from "../../clock/athens-clock";
import { ClockContext } from "../../clock/use-athens-now";
import { renderWithI18n } from "../../test-support/render";
import { venue as venueFixture } from "../../test-support/venue";
import { ItemModalContext } from "../item/item-modal-context";
import { MenuScreen } from "./MenuScreen";
import { loadLiveRules } from "./use-live-rules";

vi.mock("@tanstack/react-router", () => import("../../test-support/router-stub"));

const bread = item(1, { names: names("Village bread"), allergens: ["gluten", "sesame"], dietary: ["vegan"] });
const salad = item(2, { names: names("Greek salad"), allergens: ["milk"], dietary: ["vegetarian", "gluten-free"] });
const special = item(3, { names: names("Chef's special") });

beforeAll(async () => {
  await loadLiveRules();
});
afterEach(() => sessionStorage.clear());

function renderMenu(items: ItemDto[]) {
  renderWithI18n(
    <ClockContext.Provider value={fixedAthensClock("2026-07-15T09:00:00Z")}>
      <ItemModalContext.Provider value={{ openItem: vi.fn(), openLine: vi.fn() }}>
        <MenuScreen
          {...venueFixture({ items })}
          screenName="Menu"
          activeCategories={ALL_CATEGORIES_ACTIVE}
          onToggleCategory={vi.fn()}
        />
      </ItemModalContext.Provider>
    </ClockContext.Provider>,
  );
}

function openFilter() {
  const toggle = screen.getByRole("button", { name: /Without… \(allergens\)/ });
  expect(toggle.getAttribute("aria-expanded")).toBe("false");
  fireEvent.click(toggle);
  expect(toggle.getAttribute("aria-expanded")).toBe("true");
  return screen.getByRole("group", { name: "Hide items that contain" });
}

const itemNames = () => screen.queryAllByRole("article").map((card) => card.getAttribute("aria-labelledby"));

describe("menu: allergens on the cards (Regulation (EU) 1169/2011, icons with text)", () => {
  it("each card lists its dietary tags and allergens, with the regulation's full name for screen readers", () => {
    renderMenu([bread, special]);
    const card = screen.getByRole("article", { name: "Village bread" });
    const list = within(card).getByRole("list", { name: "Allergens and diet" });
    const entries = within(list).getAllByRole("listitem");
    expect(entries.map((entry) => entry.textContent)).toEqual([
      "VeganVegan",
      "GlutenCereals containing gluten",
      "SesameSesame seeds",
    ]);
    expect(entries[1]?.getAttribute("title")).toBe("Cereals containing gluten");
    expect(entries[1]?.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
    // Without a filter, an item without a declaration shows nothing about allergens.
    const specialCard = screen.getByRole("article", { name: "Chef's special" });
    expect(within(specialCard).queryByRole("list")).toBeNull();
    expect(within(specialCard).queryByText("Allergens not stated")).toBeNull();
  });
});

describe("menu: the 'Without…' allergen filter", () => {
  it("hiding gluten hides the items that list it, says how many, and marks an item without a declaration", () => {
    renderMenu([bread, salad, special]);
    const panel = openFilter();
    fireEvent.click(within(panel).getByRole("checkbox", { name: "Gluten" }));
    expect(itemNames()).toEqual(["item-2", "item-3"]);
    expect(screen.getByText("1 item hidden by the allergen filter").getAttribute("role")).toBe("status");
    const specialCard = screen.getByRole("article", { name: "Chef's special" });
    expect(within(specialCard).getByText("Allergens not stated")).toBeTruthy();
    fireEvent.click(within(panel).getByRole("checkbox", { name: "Milk" }));
    expect(itemNames()).toEqual(["item-3"]);
    expect(screen.getByText("2 items hidden by the allergen filter")).toBeTruthy();
  });

  it("when every item is hidden: a clear empty state whose button shows them all again", () => {
    renderMenu([bread, salad]);
    const panel = openFilter();
    fireEvent.click(within(panel).getByRole("checkbox", { name: "Gluten" }));
    fireEvent.click(within(panel).getByRole("checkbox", { name: "Milk" }));
    expect(itemNames()).toEqual([]);
    expect(screen.getByRole("heading", { name: "No items without the allergens you chose" })).toBeTruthy();
    fireEvent.click(screen.getAllByRole("button", { name: "Show all items" })[0] as HTMLElement);
    expect(itemNames()).toEqual(["item-1", "item-2"]);
    expect(within(panel).getByRole("checkbox", { name: "Gluten" })).toHaveProperty("checked", false);
  });

  it("the choice is kept for the tab's session: a menu shown again starts with it", () => {
    renderMenu([bread, salad]);
    fireEvent.click(within(openFilter()).getByRole("checkbox", { name: "Sesame" }));
    document.body.innerHTML = "";
    renderMenu([bread, salad]);
    expect(itemNames()).toEqual(["item-2"]);
    expect(screen.getByRole("button", { name: /Without… \(allergens\)/ }).textContent).toContain("1");
  });
});
