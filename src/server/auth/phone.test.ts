import { describe, expect, it } from "vitest";
import { checkPhone, phoneFromE164 } from "./phone";

describe("phone numbers (spec §5: digits with the dial code of the selected country; §8 EMPTY_PHONE, INVALID_PHONE)", () => {
  it("national digits and the country's dial code give E.164 and the country", () => {
    expect(checkPhone(6912345678, 30)).toEqual({
      ok: true,
      phone: {
        e164: "+306912345678",
        countryIso2: "GR",
        nationalNumber: "6912345678",
        international: "+30 691 234 5678",
      },
    });
    expect(checkPhone("2310 123 456", "30")).toMatchObject({ ok: true, phone: { e164: "+302310123456" } });
  });

  it("the whole international number in phoneNumber is read too", () => {
    expect(checkPhone(306912345678, 30)).toMatchObject({ ok: true, phone: { e164: "+306912345678" } });
    expect(checkPhone("+30 691 234 5678", "0030")).toMatchObject({ ok: true, phone: { e164: "+306912345678" } });
  });

  it("a national number with a leading 0 keeps it when sent as text (Italy)", () => {
    expect(checkPhone("0612345678", 39)).toMatchObject({
      ok: true,
      phone: { e164: "+390612345678", countryIso2: "IT" },
    });
  });

  it("a dial code shared by several countries resolves to the number's own (+1: US or Canada)", () => {
    expect(checkPhone(4165550123, 1)).toMatchObject({ ok: true, phone: { countryIso2: "CA" } });
    expect(checkPhone(2025550123, 1)).toMatchObject({ ok: true, phone: { countryIso2: "US" } });
  });

  it.each([
    [undefined, 30],
    [null, 30],
    ["", 30],
    ["  ", 30],
    [0, 30],
    [6912345678, undefined],
    [6912345678, ""],
    [6912345678, 0],
  ])("EMPTY_PHONE for phoneNumber %j with countryCode %j", (phoneNumber, countryCode) => {
    expect(checkPhone(phoneNumber, countryCode)).toEqual({ ok: false, code: "EMPTY_PHONE" });
  });

  it.each([
    ["69123abc", 30],
    [691, 30],
    [6912345678.5, 30],
    [-6912345678, 30],
    [Number.MAX_SAFE_INTEGER * 2, 30],
    ["1234567890123456", 30],
    [6912345678, 9999],
    [6912345678, "3O"],
    [6912345678, 44],
    [1234567890, 30],
  ])("INVALID_PHONE for phoneNumber %j with countryCode %j", (phoneNumber, countryCode) => {
    expect(checkPhone(phoneNumber, countryCode)).toEqual({ ok: false, code: "INVALID_PHONE" });
  });

  it("what is stored reads back into its parts", () => {
    expect(phoneFromE164("+306912345678")).toEqual({
      e164: "+306912345678",
      countryIso2: "GR",
      nationalNumber: "6912345678",
      international: "+30 691 234 5678",
    });
    expect(phoneFromE164("not a phone")).toBeUndefined();
  });
});
