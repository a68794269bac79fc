import { describe, expect, it } from "vitest";
import { SERVICE_KINDS, serviceKindOf } from "./service-kinds";

describe("serviceKindOf: spec §3 F2 the service type names its kind", () => {
  it.each(SERVICE_KINDS)("the venue files' label %s is its own kind", (kind) => {
    expect(serviceKindOf(kind)).toBe(kind);
  });

  it("reads a label written loosely (case, spaces, dashes)", () => {
    expect(serviceKindOf(" beach bar ")).toBe("BEACH_BAR");
    expect(serviceKindOf("room-service")).toBe("ROOM_SERVICE");
  });

  it("any other label is no particular kind, never an error", () => {
    expect(serviceKindOf("SPA")).toBeNull();
    expect(serviceKindOf("")).toBeNull();
  });
});
