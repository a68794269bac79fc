import { describe, expect, it } from "vitest";
import { firstReadsOf, tableMenuReadPath, tableReadPath } from "./first-reads";

describe("the reads a guest's entry page starts with (a flat first visit)", () => {
  it("a table's services page reads the table", () => {
    expect(firstReadsOf("/menu/7201")).toEqual(["tables/7201"]);
  });

  it("a service's menu and its other screens read the table and that service's menu", () => {
    for (const path of ["/beach-bar/7201", "/beach-bar/7201/", "/beach-bar/7201/cart", "/beach-bar/7201/search"]) {
      expect(firstReadsOf(path), path).toEqual(["tables/7201", "tables/7201/menus/beach-bar"]);
    }
  });

  it("the app's other screens and malformed addresses read nothing (no request the API would refuse)", () => {
    for (const path of [
      "/",
      "/pin",
      "/menu",
      "/menu/7201/extra",
      "/receipts/12",
      "/profile/12",
      "/history/12/entrance",
      "/review/5",
      "/info/terms-of-service",
      "/stores/1/reviews",
      "/open-tables/for-store/1/7201",
      "/beach-bar/0",
      "/beach-bar/07201",
      "/beach-bar/abc",
      "/beach-bar/99999999999",
      "/Beach-Bar/7201",
      "/beach_bar/7201",
    ]) {
      expect(firstReadsOf(path), path).toEqual([]);
    }
  });

  it("names the paths the app's requests use", () => {
    expect(tableReadPath(7201)).toBe("tables/7201");
    expect(tableMenuReadPath(7201, "beach-bar")).toBe("tables/7201/menus/beach-bar");
  });
});
