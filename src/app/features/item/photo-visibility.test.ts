import { describe, expect, it } from "vitest";
import { itemPhotoShown } from "./photo-visibility";

const facts = { photo: "demo/freddo.svg", hidePhotosOfItems: false, isPda: false, wideScreen: false };

describe("item modal photo (spec §2: hidden when the service hides photos, or for a desktop terminal)", () => {
  it("shows the photo of a guest's phone", () => {
    expect(itemPhotoShown(facts)).toBe(true);
    expect(itemPhotoShown({ ...facts, wideScreen: true })).toBe(true);
  });

  it("hides it when the service hides photos of items", () => {
    expect(itemPhotoShown({ ...facts, hidePhotosOfItems: true })).toBe(false);
  });

  it("hides it on a terminal wider than 1018 px, not on a narrow one", () => {
    expect(itemPhotoShown({ ...facts, isPda: true, wideScreen: true })).toBe(false);
    expect(itemPhotoShown({ ...facts, isPda: true, wideScreen: false })).toBe(true);
  });

  it("has nothing to show without a photo", () => {
    expect(itemPhotoShown({ ...facts, photo: null })).toBe(false);
  });
});
