/**
 * Traces of a phone or e-mail the person no longer has: messages sent to it or
 * naming it, and codes sent to it. They go when the account is deleted, and when the person
 * changes phone or e-mail, since the product then no longer knows the old one was theirs (and the
 * number may be given to someone else). Memberships the venue registered for the old number move
 * to the new one: they belong to the person, who proved holding both.
 */
import type { Kysely } from "kysely";
import { deleteCodesSentTo, deleteMessagesAbout, moveMemberships } from "../db/repositories/personal-data.repository";
import type { Database } from "../db/schema";

/** Messages to or naming these phones or addresses, and codes sent to them. */
export async function forgetIdentifiers(db: Kysely<Database>, identifiers: readonly string[]): Promise<void> {
  await deleteMessagesAbout(db, identifiers);
  await deleteCodesSentTo(db, identifiers);
}

/** After a change of phone: the old number's traces go, its memberships follow the person. */
export async function forgetPreviousPhone(
  db: Kysely<Database>,
  previous: string | null,
  current: string,
): Promise<void> {
  if (previous === null || previous === current) return;
  await forgetIdentifiers(db, [previous]);
  await moveMemberships(db, previous, current);
}

/** After a change of e-mail (or its removal): the old address's traces go. */
export async function forgetPreviousEmail(
  db: Kysely<Database>,
  previous: string | null,
  current: string | null,
): Promise<void> {
  if (previous === null || previous === current) return;
  await forgetIdentifiers(db, [previous]);
}
