import { describe, expect, test } from "vitest";
import { cardBrand, cardBrandName, cardDigits, isCvcValid, isExpiryValid, parseExpiry, passesLuhn } from "./cards";

describe("sandbox test cards (design.md Outside parts: payments)", () => {
  test("Stripe's test numbers pass the Luhn check; a changed digit fails it", () => {
    expect(passesLuhn("4242424242424242")).toBe(true);
    expect(passesLuhn("4000000000000002")).toBe(true);
    expect(passesLuhn("5555555555554444")).toBe(true);
    expect(passesLuhn("378282246310005")).toBe(true);
    expect(passesLuhn("4242424242424241")).toBe(false);
    expect(passesLuhn("42424242")).toBe(false);
  });
  test("spaces a guest typed are removed", () => {
    expect(cardDigits("4242 4242 4242 4242")).toBe("4242424242424242");
  });
  test("the brand comes from the leading digits", () => {
    expect(cardBrand("4242424242424242")).toBe("visa");
    expect(cardBrand("5555555555554444")).toBe("mastercard");
    expect(cardBrand("2223003122003222")).toBe("mastercard");
    expect(cardBrand("378282246310005")).toBe("amex");
    expect(cardBrand("6011111111111117")).toBe("discover");
    expect(cardBrand("3566002020360505")).toBe("jcb");
  });
  test("a card is valid through its expiry month", () => {
    expect(isExpiryValid({ month: 11, year: 2026 }, { year: 2026, month: 11 })).toBe(true);
    expect(isExpiryValid({ month: 10, year: 2026 }, { year: 2026, month: 11 })).toBe(false);
    expect(isExpiryValid({ month: 1, year: 2027 }, { year: 2026, month: 11 })).toBe(true);
  });
  test("CVC: 4 digits for amex, 3 for the others", () => {
    expect(isCvcValid("123", "visa")).toBe(true);
    expect(isCvcValid("1234", "visa")).toBe(false);
    expect(isCvcValid("1234", "amex")).toBe(true);
  });
  test("the expiry with or without its slash (a phone's numeric keypad has none)", () => {
    expect(parseExpiry("12/30")).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry(" 1 / 2031 ")).toEqual({ month: 1, year: 2031 });
    expect(parseExpiry("1230")).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry("12 30")).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry("122030")).toEqual({ month: 12, year: 2030 });
    for (const bad of ["", "13/30", "00/30", "1/3", "123", "12/3a", "12/30/1", "12345"])
      expect(parseExpiry(bad)).toBeNull();
  });
  test("a brand reads as people write it", () => {
    expect(cardBrandName("visa")).toBe("Visa");
    expect(cardBrandName("amex")).toBe("American Express");
    expect(cardBrandName("Maestro")).toBe("Maestro");
  });
});
