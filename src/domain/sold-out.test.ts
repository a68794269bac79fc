import { describe, expect, it } from "vitest";
import { isSoldOut } from "./sold-out";

describe("sold out (spec §5 Stock)", () => {
  it("spec §5 Stock: a counted item with no piece left is sold out", () => {
    expect(isSoldOut({ stockEnabled: true, stockAmount: 0 })).toBe(true);
  });

  it.each([
    { stockEnabled: true, stockAmount: 1 },
    { stockEnabled: true, stockAmount: null },
    { stockEnabled: false, stockAmount: 0 },
    { stockEnabled: false, stockAmount: null },
  ])("is not sold out: %j", (item) => {
    expect(isSoldOut(item)).toBe(false);
  });
});
