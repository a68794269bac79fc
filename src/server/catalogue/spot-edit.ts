/**
 * An admin lists, adds and edits the spots guests order from, by the venue file's rules: a spot's
 * type must be one a service is available at (else its guests would see an empty screen), and a
 * section the floor plan does not have yet is added to it, after the others, as an import does for
 * a section only spots name. Ids are printed in QR codes and are global: a new spot takes the id
 * given or the next free one, never one in use. How a change runs: catalogue-write.ts.
 */
import type { Kysely } from "kysely";
import type { SpotType } from "../../domain/spots";
import type { SpotCreate, SpotEdit, StaffSpot, StaffSpots } from "../../domain/staff-spots-api";
import { fromDbBoolean, toDbBoolean, toJsonText } from "../db/columns";
import { insertUnderFreeId } from "../db/free-id";
import type { Database } from "../db/schema";
import type { SpotRow } from "../db/tables/catalogue.tables";
import { badRequest, conflict, notFound } from "../http/api-error";
import { floorPlanOf } from "../openings/floor-plan";
import type { OrdersContext } from "../orders/context";
import type { StoredAnswer } from "../orders/idempotency";
import type { StaffMember } from "../routes/staff-orders/staff-session";
import { touchedFields } from "../staff/audited-write";
import { moveVersion, runCatalogueWrite } from "./catalogue-write";
import { serviceAvailableAt, spotNamesOf } from "./presenters";

/** Where a spot's QR code leads: the services page of the spot. */
export function spotUrl(publicBase: string, spotId: number): string {
  return `${publicBase.replace(/\/+$/, "")}/menu/${spotId}`;
}

function staffSpot(row: SpotRow, publicBase: string): StaffSpot {
  return {
    spotId: row.id,
    version: row.version,
    name: row.name,
    names: spotNamesOf(row),
    type: row.type,
    capacity: row.capacity,
    section: row.section,
    isPda: fromDbBoolean(row.is_pda),
    url: spotUrl(publicBase, row.id),
  };
}

export async function listSpots(db: Kysely<Database>, storeId: number, publicBase: string): Promise<StaffSpots> {
  const [spots, store] = await Promise.all([
    db.selectFrom("spots").selectAll().where("store_id", "=", storeId).orderBy("position").orderBy("id").execute(),
    db.selectFrom("stores").select("floor_plan").where("id", "=", storeId).executeTakeFirst(),
  ]);
  return {
    spots: spots.map((spot) => staffSpot(spot, publicBase)),
    sections: floorPlanOf(store?.floor_plan).sections.map((section) => section.name),
  };
}

export function createSpot(
  ctx: OrdersContext,
  staff: StaffMember,
  key: string,
  spot: SpotCreate,
  publicBase: string,
): Promise<StoredAnswer> {
  return runCatalogueWrite(
    ctx,
    staff,
    key,
    { route: "spots", body: spot },
    async (trx) => {
      await requireServed(trx, staff.storeId, spot.type);
      const last = await trx
        .selectFrom("spots")
        .select((eb) => eb.fn.max("position").as("position"))
        .where("store_id", "=", staff.storeId)
        .executeTakeFirst();
      const section = spot.section ?? "";
      await addSectionIfNew(trx, staff.storeId, section);
      const row = await insertUnderFreeId(
        spot.id,
        () => nextFreeSpotId(trx),
        (id) =>
          trx
            .insertInto("spots")
            .values({
              id,
              store_id: staff.storeId,
              name: spot.name,
              names: spot.names === undefined ? null : toJsonText(spot.names),
              type: spot.type,
              capacity: spot.capacity ?? 0,
              section,
              is_pda: toDbBoolean(spot.isPda ?? false),
              position: Number(last?.position ?? -1) + 1,
            })
            .onConflict((conflicting) => conflicting.column("id").doNothing())
            .returningAll()
            .executeTakeFirst(),
        (id) => conflict("SPOT_ID_TAKEN", `id: ${id} is already a spot's`),
      );
      const id = row.id;
      const created = staffSpot(row, publicBase);
      return {
        answer: created,
        audit: { action: "spot.create", subject: { kind: "spot", id, label: spot.name }, before: null, after: spot },
      };
    },
    201,
  );
}

export function editSpot(
  ctx: OrdersContext,
  staff: StaffMember,
  key: string,
  spotId: number,
  edit: SpotEdit,
  publicBase: string,
): Promise<StoredAnswer> {
  return runCatalogueWrite(ctx, staff, key, { route: `spots/${spotId}`, body: edit }, async (trx) => {
    const row = await trx
      .selectFrom("spots")
      .selectAll()
      .where("id", "=", spotId)
      .where("store_id", "=", staff.storeId)
      .executeTakeFirst();
    if (row === undefined) throw notFound("NOT_FOUND", `There is no spot ${spotId} in this store`);
    const { version, ...fields } = edit;
    const nextVersion = await moveVersion(trx, "spots", row, version);
    if (fields.type !== undefined) await requireServed(trx, staff.storeId, fields.type);
    if (fields.section !== undefined) await addSectionIfNew(trx, staff.storeId, fields.section);
    const columns = {
      name: fields.name ?? row.name,
      names: fields.names === undefined ? row.names : fields.names === null ? null : toJsonText(fields.names),
      type: fields.type ?? row.type,
      capacity: fields.capacity ?? row.capacity,
      section: fields.section ?? row.section,
    };
    await trx.updateTable("spots").set(columns).where("id", "=", spotId).execute();
    const edited = staffSpot({ ...row, ...columns, version: nextVersion }, publicBase);
    return {
      answer: edited,
      audit: {
        action: "spot.edit",
        subject: { kind: "spot", id: spotId, label: row.name },
        ...touchedFields(fields, staffSpot(row, publicBase), edited),
      },
    };
  });
}

async function requireServed(trx: Kysely<Database>, storeId: number, type: SpotType): Promise<void> {
  const services = await trx.selectFrom("services").selectAll().where("store_id", "=", storeId).execute();
  if (!services.some((service) => serviceAvailableAt(service).includes(type))) {
    throw badRequest(`type: no service is available at ${type} spots`);
  }
}

/** Spot ids are global (a QR code names only the spot): the next one after every store's. */
async function nextFreeSpotId(trx: Kysely<Database>): Promise<number> {
  const highest = await trx
    .selectFrom("spots")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return Number(highest?.id ?? 0) + 1;
}

async function addSectionIfNew(trx: Kysely<Database>, storeId: number, section: string): Promise<void> {
  if (section === "") return;
  const store = await trx.selectFrom("stores").select("floor_plan").where("id", "=", storeId).executeTakeFirstOrThrow();
  const plan = floorPlanOf(store.floor_plan);
  if (plan.sections.some((known) => known.name === section)) return;
  const sections = [...plan.sections, { name: section, tableFamily: null, minimumConsumption: null }];
  await trx
    .updateTable("stores")
    .set({ floor_plan: toJsonText({ ...plan, sections }) })
    .where("id", "=", storeId)
    .execute();
}
