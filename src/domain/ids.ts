/**
 * The forms ids and slugs take in addresses and API paths, for the browser and the server alike
 * (a plain module: the schemas that use them stay out of the app's bundle).
 */

/** Ids are positive 32-bit integers (the venue file's range). */
export const MAX_ID = 2_147_483_647;

/** A service's slug as in a guest link (/beach-bar/7201): the venue file's slug format. */
export const SLUG_PATTERN = "^[a-z0-9]+(-[a-z0-9]+)*$";
