import { describe, expect, it } from "vitest";
import { memberPriceText, membershipInfoText } from "./membership-wording";

describe("membership wording (spec §1/§6: hotel stores say 'all-inclusive' instead of 'member')", () => {
  it("says all-inclusive in a hotel", () => {
    expect(memberPriceText(true, "€2.00", false).message).toBe("All-inclusive: {price}");
    expect(memberPriceText(true, "€0.00", true).message).toBe("Included in all-inclusive");
    expect(membershipInfoText(true).message).toMatch(/^All-inclusive guests/);
  });

  it("says member elsewhere", () => {
    expect(memberPriceText(false, "€2.00", false).message).toBe("Member price: {price}");
    expect(memberPriceText(false, "€0.00", true).message).toBe("Free for members");
    expect(membershipInfoText(false).message).toMatch(/^Members/);
  });
});
