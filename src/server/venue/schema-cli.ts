/**
 * Writes venues/venue.schema.json from venue-file.ts. A venue file that starts with
 * `"$schema": "../venue.schema.json"` then gets autocompletion and checks in editors.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { PROJECT_ROOT, VENUE_JSON_SCHEMA_FILE } from "../paths";
import { venueJsonSchemaText } from "./venue-json-schema";

await writeFile(VENUE_JSON_SCHEMA_FILE, venueJsonSchemaText());
process.stdout.write(`wrote ${path.relative(PROJECT_ROOT, VENUE_JSON_SCHEMA_FILE)}\n`);
