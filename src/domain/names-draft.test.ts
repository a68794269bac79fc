import { describe, expect, it } from "vitest";
import type { Translations } from "./languages";
import { nameFieldOfPath, namesDraftOf, readNames, reapplyNames, sameNames } from "./names-draft";

const coffee: Translations = {
  GRE: { name: "Καφέδες", details: "Ζεστοί και κρύοι" },
  ENG: { name: "Coffee" },
  ITA: { name: "Caffè" },
};

describe("names-draft: names and details per language in an admin's form", () => {
  it("reads back what it was opened on, the same names whatever order the languages are in", () => {
    const draft = namesDraftOf(coffee);
    expect(draft).toEqual({
      names: { GRE: "Καφέδες", ENG: "Coffee", ITA: "Caffè" },
      details: { GRE: "Ζεστοί και κρύοι", ENG: "", ITA: "" },
    });
    const errors = {};
    const read = readNames(draft, errors);
    expect(errors).toEqual({});
    expect(sameNames(read, { ITA: coffee.ITA, ENG: coffee.ENG, GRE: coffee.GRE } as Translations)).toBe(true);
  });

  it("spec item details: Greek and English names required; an emptied extra language drops it with its details", () => {
    const errors = {};
    const read = readNames(
      { names: { GRE: " ", ENG: "Coffee", ITA: "" }, details: { GRE: "", ENG: "Hot and cold", ITA: "" } },
      errors,
    );
    expect(errors).toEqual({ "name.GRE": "name-required" });
    expect(read).toEqual({ ENG: { name: "Coffee", details: "Hot and cold" } });
  });

  it("re-applies on the latest version only the fields typed here", () => {
    const opened = namesDraftOf(coffee);
    const typed = { ...opened, details: { ...opened.details, ENG: "Hot and cold" } };
    const latest = namesDraftOf({ ...coffee, GRE: { name: "Καφές" } });
    expect(reapplyNames(typed, opened, latest)).toEqual({
      names: { GRE: "Καφές", ENG: "Coffee", ITA: "Caffè" },
      details: { GRE: "", ENG: "Hot and cold", ITA: "" },
    });
  });

  it.each([
    ["names", "name.GRE"],
    ["names.ENG.name", "name.ENG"],
    ["names.ITA", "name.ITA"],
    ["names.SRB.details", "details.SRB"],
    ["names.XYZ.name", null],
    ["priceCents", null],
  ])("the field of a refusal at %j is %s", (path, field) => {
    expect(nameFieldOfPath(path)).toBe(field);
  });
});
