/**
 * Venue files name photos relative to public/images (e.g. "demo/freddo.svg"); absolute paths and
 * full URLs (a CDN) are used as given.
 */
export function photoUrl(photo: string): string {
  return /^(https?:)?\//.test(photo) ? photo : `/images/${photo}`;
}
