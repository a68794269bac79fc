/**
 * Inserts a row under a given id, or else under the next free one. Spot and staff ids are global
 * across stores (a QR code names only its spot; venue files give each store a range), and the next
 * free one is the highest plus one, which two adds running at once on PostgreSQL both read. The
 * insert skips an id taken meanwhile (`insert` answers undefined: ON CONFLICT DO NOTHING, which
 * waits for the other add to commit) and the next free id after it is tried; a given id that is
 * taken is the caller's conflict.
 */

/** Tries of the next free id while other adds take ids at the same moment. */
const FREE_ID_TRIES = 5;

export async function insertUnderFreeId<Row>(
  givenId: number | undefined,
  nextFreeId: () => Promise<number>,
  insert: (id: number) => Promise<Row | undefined>,
  taken: (id: number) => Error,
): Promise<Row> {
  let id = givenId ?? (await nextFreeId());
  for (let attempt = 1; ; attempt++) {
    const row = await insert(id);
    if (row !== undefined) return row;
    if (givenId !== undefined || attempt === FREE_ID_TRIES) throw taken(id);
    id = await nextFreeId();
  }
}
