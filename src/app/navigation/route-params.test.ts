import { isNotFound } from "@tanstack/react-router";
import { describe, expect, it } from "vitest";
import { parseCategoryIds, parseFlag, parseId, parseInfoType, parseSlug, parseToken } from "./route-params";

function notFoundThrownBy(parse: () => unknown): boolean {
  try {
    parse();
    return false;
  } catch (error) {
    return isNotFound(error);
  }
}

describe("path parameters (spec §2 routes: invalid parameters render the not-found screen)", () => {
  it("accepts positive integer ids", () => {
    expect(parseId("7")).toBe(7);
    expect(parseId("7001")).toBe(7001);
  });

  it.each(["0", "-1", "07", "1.5", "abc", "", " 7", "1e3", "9999999999999999"])("rejects id %j", (raw) => {
    expect(notFoundThrownBy(() => parseId(raw))).toBe(true);
  });

  it("accepts service slugs and rejects anything else", () => {
    expect(parseSlug("beach-bar")).toBe("beach-bar");
    for (const raw of ["Beach", "beach--bar", "-bar", "bar-", "bar_1", "μπαρ"]) {
      expect(notFoundThrownBy(() => parseSlug(raw))).toBe(true);
    }
  });

  it("accepts the five info types only", () => {
    expect(parseInfoType("privacy-policy")).toBe("privacy-policy");
    expect(notFoundThrownBy(() => parseInfoType("about"))).toBe(true);
  });

  it("accepts opaque tokens without separators", () => {
    expect(parseToken("a1B2-c3_d4.e5~")).toBe("a1B2-c3_d4.e5~");
    expect(notFoundThrownBy(() => parseToken("has space"))).toBe(true);
  });

  it("reads boolean search flags", () => {
    expect(parseFlag(true)).toBe(true);
    expect(parseFlag("true")).toBe(true);
    expect(parseFlag("false")).toBe(false);
    expect(parseFlag("yes")).toBeUndefined();
  });
});

describe("categories in the address (spec §4 categories: nothing active means All)", () => {
  it("reads ids from an array, a number or a comma-separated text", () => {
    expect(parseCategoryIds([7101, 7102])).toEqual([7101, 7102]);
    expect(parseCategoryIds(7101)).toEqual([7101]);
    expect(parseCategoryIds("7101,7102")).toEqual([7101, 7102]);
  });

  it("drops anything that is not a positive id, and repeats", () => {
    expect(parseCategoryIds([-1, 0, 1.5, "x", null, 7101, 7101])).toEqual([7101]);
    expect(parseCategoryIds(undefined)).toEqual([]);
    expect(parseCategoryIds({ id: 1 })).toEqual([]);
  });
});
