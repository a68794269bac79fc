import { describe, expect, it } from "vitest";
import { MAX_DETAILS_LENGTH } from "./catalogue-limits";
import { centsToEuroText } from "./euro-amount";
import { draftOf, fieldOfRefusal, readDraft } from "./item-draft";
import type { EditableItem } from "./staff-catalogue-api";

const freddo: EditableItem = {
  itemId: 70101,
  version: 3,
  names: {
    GRE: { name: "Φρέντο εσπρέσο", details: "Διπλός" },
    ENG: { name: "Freddo espresso" },
    ITA: { name: "Freddo" },
  },
  priceCents: 400,
  membershipPriceCents: 0,
  memberPriceEnabled: true,
  membershipAdditionCents: null,
  perKg: false,
};
const euros = (cents: number) => centsToEuroText(cents, ",");

describe("readDraft: the edit an admin's item form makes", () => {
  it("an untouched form changes nothing", () => {
    expect(readDraft(freddo, draftOf(freddo, euros))).toEqual({ ok: true, edit: { version: 3 }, changed: false });
  });

  it("sends only the changed fields, with the version the form was opened on", () => {
    const draft = { ...draftOf(freddo, euros), price: "3,50" };
    expect(readDraft(freddo, draft)).toEqual({ ok: true, edit: { version: 3, priceCents: 350 }, changed: true });
  });

  it("a changed name keeps the language's details; an emptied optional language is dropped", () => {
    const draft = draftOf(freddo, euros);
    const reading = readDraft(freddo, { ...draft, names: { ...draft.names, ENG: "Freddo", ITA: " " } });
    expect(reading).toEqual({
      ok: true,
      edit: { version: 3, names: { GRE: { name: "Φρέντο εσπρέσο", details: "Διπλός" }, ENG: { name: "Freddo" } } },
      changed: true,
    });
  });

  it("the same names in another stored order are no change", () => {
    const reordered = { ...freddo, names: { ITA: freddo.names.ITA, ENG: freddo.names.ENG, GRE: freddo.names.GRE } };
    expect(readDraft(reordered as EditableItem, draftOf(freddo, euros))).toMatchObject({ changed: false });
  });

  it("refuses per field: a missing Greek or English name, a negative price, three decimals, a member price turned on without one", () => {
    const draft = draftOf(freddo, euros);
    expect(
      readDraft(freddo, {
        ...draft,
        names: { ...draft.names, GRE: "", ENG: "  " },
        price: "-1",
        membershipAddition: "0,505",
        memberPrice: "",
        memberPriceEnabled: true,
      }),
    ).toEqual({
      ok: false,
      errors: {
        "name.GRE": "name-required",
        "name.ENG": "name-required",
        price: "negative",
        membershipAddition: "too-many-decimals",
        memberPrice: "member-price-required",
      },
    });
  });

  it("spec item details: typed details go with the names; an emptied details field removes them; untouched details send no names", () => {
    const draft = draftOf(freddo, euros);
    expect(draft.details).toEqual({ GRE: "Διπλός", ENG: "", ITA: "" });
    const reading = readDraft(freddo, { ...draft, details: { ...draft.details, GRE: "", ENG: "Double, over ice" } });
    expect(reading).toEqual({
      ok: true,
      edit: {
        version: 3,
        names: {
          GRE: { name: "Φρέντο εσπρέσο" },
          ENG: { name: "Freddo espresso", details: "Double, over ice" },
          ITA: { name: "Freddo" },
        },
      },
      changed: true,
    });
    expect(readDraft(freddo, { ...draft, details: { ...draft.details, ENG: "  " } })).toMatchObject({ changed: false });
  });

  it("refuses details past the edit's length limit, and details of a language without a name", () => {
    const draft = draftOf(freddo, euros);
    expect(
      readDraft(freddo, {
        ...draft,
        names: { ...draft.names, FRA: "" },
        details: { ...draft.details, ENG: "x".repeat(MAX_DETAILS_LENGTH + 1), FRA: "Double" },
      }),
    ).toEqual({ ok: false, errors: { "details.ENG": "details-too-long", "name.FRA": "details-need-name" } });
  });

  it("spec per-kg: turning 'sold by the kilo' on sends perKg alone", () => {
    expect(readDraft(freddo, { ...draftOf(freddo, euros), perKg: true })).toEqual({
      ok: true,
      edit: { version: 3, perKg: true },
      changed: true,
    });
  });

  it("an empty member price or addition is none (null)", () => {
    const draft = { ...draftOf(freddo, euros), memberPrice: "", memberPriceEnabled: false };
    expect(readDraft(freddo, draft)).toEqual({
      ok: true,
      edit: { version: 3, membershipPriceCents: null, memberPriceEnabled: false },
      changed: true,
    });
  });
});

describe("fieldOfRefusal: the field a server's path-precise refusal names", () => {
  it.each([
    ["priceCents: must be >= 0", "price"],
    ["body.priceCents: must be <= 100000000", "price"],
    ["body.names.ENG.details: must not have more than 2000 characters", "details.ENG"],
    ["names.GRE.name: must not be empty", "name.GRE"],
    ["names.ITA.name: must not be empty", "name.ITA"],
    ["names.ENG.details: must not have more than 2000 characters", "details.ENG"],
    ["perKg: a rental cannot be sold by weight (perKg)", "perKg"],
    ["names: must have property ENG", "name.GRE"],
    ["memberPriceEnabled: is true but the item has no membershipPriceCents", "memberPrice"],
    ["membershipAdditionCents: must be <= 100000000", "membershipAddition"],
    ["colour: unknown property", null],
    ["something else", null],
  ])("%j → %s", (message, field) => {
    expect(fieldOfRefusal(message)).toBe(field);
  });
});
