import { describe, expect, it } from "vitest";
import { fieldOfSpotRefusal } from "./spot-refusal";

describe("fieldOfSpotRefusal", () => {
  it("a message that starts with the path goes beside that field", () => {
    expect(fieldOfSpotRefusal("type: no service is available at TABLE_AT_HOTEL spots")).toBe("type");
    expect(fieldOfSpotRefusal("id: 7201 is already a spot's")).toBe("id");
  });

  it("a schema refusal naming the body's field goes beside it", () => {
    expect(fieldOfSpotRefusal("body/capacity must be <= 1000")).toBe("capacity");
  });

  it("a message naming no field of the form is shown above it", () => {
    expect(fieldOfSpotRefusal("There is no spot 9 in this store")).toBeNull();
    expect(fieldOfSpotRefusal("version: this spot was changed")).toBeNull();
  });
});
