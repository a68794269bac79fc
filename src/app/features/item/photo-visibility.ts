/**
 * When the item modal shows the item's photo (spec §2 "photo (hidden when the service hides
 * photos, on failed load, or for a desktop terminal)", §9 "desktop-terminal photo hiding above
 * 1018px width"). A terminal is a staff device's spot (isPda); on a wide one the waiter wants the
 * options, not a big picture. A failed load is handled where the image is drawn (ItemPhoto).
 */
import { DESKTOP_TERMINAL_MIN_WIDTH } from "../../../domain/constants";

/** The media query of a screen wider than the desktop-terminal width. */
export const WIDER_THAN_DESKTOP_TERMINAL = `(width > ${DESKTOP_TERMINAL_MIN_WIDTH}px)`;

export interface PhotoFacts {
  photo: string | null | undefined;
  hidePhotosOfItems: boolean;
  isPda: boolean;
  /** Whether the screen is wider than DESKTOP_TERMINAL_MIN_WIDTH. */
  wideScreen: boolean;
}

export function itemPhotoShown({ photo, hidePhotosOfItems, isPda, wideScreen }: PhotoFacts): boolean {
  if (!photo || hidePhotosOfItems) return false;
  return !(isPda && wideScreen);
}
