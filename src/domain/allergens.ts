/**
 * Allergens and dietary tags of menu items. The 14 allergens are those of Annex II of Regulation
 * (EU) No 1169/2011, in the Annex's order, which the menu keeps when it lists them. An item's
 * `allergens` is its declaration: absent means the venue has not stated them (not "none"), an empty
 * list means it contains none of the 14.
 *
 * The rules here are shared by the venue file's checks (a tag that contradicts a listed allergen is
 * refused) and the menu's "Without…" filter (which items a guest avoiding some allergens sees).
 */

export const ALLERGENS = [
  "gluten",
  "crustaceans",
  "eggs",
  "fish",
  "peanuts",
  "soybeans",
  "milk",
  "nuts",
  "celery",
  "mustard",
  "sesame",
  "sulphites",
  "lupin",
  "molluscs",
] as const;
export type Allergen = (typeof ALLERGENS)[number];

export const DIETARY_TAGS = ["vegetarian", "vegan", "gluten-free"] as const;
export type DietaryTag = (typeof DIETARY_TAGS)[number];

/**
 * The allergens a tag cannot stand beside: a vegan dish has no egg, milk, fish or shellfish, a
 * vegetarian one no fish or shellfish, a gluten-free one no cereal containing gluten.
 */
export const EXCLUDED_BY_TAG: Readonly<Record<DietaryTag, readonly Allergen[]>> = {
  vegetarian: ["fish", "crustaceans", "molluscs"],
  vegan: ["eggs", "milk", "fish", "crustaceans", "molluscs"],
  "gluten-free": ["gluten"],
};

export interface AllergenDeclaration {
  allergens?: readonly Allergen[];
  dietary?: readonly DietaryTag[];
  /** A free request (towels) or a rental (a SUP board) is not food: allergens do not apply to it. */
  request?: boolean;
  rental?: unknown;
}

/** Whether allergens apply to the item at all (food and drink, not requests or rentals). */
export function isFood(item: AllergenDeclaration): boolean {
  return item.request !== true && item.rental === undefined;
}

export function isAllergen(value: unknown): value is Allergen {
  return typeof value === "string" && (ALLERGENS as readonly string[]).includes(value);
}

/** Each tag of the item paired with the listed allergens it contradicts (none for a consistent item). */
export function dietaryConflicts(item: AllergenDeclaration): Array<{ tag: DietaryTag; allergen: Allergen }> {
  const listed = item.allergens ?? [];
  return [...new Set(item.dietary ?? [])].flatMap((tag) =>
    EXCLUDED_BY_TAG[tag].filter((allergen) => listed.includes(allergen)).map((allergen) => ({ tag, allergen })),
  );
}

/** The indexes of entries that repeat an earlier one (`["milk", "eggs", "milk"]` → `[2]`). */
export function repeatedIndexes(values: readonly string[]): number[] {
  return values.flatMap((value, index) => (values.indexOf(value) < index ? [index] : []));
}

/** The allergens a guest chose to avoid, in the Annex's order, each once. */
export type AvoidedAllergens = readonly Allergen[];

export const NOTHING_AVOIDED: AvoidedAllergens = [];

/** Adds or removes one allergen of the guest's "Without…" choice. */
export function toggleAvoided(avoided: AvoidedAllergens, allergen: Allergen): AvoidedAllergens {
  const next = avoided.includes(allergen) ? avoided.filter((a) => a !== allergen) : [...avoided, allergen];
  return ALLERGENS.filter((a) => next.includes(a));
}

/** A stored or typed choice read back: unknown or repeated ids are dropped, never an error. */
export function parseAvoided(value: unknown): AvoidedAllergens {
  if (!Array.isArray(value)) return NOTHING_AVOIDED;
  return ALLERGENS.filter((a) => value.includes(a));
}

/**
 * Whether the filter hides the item: only a declaration that lists an avoided allergen does. An
 * item whose allergens are not stated stays (hiding it would make a menu of undeclared dishes look
 * empty); the menu marks it as not stated instead (allergensNotStated).
 */
export function hiddenByFilter(item: AllergenDeclaration, avoided: AvoidedAllergens): boolean {
  return item.allergens?.some((allergen) => avoided.includes(allergen)) === true;
}

/** True for food or drink that carries no declaration of allergens at all. */
export function allergensNotStated(item: AllergenDeclaration): boolean {
  return isFood(item) && item.allergens === undefined;
}

/** The items the guest sees with the filter on, and how many it hid. */
export function filterByAllergens<T extends AllergenDeclaration>(
  items: readonly T[],
  avoided: AvoidedAllergens,
): { shown: T[]; hidden: number } {
  if (avoided.length === 0) return { shown: [...items], hidden: 0 };
  const shown = items.filter((item) => !hiddenByFilter(item, avoided));
  return { shown, hidden: items.length - shown.length };
}
