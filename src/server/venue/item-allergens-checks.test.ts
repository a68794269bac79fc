import { describe, expect, it } from "vitest";
import { FIXTURE_IMAGES_DIR, sampleVenue } from "../test-fixtures/venue";
import { formatIssue } from "../validation/issues";
import { validateVenueFile } from "./validate";
import type { ItemFile, VenueFile } from "./venue-file";

function problemsWith(change: (item: ItemFile) => void): string[] {
  const venue: VenueFile = structuredClone(sampleVenue());
  const item = venue.services[0]?.categories[0]?.items[0];
  if (item === undefined) throw new Error("fixture has no first item");
  change(item);
  const result = validateVenueFile(venue, { imagesDir: FIXTURE_IMAGES_DIR });
  return result.ok ? [] : result.issues.map(formatIssue);
}

const ITEM = "services[0].categories[0].items[0]";

describe("venue file: allergens and dietary tags of an item (Regulation (EU) 1169/2011 Annex II)", () => {
  it("accepts the 14 allergens' ids, an empty list, and consistent dietary tags", () => {
    expect(
      problemsWith((item) => {
        item.allergens = ["gluten", "milk", "nuts"];
        item.dietary = ["vegetarian"];
      }),
    ).toEqual([]);
    expect(
      problemsWith((item) => {
        item.allergens = [];
        item.dietary = ["vegan", "gluten-free"];
      }),
    ).toEqual([]);
  });

  it("an unknown allergen id is refused at its own path, listing the allowed ids", () => {
    const found = problemsWith((item) => {
      Object.assign(item, { allergens: ["milk", "shellfish"] });
    });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(
      new RegExp(`^${ITEM.replace(/[[\].]/g, "\\$&")}\\.allergens\\[1\\]: must be one of "gluten",`),
    );
  });

  it("an unknown dietary tag is refused at its own path", () => {
    const found = problemsWith((item) => {
      Object.assign(item, { dietary: ["halal"] });
    });
    expect(found[0]).toContain(`${ITEM}.dietary[0]: must be one of "vegetarian", "vegan", "gluten-free"`);
  });

  it("an allergen or tag listed twice is refused at the repeat", () => {
    expect(
      problemsWith((item) => {
        item.allergens = ["milk", "eggs", "milk"];
        item.dietary = ["vegetarian", "vegetarian"];
      }),
    ).toEqual([`${ITEM}.allergens[2]: "milk" is listed twice`, `${ITEM}.dietary[1]: "vegetarian" is listed twice`]);
  });

  it("a tag beside an allergen it excludes is refused: vegan with milk, gluten-free with gluten", () => {
    expect(
      problemsWith((item) => {
        item.allergens = ["gluten", "milk"];
        item.dietary = ["gluten-free", "vegan"];
      }),
    ).toEqual([
      `${ITEM}.dietary[0]: "gluten-free" contradicts the allergen "gluten" listed in allergens`,
      `${ITEM}.dietary[1]: "vegan" contradicts the allergen "milk" listed in allergens`,
    ]);
  });
});
