import { describe, expect, it } from "vitest";
import { formatPrice } from "./money";

// Intl separates number and symbol with a no-break space; compare on plain spaces.
const plain = (text: string) => text.replace(/\s/g, " ");

describe("price formatting (money in integer cents, shown as EUR with Intl)", () => {
  it("uses Greek conventions in Greek: comma decimals, euro sign after", () => {
    expect(plain(formatPrice(450, "GRE"))).toBe("4,50 €");
    expect(plain(formatPrice(123456, "GRE"))).toBe("1.234,56 €");
  });

  it("uses British conventions in English: euro sign first, point decimals", () => {
    expect(formatPrice(450, "ENG")).toBe("€4.50");
    expect(formatPrice(123456, "ENG")).toBe("€1,234.56");
  });

  it("shows zero and whole euros with two decimals", () => {
    expect(plain(formatPrice(0, "GRE"))).toBe("0,00 €");
    expect(formatPrice(1200, "ENG")).toBe("€12.00");
  });
});
