import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { VENUE_JSON_SCHEMA_FILE } from "../paths";
import { venueJsonSchemaText } from "./venue-json-schema";

describe("venues/venue.schema.json (brief §2 schema CLI, for editor autocompletion)", () => {
  it("is current with venue-file.ts (regenerate with: tsx src/server/venue/schema-cli.ts)", () => {
    expect(readFileSync(VENUE_JSON_SCHEMA_FILE, "utf8")).toBe(venueJsonSchemaText());
  });

  it("is a draft 2020-12 schema with no TypeBox internals", () => {
    const text = venueJsonSchemaText();
    expect(JSON.parse(text).$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(text).not.toContain("~kind");
  });
});
