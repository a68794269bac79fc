import { describe, expect, it } from "vitest";
import { generateCode } from "./codes";

describe("one-time codes", () => {
  it("spec §9 N11 and §8 K6, decided as 6 digits: every code is six digits, leading zeros kept", () => {
    const codes = Array.from({ length: 2_000 }, generateCode);
    for (const code of codes) expect(code).toMatch(/^[0-9]{6}$/);
    // 2,000 draws from a million values: a generator stuck on a few values would repeat far more.
    expect(new Set(codes).size).toBeGreaterThan(1_990);
  });
});
