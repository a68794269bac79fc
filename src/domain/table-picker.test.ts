import { describe, expect, it } from "vitest";
import type { CheckoutOptions } from "./orders-api";
import { seatsOf, sectionOfTable, tablePickerGroups } from "./table-picker";

const base: CheckoutOptions = {
  availableTables: [],
  tableSelectionRequired: true,
  availableChargingRooms: [],
  paymentTypes: ["CASH"],
  deliveryDetailsRequired: false,
  locationRequired: false,
  scheduledOrdersEnabled: false,
  acceptanceMinutes: 10,
};

const names = (name: string) => ({ GRE: { name }, ENG: { name } });

/** Store 7's floor, shortened: beach rows in one family, the restaurant's two sections in another. */
const hotel: CheckoutOptions = {
  ...base,
  sectionsWithTheirTables: [
    { section: "Row 1", tables: [{ id: 7201, name: "Umbrella 1" }] },
    { section: "Row 2", tables: [{ id: 7205, name: "Umbrella 5" }] },
    { section: "Veranda", tables: [{ id: 7401, name: "Table 1", capacity: 4 }] },
    { section: "Hall", tables: [{ id: 7407, name: "Table 7", capacity: 0 }] },
    { section: "", tables: [{ id: 7990, name: "Loose chair" }] },
  ],
  tableFamilySections: [
    { family: "Beach", sections: ["Row 1", "Row 2"] },
    { family: "Restaurant", sections: ["Veranda", "Hall"] },
  ],
  tablesWithOpenings: [{ spotId: 7401, openingId: 5, remainingCents: 1250 }],
  restaurantsWithTheirTables: [],
};

describe("the waiter's table picker", () => {
  it("groups sections by table family, in floor order; sections no family names come last", () => {
    const groups = tablePickerGroups(hotel);
    expect(groups?.map((g) => [g.label, g.sections.map((s) => s.name)])).toEqual([
      [{ kind: "family", name: "Beach" }, ["Row 1", "Row 2"]],
      [{ kind: "family", name: "Restaurant" }, ["Veranda", "Hall"]],
      [{ kind: "other" }, [""]],
    ]);
  });

  it("shows which tables have an open opening and what it still owes", () => {
    const veranda = tablePickerGroups(hotel)?.[1]?.sections[0];
    expect(veranda?.tables).toEqual([{ id: 7401, name: "Table 1", openRemainingCents: 1250, capacity: 4 }]);
    const row1 = tablePickerGroups(hotel)?.[0]?.sections[0];
    expect(row1?.tables[0]?.openRemainingCents).toBeNull();
  });

  it("F3 each table carries its seats (the spot's capacity); a capacity of 0 or none says nothing", () => {
    const tables = tablePickerGroups(hotel)?.flatMap((g) => g.sections.flatMap((s) => s.tables)) ?? [];
    expect(tables.map((t) => [t.name, t.capacity])).toEqual([
      ["Umbrella 1", null],
      ["Umbrella 5", null],
      ["Table 1", 4],
      ["Table 7", null],
      ["Loose chair", null],
    ]);
    expect([seatsOf(6), seatsOf(0), seatsOf(undefined)]).toEqual([6, null, null]);
  });

  it("a multi-outlet hotel groups by restaurant with its tables first; the rest by family", () => {
    const groups = tablePickerGroups({
      ...hotel,
      restaurantsWithTheirTables: [
        {
          id: 1,
          names: names("Kyma restaurant"),
          tables: [
            { id: 7401, name: "Table 1" },
            { id: 7407, name: "Table 7" },
          ],
        },
        { id: 2, names: names("Pool bar"), tables: [] },
      ],
    });
    expect(groups?.map((g) => [g.label, g.sections.map((s) => s.name)])).toEqual([
      [{ kind: "outlet", names: names("Kyma restaurant") }, ["Veranda", "Hall"]],
      [{ kind: "family", name: "Beach" }, ["Row 1", "Row 2"]],
      [{ kind: "other" }, [""]],
    ]);
  });

  it("without the floor (not a staff session on a PDA) there is no picker: null", () => {
    expect(tablePickerGroups(base)).toBeNull();
  });

  it("finds the section of a restored choice", () => {
    const groups = tablePickerGroups(hotel) ?? [];
    expect(sectionOfTable(groups, 7407)).toBe("Hall");
    expect(sectionOfTable(groups, 1)).toBeNull();
    expect(sectionOfTable(groups, null)).toBeNull();
  });
});
