import type { Generated, Insertable, Selectable } from "kysely";
import type { IsoInstant, JsonText } from "../columns";

/**
 * Who changed what in a store and when (src/server/staff/audit.ts). The actor's name is copied, not
 * joined, so an entry still reads after the staff member is gone; before/after hold only the
 * changed fields (null: nothing before, as on a creation, or nothing kept, as on an import).
 */
export interface AuditEntriesTable {
  id: Generated<number>;
  store_id: number;
  at: IsoInstant;
  /** users.id of the staff account; null for the venue:import command line. */
  actor_user_id: number | null;
  actor_name: string;
  action: string;
  subject_kind: string;
  subject_id: number | null;
  subject_label: string;
  before_json: JsonText<unknown> | null;
  after_json: JsonText<unknown> | null;
}

export type AuditEntryRow = Selectable<AuditEntriesTable>;
export type NewAuditEntryRow = Insertable<AuditEntriesTable>;
