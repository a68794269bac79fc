/**
 * How every staff change to a store's catalogue runs: as every audited admin change
 * (staff/audited-write.ts: once per Idempotency-Key, one transaction, an audit entry), which also
 * bumps the store's catalogue_version (which the menu cache, the placement's kept catalogue and the
 * service worker follow); then this process's cached menus of the store are dropped before the
 * answer goes out (which also tells guests' open menus: realtime/catalogue-publisher.ts).
 */
import type { Kysely } from "kysely";
import { bumpCatalogueVersion } from "../db/repositories/orders.repository";
import type { Database } from "../db/schema";
import { conflict } from "../http/api-error";
import type { OrdersContext } from "../orders/context";
import type { StoredAnswer } from "../orders/idempotency";
import type { StaffMember } from "../routes/staff-orders/staff-session";
import { type AuditedChange, type AuditedWriteCall, runAuditedWrite } from "../staff/audited-write";

export async function runCatalogueWrite(
  ctx: OrdersContext,
  staff: StaffMember,
  key: string,
  call: AuditedWriteCall,
  change: (trx: Kysely<Database>) => Promise<AuditedChange>,
  status: 200 | 201 = 200,
): Promise<StoredAnswer> {
  let changed = false;
  const answer = await runAuditedWrite(ctx, staff, key, call, change, {
    status,
    alongside: async (trx) => {
      await bumpCatalogueVersion(trx, staff.storeId);
      changed = true;
    },
  });
  if (changed) ctx.menuCache.invalidateStore(staff.storeId);
  return answer;
}

const VERSIONED = {
  items: { what: "item", code: "ITEM_CHANGED" },
  services: { what: "service", code: "SERVICE_CHANGED" },
  categories: { what: "category", code: "CATEGORY_CHANGED" },
  spots: { what: "spot", code: "SPOT_CHANGED" },
} as const;

/**
 * Refuses an edit naming another version than the stored one, then moves the version by one in
 * an update that names the version it read, so two edits of one version cannot both pass.
 */
export async function moveVersion(
  trx: Kysely<Database>,
  table: keyof typeof VERSIONED,
  row: { id: number; version: number },
  named: number | undefined,
): Promise<number> {
  const { what, code } = VERSIONED[table];
  if (named !== undefined && named !== row.version) {
    throw conflict(code, `This ${what} was changed meanwhile: it is at version ${row.version} now`, {
      version: row.version,
    });
  }
  const next = row.version + 1;
  const updated = await trx
    .updateTable(table)
    .set({ version: next })
    .where("id", "=", row.id)
    .where("version", "=", row.version)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) {
    throw conflict(code, `This ${what} was changed meanwhile`, { version: next });
  }
  return next;
}
