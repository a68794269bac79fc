/**
 * Writes of a venue import: which of the file's ids another store owns, and the replacement of a
 * store's whole catalogue. Call both inside one transaction.
 */
import { type Insertable, type Kysely, sql } from "kysely";
import type { Database } from "../schema";
import type {
  NewCategoryRow,
  NewItemRow,
  NewServiceRow,
  NewSpotRow,
  NewStoreRow,
  NewSubselectionGroupRow,
  NewSubselectionOptionRow,
} from "../tables/catalogue.tables";
import type { NewStationRow } from "../tables/kitchen.tables";
import type { NewStaffRow } from "../tables/staff.table";

export interface CatalogueRows {
  store: Omit<NewStoreRow, "catalogue_version" | "created_at" | "updated_at">;
  services: NewServiceRow[];
  categories: NewCategoryRow[];
  items: NewItemRow[];
  groups: NewSubselectionGroupRow[];
  options: NewSubselectionOptionRow[];
  spots: NewSpotRow[];
  staff: NewStaffRow[];
  stations: NewStationRow[];
}

/** Tables whose ids a venue file chooses, each with a store_id column. */
export type StoreOwnedTable =
  | "services"
  | "categories"
  | "items"
  | "subselection_groups"
  | "subselection_options"
  | "spots"
  | "staff"
  | "stations";

export interface ForeignId {
  table: StoreOwnedTable;
  id: number;
  ownerStoreId: number;
}

/** Up to a few thousand parameters per statement keeps every SQLite and PostgreSQL build happy. */
const IDS_PER_QUERY = 500;
const PARAMETERS_PER_INSERT = 5000;

export async function findIdsOwnedByOtherStores(
  db: Kysely<Database>,
  storeId: number,
  idsByTable: ReadonlyMap<StoreOwnedTable, readonly number[]>,
): Promise<ForeignId[]> {
  const found: ForeignId[] = [];
  for (const [table, ids] of idsByTable) {
    for (const chunk of chunks(ids, IDS_PER_QUERY)) {
      const rows = await db
        .selectFrom(table)
        .select(["id", "store_id"])
        .where("id", "in", chunk)
        .where("store_id", "<>", storeId)
        .execute();
      found.push(...rows.map((row) => ({ table, id: row.id, ownerStoreId: row.store_id })));
    }
  }
  return found;
}

export interface ReplacedCatalogue {
  catalogueVersion: number;
  created: boolean;
}

/**
 * Creates the store or updates it (bumping catalogue_version), deletes all of its catalogue rows
 * and inserts the given ones. Children are deleted before parents and inserted after them, so the
 * foreign keys hold at every statement.
 */
export async function replaceStoreCatalogue(
  db: Kysely<Database>,
  rows: CatalogueRows,
  now: string,
): Promise<ReplacedCatalogue> {
  const storeId = rows.store.id;
  const { catalogue_version } = await db
    .insertInto("stores")
    .values({ ...rows.store, catalogue_version: 1, created_at: now, updated_at: now })
    .onConflict((conflict) =>
      conflict.column("id").doUpdateSet((eb) => ({
        names: eb.ref("excluded.names"),
        is_hotel: eb.ref("excluded.is_hotel"),
        read_only: eb.ref("excluded.read_only"),
        interactive_catalogue: eb.ref("excluded.interactive_catalogue"),
        extra_languages: eb.ref("excluded.extra_languages"),
        add_button_wording: eb.ref("excluded.add_button_wording"),
        contact: eb.ref("excluded.contact"),
        order_acceptance_minutes: eb.ref("excluded.order_acceptance_minutes"),
        max_orders_per_spot_per_day: eb.ref("excluded.max_orders_per_spot_per_day"),
        card_payments_enabled: eb.ref("excluded.card_payments_enabled"),
        charge_to_room_enabled: eb.ref("excluded.charge_to_room_enabled"),
        location_latitude: eb.ref("excluded.location_latitude"),
        location_longitude: eb.ref("excluded.location_longitude"),
        location_radius_meters: eb.ref("excluded.location_radius_meters"),
        floor_plan: eb.ref("excluded.floor_plan"),
        preparation_shown: eb.ref("excluded.preparation_shown"),
        catalogue_version: sql<number>`stores.catalogue_version + 1`,
        updated_at: eb.ref("excluded.updated_at"),
      })),
    )
    .returning("catalogue_version")
    .executeTakeFirstOrThrow();

  for (const table of [
    "subselection_options",
    "subselection_groups",
    "items",
    "categories",
    "services",
    "spots",
    "staff",
    "stations",
  ] as const) {
    await db.deleteFrom(table).where("store_id", "=", storeId).execute();
  }

  await insertAll(db, "services", rows.services);
  await insertAll(db, "categories", rows.categories);
  await insertAll(db, "items", rows.items);
  await insertAll(db, "subselection_groups", rows.groups);
  await insertAll(db, "subselection_options", rows.options);
  await insertAll(db, "spots", rows.spots);
  await insertAll(db, "staff", rows.staff);
  await insertAll(db, "stations", rows.stations);

  return { catalogueVersion: catalogue_version, created: catalogue_version === 1 };
}

async function insertAll<T extends StoreOwnedTable>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  const first = rows[0];
  if (first === undefined) return;
  const rowsPerInsert = Math.max(1, Math.floor(PARAMETERS_PER_INSERT / Object.keys(first).length));
  for (const chunk of chunks(rows, rowsPerInsert)) {
    await db.insertInto(table).values(chunk).execute();
  }
}

function* chunks<T>(values: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < values.length; start += size) yield values.slice(start, start + size);
}
