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
import { hashPin, verifyPin } from "../staff/pin-hash";
import { childPath, type Issue } from "../validation/issues";
import { notifyCatalogueChanged } from "./catalogue-events";
import { droppedOrderedIds } from "./ordered-ids";
import type { SemanticCheckOptions } from "./semantic-checks";
import { validateVenueFile } from "./validate";
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

/**
 * Thrown inside the transaction to roll it back (ids of another store, ids orders need, a new
 * member without a PIN); never escapes importVenue.
 */
class Refused extends Error {
  constructor(readonly issues: Issue[]) {
    super("venue file refused");
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
  const pins = await staffPinHashes(db, storeId, index);
  if (!pins.ok) return pins;

  let replaced: ReplacedCatalogue;
  try {
    replaced = await db.transaction().execute(async (trx) => {
      const foreign = await findIdsOwnedByOtherStores(trx, storeId, idsByTable(index));
      if (foreign.length > 0) throw new Refused(foreignIdIssues(index, foreign));
      const dropped = await droppedOrderedIds(trx, storeId, index);
      if (dropped.length > 0) throw new Refused(dropped);
      const kept = await keptPinHashes(trx, storeId, index);
      if (!kept.ok) throw new Refused(kept.issues);
      const rows = catalogueRows(file, index, new Map([...kept.hashes, ...pins.hashes]));
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
    if (error instanceof Refused) return { ok: false, issues: error.issues };
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

type PinHashes = { ok: true; hashes: Map<number, string> } | { ok: false; issues: Issue[] };

/**
 * The hashes of the PINs the file gives, after checking that none is the PIN a member without a
 * `pin` keeps (that one is stored only hashed, so the file cannot show the clash itself).
 */
async function staffPinHashes(db: Kysely<Database>, storeId: number, index: VenueIndex): Promise<PinHashes> {
  const given = index.staff.filter((entry) => entry.value.pin !== undefined);
  const kept = await keptPinHashes(db, storeId, index);
  if (!kept.ok) return kept;
  const issues: Issue[] = [];
  await Promise.all(
    given.map(async ({ value, path: memberPath }) => {
      for (const [memberId, hash] of kept.hashes) {
        if (await verifyPin(value.pin ?? "", hash)) {
          const owner = index.staff.find((entry) => entry.value.id === memberId);
          issues.push({
            path: childPath(memberPath, "pin"),
            message: `same PIN as the one ${owner?.path ?? `staff member ${memberId}`} keeps; PINs must be unique within a store`,
          });
        }
      }
    }),
  );
  if (issues.length > 0) return { ok: false, issues };
  const hashes = await Promise.all(given.map(async ({ value }) => [value.id, await hashPin(value.pin ?? "")] as const));
  return { ok: true, hashes: new Map(hashes) };
}

/**
 * The stored PIN hash of each member the file gives without a `pin` (an exported file carries
 * none): the same id in the same store keeps its PIN; a member new to the store must have one.
 */
async function keptPinHashes(db: Kysely<Database>, storeId: number, index: VenueIndex): Promise<PinHashes> {
  const without = index.staff.filter((entry) => entry.value.pin === undefined);
  if (without.length === 0) return { ok: true, hashes: new Map() };
  const stored = await db
    .selectFrom("staff")
    .select(["id", "pin_hash"])
    .where("store_id", "=", storeId)
    .where(
      "id",
      "in",
      without.map((entry) => entry.value.id),
    )
    .execute();
  const hashOf = new Map(stored.map((row) => [row.id, row.pin_hash]));
  const issues = without
    .filter((entry) => !hashOf.has(entry.value.id))
    .map((entry) => ({
      path: childPath(entry.path, "pin"),
      message: `required for a new staff member (store ${storeId} has no member ${entry.value.id} whose PIN to keep)`,
    }));
  return issues.length > 0 ? { ok: false, issues } : { ok: true, hashes: hashOf };
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
