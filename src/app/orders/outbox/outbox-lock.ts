/**
 * One holder at a time per name, across tabs when the browser has the Web Locks API, within this
 * tab otherwise (older Safari, jsdom). Never waits: a name another holder has answers "busy", so a
 * second tab does not queue a duplicate send behind the first (design.md "Orders: exactly once").
 */
const heldHere = new Set<string>();

export async function withLock<T>(name: string, work: () => Promise<T>): Promise<T | "busy"> {
  // The in-tab set comes first: it also covers this tab's own overlapping calls without a round trip.
  if (heldHere.has(name)) return "busy";
  heldHere.add(name);
  try {
    const locks = globalThis.navigator?.locks;
    if (!locks) return await work();
    return await locks.request(name, { ifAvailable: true }, async (lock) => (lock ? work() : ("busy" as const)));
  } finally {
    heldHere.delete(name);
  }
}
