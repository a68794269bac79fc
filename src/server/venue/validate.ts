/**
 * Checks a venue file before anything is written: first its shape (the JSON Schema of
 * venue-file.ts), then the rules in semantic-checks.ts. Problems come back as Issues rendered as
 * `services[0].categories[2].items[3].priceCents: must be >= 0`.
 */
import { Compile } from "typebox/compile";
import type { Issue } from "../validation/issues";
import { schemaIssues } from "../validation/schema-issues";
import { type SemanticCheckOptions, semanticIssues } from "./semantic-checks";
import { type VenueFile, VenueFileSchema } from "./venue-file";
import { indexVenue, type VenueIndex } from "./venue-index";

export type VenueValidation = { ok: true; file: VenueFile; index: VenueIndex } | { ok: false; issues: Issue[] };

const venueFileValidator = Compile(VenueFileSchema);

export function validateVenueFile(input: unknown, options: SemanticCheckOptions): VenueValidation {
  if (!venueFileValidator.Check(input)) {
    return { ok: false, issues: schemaIssues(venueFileValidator.Errors(input)) };
  }
  const file: VenueFile = input;
  const index = indexVenue(file);
  const issues = semanticIssues(file, options, index);
  return issues.length > 0 ? { ok: false, issues } : { ok: true, file, index };
}
