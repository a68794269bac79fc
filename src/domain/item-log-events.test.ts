import { describe, expect, it } from "vitest";
import { itemIdOfLogEvent, itemLogEvent } from "./item-log-events";

describe("enter-{product}-clicked (spec §7 log calls, audit L19)", () => {
  it("names the item by its id, and reads the id back", () => {
    expect(itemLogEvent(71602)).toBe("enter-71602-clicked");
    expect(itemIdOfLogEvent("enter-71602-clicked")).toBe(71602);
  });

  it.each([
    "enter-food-clicked",
    "enter-0-clicked",
    "enter--1-clicked",
    "enter-1.5-clicked",
    "enter-012-clicked",
    "enter-12345678901-clicked",
    "enter-12-clicked-twice",
    "stomp-error",
  ])("%s names no item", (event) => {
    expect(itemIdOfLogEvent(event)).toBeNull();
  });
});
