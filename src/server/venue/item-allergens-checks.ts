/**
 * The allergens and dietary tags of each item: no entry listed twice, and no tag beside an allergen
 * it excludes (a "vegan" dish that lists milk is a mistake a guest with an allergy would pay for).
 */
import { dietaryConflicts, repeatedIndexes } from "../../domain/allergens";
import type { Issue } from "../validation/issues";
import { childPath } from "../validation/issues";
import type { VenueIndex } from "./venue-index";

export function itemAllergens(index: VenueIndex): Issue[] {
  const issues: Issue[] = [];
  for (const { value: item, path: itemPath } of index.items) {
    for (const field of ["allergens", "dietary"] as const) {
      const values = item[field] ?? [];
      for (const at of repeatedIndexes(values))
        issues.push({ path: childPath(childPath(itemPath, field), at), message: `"${values[at]}" is listed twice` });
    }
    for (const { tag, allergen } of dietaryConflicts(item)) {
      const at = item.dietary?.indexOf(tag) ?? 0;
      issues.push({
        path: childPath(childPath(itemPath, "dietary"), at),
        message: `"${tag}" contradicts the allergen "${allergen}" listed in allergens`,
      });
    }
  }
  return issues;
}
