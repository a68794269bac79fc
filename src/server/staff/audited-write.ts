/**
 * How every admin change to a store runs (its catalogue, spots or staff): once per
 * Idempotency-Key, in one transaction that claims the key, makes the change, records it in the
 * store's audit list and stores the answer. `alongside` adds what a kind of change also writes in
 * the same transaction (a catalogue change bumps the catalogue version: catalogue-write.ts).
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { OrdersContext } from "../orders/context";
import { runOnce, type StoredAnswer } from "../orders/idempotency";
import { requestHash } from "../orders/request-hash";
import type { StaffMember } from "../routes/staff-orders/staff-session";
import { type AuditRecord, recordAudit } from "./audit";

export interface AuditedWriteCall {
  /** Names the change for the key's request hash, e.g. `services/10`. */
  route: string;
  body: unknown;
}

/** A change made: its answer, and what the store's audit list keeps of it. */
export interface AuditedChange {
  answer: unknown;
  audit: Pick<AuditRecord, "action" | "subject" | "before" | "after">;
}

export async function runAuditedWrite(
  ctx: OrdersContext,
  staff: StaffMember,
  key: string,
  call: AuditedWriteCall,
  change: (trx: Kysely<Database>) => Promise<AuditedChange>,
  options: { status?: 200 | 201; alongside?: (trx: Kysely<Database>) => Promise<unknown> } = {},
): Promise<StoredAnswer> {
  const status = options.status ?? 200;
  return runOnce(ctx, { userId: staff.userId, key, hash: requestHash(call) }, { claimFirst: false }, (claim) =>
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
      await options.alongside?.(trx);
      const body = JSON.stringify(made.answer);
      await claim.finish(trx, { status, body, orderId: null });
      return { status, body };
    }),
  );
}

/** The fields an edit names, as they were and as they are: what the audit list keeps of it. */
export function touchedFields<T extends object>(edit: object, before: T, after: T) {
  const fields = Object.keys(edit).filter((field) => field !== "version") as (keyof T)[];
  return {
    before: Object.fromEntries(fields.map((field) => [field, before[field]])),
    after: Object.fromEntries(fields.map((field) => [field, after[field]])),
  };
}
