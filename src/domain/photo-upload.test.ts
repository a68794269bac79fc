import { describe, expect, it } from "vitest";
import { checkPhotoFile, MAX_PHOTO_BYTES } from "./photo-upload";

describe("checkPhotoFile: what an admin may upload as an item's photo", () => {
  it("takes a JPEG, PNG or WebP up to 8 MB", () => {
    for (const type of ["image/jpeg", "image/png", "image/webp"]) {
      expect(checkPhotoFile({ type, size: 1000 })).toBeNull();
      expect(checkPhotoFile({ type, size: MAX_PHOTO_BYTES })).toBeNull();
    }
  });

  it("refuses a file over 8 MB (a 20 MB photo), an SVG, a file that is not an image, an empty file", () => {
    expect(checkPhotoFile({ type: "image/jpeg", size: 20 * 1024 * 1024 })).toBe("too-large");
    expect(checkPhotoFile({ type: "image/jpeg", size: MAX_PHOTO_BYTES + 1 })).toBe("too-large");
    expect(checkPhotoFile({ type: "image/svg+xml", size: 1000 })).toBe("not-a-photo");
    expect(checkPhotoFile({ type: "application/pdf", size: 1000 })).toBe("not-a-photo");
    expect(checkPhotoFile({ type: "", size: 1000 })).toBe("not-a-photo");
    expect(checkPhotoFile({ type: "image/png", size: 0 })).toBe("empty");
  });
});
