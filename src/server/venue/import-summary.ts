import type { ImportSummary } from "./import";
import { ENTITY_LABEL, ENTITY_LABEL_PLURAL, type EntityKind } from "./venue-index";

/** `store 1 created (catalogue version 1): 2 services, 5 categories, ...` */
export function describeImport(summary: ImportSummary): string {
  const counts = (Object.keys(summary.counts) as EntityKind[])
    .map(
      (kind) =>
        `${summary.counts[kind]} ${summary.counts[kind] === 1 ? ENTITY_LABEL[kind] : ENTITY_LABEL_PLURAL[kind]}`,
    )
    .join(", ");
  const what = summary.created ? "created" : "replaced";
  return `store ${summary.storeId} ${what} (catalogue version ${summary.catalogueVersion}): ${counts}`;
}
