import { describe, expect, it } from "vitest";
import { needsKindPrefix, spotKindName, spotLabel } from "./spot-label";

const translate = (descriptor: { message?: string }) => `[${descriptor.message}]`;

describe("spot label (spec §3 spot types; labels follow the UI language)", () => {
  it("keeps names that already say what the spot is", () => {
    expect(needsKindPrefix("Ομπρέλα 12")).toBe(false);
    expect(needsKindPrefix("Δωμάτιο 204")).toBe(false);
  });

  it("puts the kind before bare numbers or codes, never before a word (no 'Delivery Delivery')", () => {
    expect(needsKindPrefix("12")).toBe(true);
    expect(needsKindPrefix("A-3")).toBe(true);
    expect(needsKindPrefix("Delivery")).toBe(false);
    expect(needsKindPrefix("Bar")).toBe(false);
  });

  it("names umbrellas, sunbeds and rooms by kind", () => {
    expect(spotKindName({ type: "UMBRELLA_AT_HOTEL" }).message).toBe("Umbrella");
    expect(spotKindName({ type: "BEACH_CHAIR" }).message).toBe("Sunbed");
    expect(spotKindName({ type: "HOTEL_ROOM" }).message).toBe("Room");
  });

  it("reads the name in the UI language: Greek or English (an extra language shows the English UI)", () => {
    const umbrella = {
      type: "UMBRELLA_AT_HOTEL" as const,
      names: { GRE: { name: "Ομπρέλα 1" }, ENG: { name: "Umbrella 1" }, ITA: { name: "Ombrellone 1" } },
    };
    expect(spotLabel(umbrella, "GRE", translate)).toBe("Ομπρέλα 1");
    expect(spotLabel(umbrella, "ENG", translate)).toBe("Umbrella 1");
    expect(
      spotLabel({ type: "UMBRELLA_AT_HOTEL", names: { GRE: { name: "12" }, ENG: { name: "12" } } }, "ENG", translate),
    ).toBe("[Umbrella] 12");
  });
});
