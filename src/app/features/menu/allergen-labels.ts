/**
 * The names the menu shows for the 14 allergens and the dietary tags. Full names are the wording
 * of Regulation (EU) 1169/2011 Annex II (its Greek text in the Greek catalog); the short ones fit
 * a chip, and every chip also carries the full name for screen readers and as its title.
 */

import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Allergen, DietaryTag } from "../../../domain/allergens";

export const ALLERGEN_NAMES: Readonly<Record<Allergen, { full: MessageDescriptor; short: MessageDescriptor }>> = {
  gluten: { full: msg`Cereals containing gluten`, short: msg`Gluten` },
  crustaceans: { full: msg`Crustaceans`, short: msg`Crustaceans` },
  eggs: { full: msg`Eggs`, short: msg`Eggs` },
  fish: { full: msg`Fish`, short: msg`Fish` },
  peanuts: { full: msg`Peanuts`, short: msg`Peanuts` },
  soybeans: { full: msg`Soybeans`, short: msg`Soy` },
  milk: { full: msg`Milk`, short: msg`Milk` },
  nuts: { full: msg`Nuts (tree nuts)`, short: msg`Nuts` },
  celery: { full: msg`Celery`, short: msg`Celery` },
  mustard: { full: msg`Mustard`, short: msg`Mustard` },
  sesame: { full: msg`Sesame seeds`, short: msg`Sesame` },
  sulphites: { full: msg`Sulphur dioxide and sulphites`, short: msg`Sulphites` },
  lupin: { full: msg`Lupin`, short: msg`Lupin` },
  molluscs: { full: msg`Molluscs`, short: msg`Molluscs` },
};

export const DIETARY_NAMES: Readonly<Record<DietaryTag, MessageDescriptor>> = {
  vegetarian: msg`Vegetarian`,
  vegan: msg`Vegan`,
  "gluten-free": msg`Gluten-free`,
};
