import { describe, expect, it } from "vitest";
import { centsToEuroText, euroAmountToCents, MAX_TYPED_EURO_CENTS } from "./euro-amount";

describe("euroAmountToCents: a price typed in euros", () => {
  it.each([
    ["3,50", 350],
    ["3.50", 350],
    ["3,5", 350],
    ["3.", 300],
    ["12", 1200],
    ["0", 0],
    ["0,05", 5],
    [" 4,20 € ", 420],
    ["100000", MAX_TYPED_EURO_CENTS],
  ])("reads %j as %i cents (a comma or a dot is the decimal mark)", (typed, cents) => {
    expect(euroAmountToCents(typed)).toEqual({ ok: true, cents });
  });

  it.each([
    ["", "empty"],
    ["   ", "empty"],
    ["-1", "negative"],
    ["-0,50", "negative"],
    ["3,505", "too-many-decimals"],
    ["0.001", "too-many-decimals"],
    ["100000,01", "too-large"],
    ["99999999999", "too-large"],
    ["abc", "not-a-number"],
    ["3,50,1", "not-a-number"],
    ["1e3", "not-a-number"],
    [",50", "not-a-number"],
    ["--1", "not-a-number"],
  ])("refuses %j: %s", (typed, reason) => {
    expect(euroAmountToCents(typed)).toEqual({ ok: false, reason });
  });
});

describe("centsToEuroText", () => {
  it("writes cents with two decimals and the language's decimal mark, and reads back the same", () => {
    expect(centsToEuroText(350, ",")).toBe("3,50");
    expect(centsToEuroText(5, ".")).toBe("0.05");
    expect(centsToEuroText(120000, ",")).toBe("1200,00");
    for (const cents of [0, 1, 99, 100, 4321]) {
      const text = centsToEuroText(cents, ",");
      expect(euroAmountToCents(text)).toEqual({ ok: true, cents });
    }
  });
});
