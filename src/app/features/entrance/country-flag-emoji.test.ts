import { describe, expect, it } from "vitest";
import { countryFlagEmoji } from "./country-flag-emoji";

describe("countryFlagEmoji (the phone field's flag without bundling every flag)", () => {
  it("turns a country code into its flag's regional-indicator pair", () => {
    expect(countryFlagEmoji("GR")).toBe("🇬🇷");
    expect(countryFlagEmoji("GB")).toBe("🇬🇧");
    expect(countryFlagEmoji("US")).toBe("\u{1F1FA}\u{1F1F8}");
  });

  it("gives nothing for what is not a two-letter country code", () => {
    expect(countryFlagEmoji("")).toBe("");
    expect(countryFlagEmoji("gr")).toBe("");
    expect(countryFlagEmoji("GRC")).toBe("");
  });
});
