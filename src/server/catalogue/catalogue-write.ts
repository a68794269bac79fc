/**
 * How every staff change to a store's catalogue runs: once per Idempotency-Key, in one
 * transaction that claims the key, makes the change, records it in the store's audit list, bumps
 * the store's catalogue_version (which the menu cache, the placement's kept catalogue and the
 * service worker follow) and stores the answer; then this process's cached menus of the store are
 * dropped before the answer goes out (which also tells guests' open menus: realtime/catalogue-publisher.ts).
 */
import type { Kysely } from "kysely";
import { bumpCatalogueVersion } from "../db/repositories/orders.repository";
import type { Database } from "../db/schema";
import { conflict } from "../http/api-error";
import type { OrdersContext } from "../orders/context";
import { runOnce, type StoredAnswer } from "../orders/idempotency";
import { requestHash } from "../orders/request-hash";
import type { StaffMember } from "../routes/staff-orders/staff-session";
import { type AuditRecord, recordAudit } from "../staff/audit";

export interface CatalogueWriteCall {
  /** Names the change for the key's request hash, e.g. `services/10`. */
  route: string;
  body: unknown;
}

/** A change made: its answer, and what the store's audit list keeps of it. */
export interface AuditedChange {
  answer: unknown;
  audit: Pick<AuditRecord, "action" | "subject" | "before" | "after">;
}

export async function runCatalogueWrite(
  ctx: OrdersContext,
  staff: StaffMember,
  key: string,
  call: CatalogueWriteCall,
  change: (trx: Kysely<Database>) => Promise<AuditedChange>,
  status: 200 | 201 = 200,
): Promise<StoredAnswer> {
  let changed = false;
  const answer = await runOnce(
    ctx,
    { userId: staff.userId, key, hash: requestHash(call) },
    { claimFirst: false },
    (claim) =>
      ctx.db.transaction().execute(async (trx) => {
        const earlier = await claim.claim(trx);
        if (earlier !== null) return earlier;
        const made = await change(trx);
        await recordAudit(trx, {
          storeId: staff.storeId,
          actor: { userId: staff.userId, name: staff.name },
          ...made.audit,
          at: ctx.now().toISOString(),
        });
        await bumpCatalogueVersion(trx, staff.storeId);
        const body = JSON.stringify(made.answer);
        await claim.finish(trx, { status, body, orderId: null });
        changed = true;
        return { status, body };
      }),
  );
  if (changed) ctx.menuCache.invalidateStore(staff.storeId);
  return answer;
}

/** The fields an edit names, as they were and as they are: what the audit list keeps of it. */
export function touchedFields<T extends object>(edit: object, before: T, after: T) {
  const fields = Object.keys(edit).filter((field) => field !== "version") as (keyof T)[];
  return {
    before: Object.fromEntries(fields.map((field) => [field, before[field]])),
    after: Object.fromEntries(fields.map((field) => [field, after[field]])),
  };
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
