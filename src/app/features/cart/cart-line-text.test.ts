import { describe, expect, it } from "vitest";
import { cartItemOf } from "../../../domain/cart";
import { group, item, option } from "../../../domain/test-support";
import { selectedOptionsText } from "./cart-line-text";

const freddo = cartItemOf(
  item(1, {
    subselections: [
      group(1, {
        names: { GRE: { name: "Ζάχαρη" }, ENG: { name: "Sugar" }, ITA: { name: "Zucchero" } },
        type: "RADIO_BUTTON",
        options: [option(11, { names: { GRE: { name: "Μέτριος" }, ENG: { name: "Medium sweet" } } })],
      }),
      group(2, {
        names: { GRE: { name: "Έξτρα" }, ENG: { name: "Extras" } },
        options: [
          option(21, { names: { GRE: { name: "Σιρόπι βανίλια" }, ENG: { name: "Vanilla syrup" } } }),
          option(22, { names: { GRE: { name: "Κανέλα" }, ENG: { name: "Cinnamon" } } }),
        ],
      }),
      group(3),
    ],
  }),
);

describe("cart line options text (spec §3 cart line: the item with its options)", () => {
  it("lists each group with a pick, in menu order, in the language shown", () => {
    const selection = { 2: [22, 21], 1: [11], 3: [] };
    expect(selectedOptionsText(freddo, selection, { ui: "ENG", extra: null })).toEqual([
      "Sugar: Medium sweet",
      "Extras: Vanilla syrup, Cinnamon",
    ]);
    expect(selectedOptionsText(freddo, selection, { ui: "GRE", extra: null })[0]).toBe("Ζάχαρη: Μέτριος");
    expect(selectedOptionsText(freddo, selection, { ui: "ENG", extra: "ITA" })[0]).toBe("Zucchero: Medium sweet");
  });

  it("is empty without options", () => {
    expect(selectedOptionsText(freddo, {}, { ui: "ENG", extra: null })).toEqual([]);
  });
});
