import { describe, expect, it } from "vitest";
import { checkEmail, checkOutcomeEmail, EMAIL_MAX_LENGTH } from "./email";

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

describe("the outcome's e-mail at checkout (spec §8 E6, E7)", () => {
  it("not asked for: fine whatever the field holds, and no address is kept", () => {
    expect(checkOutcomeEmail(false, "not an address")).toEqual({ ok: true, email: null });
    expect(checkOutcomeEmail(false, "")).toEqual({ ok: true, email: null });
  });

  it("asked for: the address, trimmed and lower-cased", () => {
    expect(checkOutcomeEmail(true, " Eleni@Example.GR ")).toEqual({ ok: true, email: "eleni@example.gr" });
  });

  it.each([undefined, null, "", "  "])(
    "spec §8 E7: asked for with %o is EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING",
    (raw) => {
      expect(checkOutcomeEmail(true, raw)).toEqual({ ok: false, code: "EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING" });
    },
  );

  it.each(["eleni", "eleni@localhost", "eleni@example.com\r\nBcc: x@example.com"])(
    "spec §8 E6: asked for with %j is INVALID_EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING",
    (raw) => {
      expect(checkOutcomeEmail(true, raw)).toEqual({
        ok: false,
        code: "INVALID_EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING",
      });
    },
  );
});
