/** The JSON Schema of the venue file, as editors want it (draft 2020-12, with a title). */
import { VenueFileSchema } from "./venue-file";

export function venueJsonSchema(): Record<string, unknown> {
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    title: "Venue file",
    description:
      "A store with its services, menus, spots and staff. Import with `npm run venue:import -- FILE`. Ids must stay stable between imports. Money is integer cents; times are HH:MM in Europe/Athens.",
    ...VenueFileSchema,
  };
}

export function venueJsonSchemaText(): string {
  return `${JSON.stringify(venueJsonSchema(), null, 2)}\n`;
}
