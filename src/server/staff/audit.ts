/**
 * The store's audit list: who changed what and when. recordAudit is called with the transaction
 * of the change it records, so the entry commits or rolls back with it. Before and after hold
 * only the fields the change touched; an import keeps a summary (counts), not the whole file.
 */
import type { Kysely } from "kysely";
import { AUDIT_PAGE_DEFAULT, type AuditEntry, type AuditPage } from "../../domain/staff-admin-api";
import { fromJsonText, toJsonText } from "../db/columns";
import type { Database } from "../db/schema";

export interface AuditActor {
  /** users.id of the staff account; null for the venue:import command line. */
  userId: number | null;
  name: string;
}

/** The actor of a change made with `npm run venue:import`. */
export const COMMAND_LINE_ACTOR: AuditActor = { userId: null, name: "venue:import" };

export interface AuditRecord {
  storeId: number;
  actor: AuditActor;
  action: string;
  subject: { kind: string; id: number | null; label: string };
  before: unknown;
  after: unknown;
  at: string;
}

export async function recordAudit(trx: Kysely<Database>, record: AuditRecord): Promise<void> {
  await trx
    .insertInto("audit_entries")
    .values({
      store_id: record.storeId,
      at: record.at,
      actor_user_id: record.actor.userId,
      actor_name: record.actor.name,
      action: record.action,
      subject_kind: record.subject.kind,
      subject_id: record.subject.id,
      subject_label: record.subject.label,
      before_json: record.before === null || record.before === undefined ? null : toJsonText(record.before),
      after_json: record.after === null || record.after === undefined ? null : toJsonText(record.after),
    })
    .execute();
}

/** One page of the store's entries, newest first, older than `before` when given. */
export async function listAudit(
  db: Kysely<Database>,
  storeId: number,
  { before, limit = AUDIT_PAGE_DEFAULT }: { before?: number; limit?: number },
): Promise<AuditPage> {
  let query = db.selectFrom("audit_entries").selectAll().where("store_id", "=", storeId);
  if (before !== undefined) query = query.where("id", "<", before);
  // One more than asked says whether an older page exists.
  const rows = await query
    .orderBy("id", "desc")
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const entries: AuditEntry[] = page.map((row) => ({
    id: row.id,
    at: row.at,
    actor: { userId: row.actor_user_id, name: row.actor_name },
    action: row.action,
    subject: { kind: row.subject_kind, id: row.subject_id, label: row.subject_label },
    before: row.before_json === null ? null : fromJsonText(row.before_json),
    after: row.after_json === null ? null : fromJsonText(row.after_json),
  }));
  const last = page[page.length - 1];
  return { entries, next: rows.length > limit && last !== undefined ? last.id : null };
}

/** An item's label in the list: its Greek name, as staff read the menu. */
export function itemLabel(names: string): string {
  const parsed = fromJsonText<Record<string, { name?: string }>>(names);
  return parsed.GRE?.name ?? parsed.ENG?.name ?? "";
}
