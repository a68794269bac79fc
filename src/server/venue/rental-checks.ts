/**
 * Rentable items in a venue file (rentals.ts in the domain): a rental is counted in pieces and
 * priced per started day or hour, so it cannot also be sold by weight, be a free request or have
 * no price. Paths as the schema's errors name them.
 */
import type { Issue } from "../validation/issues";
import { childPath } from "../validation/issues";
import type { VenueIndex } from "./venue-index";

/** The rule an admin's per-kg edit of a rental meets too, with this message. */
export const RENTAL_BY_WEIGHT = "a rental cannot be sold by weight (perKg)";

export function rentalIssues(index: VenueIndex): Issue[] {
  return index.items.flatMap(({ value: item, path: itemPath }) => {
    if (item.rental === undefined) return [];
    const rentalPath = childPath(itemPath, "rental");
    const issues: Issue[] = [];
    if (item.perKg === true) issues.push({ path: rentalPath, message: RENTAL_BY_WEIGHT });
    if (item.measurable === false) {
      issues.push({ path: rentalPath, message: "a rental is counted in pieces (measurable must not be false)" });
    }
    if (item.request === true) issues.push({ path: rentalPath, message: "a rental cannot be a free request" });
    if (item.priceable === false) {
      issues.push({
        path: rentalPath,
        message: "a rental needs a price per day or hour (priceable must not be false)",
      });
    }
    return issues;
  });
}
