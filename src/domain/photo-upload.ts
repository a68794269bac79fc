/**
 * Which files an admin may upload as an item's photo, checked before anything is sent: a JPEG,
 * PNG or WebP (the server converts it to WebP) of at most 8 MB. An SVG is never accepted: it is a
 * document that can carry scripts, not a picture.
 */

/** The most bytes a photo upload may have. */
export const MAX_PHOTO_BYTES = 8 * 1024 * 1024;

export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

export type PhotoRefusal = "too-large" | "not-a-photo" | "empty";

export function checkPhotoFile(file: { size: number; type: string }): PhotoRefusal | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return "not-a-photo";
  if (file.size === 0) return "empty";
  if (file.size > MAX_PHOTO_BYTES) return "too-large";
  return null;
}
