import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { LanguageState } from "../../../domain/language-choice";
import { item } from "../../../domain/test-support";
import { renderWithI18n } from "../../test-support/render";
import { ItemModalContext } from "../item/item-modal-context";
import { MenuItemCard } from "./MenuItemCard";

const juice = item(7, {
  names: {
    GRE: { name: "Φρέσκος χυμός πορτοκάλι", details: "Από πορτοκάλια Άργους" },
    ENG: { name: "Fresh orange juice", details: "From Argos oranges" },
    ITA: { name: "Spremuta d'arancia", details: "Da arance di Argo" },
  },
});

function renderCard(language: LanguageState) {
  const modal = { openItem: () => undefined, openLine: () => undefined };
  renderWithI18n(
    <ItemModalContext.Provider value={modal}>
      <MenuItemCard item={juice} language={language} showPhoto={false} pricing={null} orderable />
    </ItemModalContext.Provider>,
  );
}

describe("a menu item's texts in another language than the interface carry their own lang (spec §4 extra languages)", () => {
  it("an Italian name and description under the English interface are marked Italian", () => {
    renderCard({ ui: "ENG", extra: "ITA" });
    expect(screen.getByRole("button", { name: "Spremuta d'arancia" }).getAttribute("lang")).toBe("it");
    expect(screen.getByText("Da arance di Argo").getAttribute("lang")).toBe("it");
  });

  it("texts in the interface's own language take the page's lang", () => {
    renderCard({ ui: "GRE", extra: null });
    expect(screen.getByRole("button", { name: "Φρέσκος χυμός πορτοκάλι" }).hasAttribute("lang")).toBe(false);
    expect(screen.getByText("Από πορτοκάλια Άργους").hasAttribute("lang")).toBe(false);
  });
});
