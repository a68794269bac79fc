import type { Generated, Insertable, Selectable } from "kysely";
import type { IsoInstant } from "../columns";

/**
 * Members of a store (spec §1 membership, "all-inclusive" in hotels): registered by the venue,
 * e.g. a hotel guest for the nights of the stay, by phone number so the venue can register a guest
 * who has no account yet. Member prices apply to the account whose phone matches.
 */
export interface MembershipsTable {
  id: Generated<number>;
  store_id: number;
  /** E.164 */
  phone: string;
  /** null: from the start / without end */
  valid_from: IsoInstant | null;
  valid_until: IsoInstant | null;
  created_at: IsoInstant;
}

export type MembershipRow = Selectable<MembershipsTable>;
export type NewMembershipRow = Insertable<MembershipsTable>;
