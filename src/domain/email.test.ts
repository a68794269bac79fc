import { describe, expect, it } from "vitest";
import { checkEmail, EMAIL_MAX_LENGTH } from "./email";

describe("e-mail addresses (spec §5 valid e-mail; §8 EMPTY_EMAIL, INVALID_EMAIL)", () => {
  it("accepts an ordinary address, trimmed and lower-cased", () => {
    expect(checkEmail("  Eleni.P+beach@Example.GR ")).toEqual({ ok: true, email: "eleni.p+beach@example.gr" });
  });

  it.each([undefined, null, "", "   "])("EMPTY_EMAIL for %o", (raw) => {
    expect(checkEmail(raw)).toEqual({ ok: false, code: "EMPTY_EMAIL" });
  });

  it.each([
    "eleni",
    "eleni@",
    "@example.com",
    "eleni@localhost",
    "eleni @example.com",
    "eleni@exa_mple.com",
    "eleni@example.com\r\nBcc: all@example.com",
    `${"a".repeat(EMAIL_MAX_LENGTH)}@example.com`,
  ])("INVALID_EMAIL for %j", (raw) => {
    expect(checkEmail(raw)).toEqual({ ok: false, code: "INVALID_EMAIL" });
  });
});
