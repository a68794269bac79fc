/**
 * Imports a venue file: replaces the store's whole catalogue (services, menus, spots, staff) in one
 * transaction, keeping the file's ids, and bumps the store's catalogue_version. An invalid file, or
 * one that claims ids another store owns, imports nothing.
 */
import type { Kysely } from "kysely";
import { nowIso } from "../db/columns";
import {
  findIdsOwnedByOtherStores,
  type ReplacedCatalogue,
  replaceStoreCatalogue,
  type StoreOwnedTable,
} from "../db/repositories/catalogue-import.repository";
import type { Database } from "../db/schema";
import { type AuditActor, COMMAND_LINE_ACTOR, recordAudit } from "../staff/audit";
import { hashPin } from "../staff/pin-hash";
import { childPath, type Issue } from "../validation/issues";
import { notifyCatalogueChanged } from "./catalogue-events";
import { droppedOrderedIds } from "./ordered-ids";
import type { SemanticCheckOptions } from "./semantic-checks";
import { validateVenueFile } from "./validate";
import type { StaffFile } from "./venue-file";
import { ENTITY_LABEL, type EntityKind, type VenueIndex } from "./venue-index";
import { catalogueRows } from "./venue-rows";

export interface ImportSummary {
  storeId: number;
  catalogueVersion: number;
  /** true when the store did not exist before */
  created: boolean;
  counts: Record<EntityKind, number>;
}

export type ImportOutcome = { ok: true; summary: ImportSummary } | { ok: false; issues: Issue[] };

export interface ImportOptions extends SemanticCheckOptions {
  /** Who imports, for the store's audit list; default the venue:import command line. */
  actor?: AuditActor;
}

const TABLE_OF: Record<EntityKind, StoreOwnedTable> = {
  services: "services",
  categories: "categories",
  items: "items",
  groups: "subselection_groups",
  options: "subselection_options",
  spots: "spots",
  staff: "staff",
  stations: "stations",
};

const KINDS = Object.keys(TABLE_OF) as EntityKind[];

/** Thrown inside the transaction to roll it back (ids of another store, or ids orders need); never escapes importVenue. */
class IdsOwnedElsewhere extends Error {
  constructor(readonly issues: Issue[]) {
    super("ids owned by another store");
  }
}

export async function importVenue(
  db: Kysely<Database>,
  input: unknown,
  options: ImportOptions,
): Promise<ImportOutcome> {
  const validation = validateVenueFile(input, options);
  if (!validation.ok) return validation;
  const { file, index } = validation;
  const storeId = file.store.id;

  // scrypt is slow on purpose: hash before the transaction so it never holds the write lock.
  const rows = catalogueRows(file, index, await hashPins(file.staff ?? []));

  let replaced: ReplacedCatalogue;
  try {
    replaced = await db.transaction().execute(async (trx) => {
      const foreign = await findIdsOwnedByOtherStores(trx, storeId, idsByTable(index));
      if (foreign.length > 0) throw new IdsOwnedElsewhere(foreignIdIssues(index, foreign));
      const dropped = await droppedOrderedIds(trx, storeId, index);
      if (dropped.length > 0) throw new IdsOwnedElsewhere(dropped);
      const at = nowIso();
      const done = await replaceStoreCatalogue(trx, rows, at);
      // One entry with a summary: the file itself may be megabytes and holds the staff's PINs.
      await recordAudit(trx, {
        storeId,
        actor: options.actor ?? COMMAND_LINE_ACTOR,
        action: "catalogue.import",
        subject: { kind: "store", id: storeId, label: file.store.names.GRE.name },
        before: null,
        after: { catalogueVersion: done.catalogueVersion, created: done.created, counts: countsOf(index) },
        at,
      });
      return done;
    });
  } catch (error) {
    if (error instanceof IdsOwnedElsewhere) return { ok: false, issues: error.issues };
    throw error;
  }

  notifyCatalogueChanged(storeId);
  return {
    ok: true,
    summary: {
      storeId,
      catalogueVersion: replaced.catalogueVersion,
      created: replaced.created,
      counts: countsOf(index),
    },
  };
}

function countsOf(index: VenueIndex): Record<EntityKind, number> {
  return Object.fromEntries(KINDS.map((kind) => [kind, index[kind].length])) as Record<EntityKind, number>;
}

async function hashPins(staff: readonly StaffFile[]): Promise<Map<number, string>> {
  const hashes = await Promise.all(staff.map(async (member) => [member.id, await hashPin(member.pin)] as const));
  return new Map(hashes);
}

function idsByTable(index: VenueIndex): Map<StoreOwnedTable, number[]> {
  return new Map(KINDS.map((kind) => [TABLE_OF[kind], index[kind].map((entry) => entry.value.id)]));
}

function foreignIdIssues(
  index: VenueIndex,
  foreign: ReadonlyArray<{ table: StoreOwnedTable; id: number; ownerStoreId: number }>,
): Issue[] {
  return foreign.map(({ table, id, ownerStoreId }) => {
    const kind = KINDS.find((k) => TABLE_OF[k] === table) ?? "items";
    const entry = index[kind].find((e) => e.value.id === id);
    return {
      path: entry ? childPath(entry.path, "id") : kind,
      message: `${ENTITY_LABEL[kind]} id ${id} belongs to store ${ownerStoreId}; ids are unique across stores`,
    };
  });
}
