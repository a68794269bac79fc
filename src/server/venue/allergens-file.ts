/**
 * An item's allergens and dietary tags in the venue file. Unknown ids are refused by the schema
 * (its message lists the allowed ones); repeats and a tag that contradicts a listed allergen by
 * item-allergens-checks.ts, which names the exact entry.
 */
import { Type } from "typebox";
import { ALLERGENS, DIETARY_TAGS } from "../../domain/allergens";

export const AllergensFileSchema = Type.Array(Type.Enum(ALLERGENS), {
  description:
    "the EU allergens (Regulation 1169/2011 Annex II) the item contains; [] declares none; leave it out when not known",
});

export const DietaryFileSchema = Type.Array(Type.Enum(DIETARY_TAGS), {
  description: "vegetarian, vegan, gluten-free; must not contradict the allergens (vegan with milk is refused)",
});
