import { describe, expect, it } from "vitest";
import { needsKindPrefix, spotKindName } from "./spot-label";

describe("spot label (spec §3 spot types)", () => {
  it("keeps names that already say what the spot is", () => {
    expect(needsKindPrefix({ name: "Ομπρέλα 12" })).toBe(false);
    expect(needsKindPrefix({ name: "Δωμάτιο 204" })).toBe(false);
  });

  it("puts the kind before bare numbers or codes", () => {
    expect(needsKindPrefix({ name: "12" })).toBe(true);
    expect(needsKindPrefix({ name: "A-3" })).toBe(true);
  });

  it("names umbrellas, sunbeds and rooms by kind", () => {
    expect(spotKindName({ type: "UMBRELLA_AT_HOTEL" }).message).toBe("Umbrella");
    expect(spotKindName({ type: "BEACH_CHAIR" }).message).toBe("Sunbed");
    expect(spotKindName({ type: "HOTEL_ROOM" }).message).toBe("Room");
  });
});
