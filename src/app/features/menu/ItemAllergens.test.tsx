import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithI18n } from "../../test-support/render";
import { ItemAllergens } from "./ItemAllergens";

describe("item modal: the allergens in full (Regulation (EU) 1169/2011 Annex II names)", () => {
  it("lists every allergen by the regulation's name, and the dietary tags", () => {
    renderWithI18n(<ItemAllergens item={{ allergens: ["gluten", "sulphites", "nuts"], dietary: ["vegetarian"] }} />);
    const section = screen.getByRole("region", { name: "Allergens" });
    const [allergens, diet] = within(section).getAllByRole("list");
    expect(
      within(allergens as HTMLElement)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Cereals containing gluten", "Sulphur dioxide and sulphites", "Nuts (tree nuts)"]);
    expect(diet?.getAttribute("aria-label")).toBe("Diet");
    expect(within(diet as HTMLElement).getByText("Vegetarian")).toBeTruthy();
  });

  it("says when the item contains none of the 14, and when the venue has not stated them", () => {
    renderWithI18n(<ItemAllergens item={{ allergens: [] }} />);
    expect(screen.getByText("Contains none of the 14 allergens of EU law.")).toBeTruthy();
    document.body.innerHTML = "";
    renderWithI18n(<ItemAllergens item={{}} />);
    expect(screen.getByText("The venue has not stated this item's allergens. Ask a member of staff.")).toBeTruthy();
  });

  it("a request (towels) or a rental (a SUP board) is not food: no allergen section unless the venue stated one", () => {
    const { container } = renderWithI18n(<ItemAllergens item={{ request: true }} />);
    expect(container.textContent).toBe("");
    renderWithI18n(<ItemAllergens item={{ rental: { unit: "day", maxUnits: 7 } }} compact markNotStated />);
    expect(screen.queryByText("Allergens not stated")).toBeNull();
  });
});
