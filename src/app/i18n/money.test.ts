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

describe("price formatting by hand, exactly as Intl would (no ICU load in the menu's first render)", () => {
  const intl = {
    GRE: new Intl.NumberFormat("el-GR", { style: "currency", currency: "EUR" }),
    ENG: new Intl.NumberFormat("en-GB", { style: "currency", currency: "EUR" }),
  } as const;
  const amounts = [
    0, 1, 5, 9, 10, 99, 100, 101, 450, 999, 1000, 1200, 9999, 10000, 99999, 100000, 123456, 999999, 1000000, 123456789,
    100000000000, -1, -450, -123456,
  ];

  for (const language of ["GRE", "ENG"] as const) {
    it(`writes the same text as Intl in ${language}, no-break space included`, () => {
      for (const cents of amounts) expect(formatPrice(cents, language)).toBe(intl[language].format(cents / 100));
    });
  }
});
