/**
 * The last answer of a staff read, kept on the device: a PDA that lost Wi-Fi and was reloaded, or
 * restarted, still shows its live orders and open tables as last known, with the time they were
 * read, instead of an empty screen, and still offers the tables to pick for a new order. Keyed by
 * what was read and for which store; one small JSON map in localStorage (a terminal's lists are a
 * few kilobytes).
 */
import { readStored, STORAGE_KEYS, writeStored } from "../../../storage/local-storage";

export interface LastRead<T> {
  data: T;
  /** When it was read (ISO). */
  at: string;
  /** Kept apart from the lists (see rememberRead's `lasting`). */
  lasting?: boolean;
}

/** At most this many reads of each kind are kept (lists, lasting ones); the oldest go first. */
const MAX_READS = 8;

function readAll(): Record<string, LastRead<unknown>> {
  try {
    const parsed = JSON.parse(readStored(STORAGE_KEYS.staffLastReads) ?? "{}") as unknown;
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, LastRead<unknown>>) : {};
  } catch {
    return {};
  }
}

export function lastRead<T>(key: string): LastRead<T> | null {
  const entry = readAll()[key];
  return entry !== undefined && typeof entry.at === "string" ? (entry as LastRead<T>) : null;
}

/**
 * Keeps a read. A `lasting` one (what the PDA needs to work offline at all, like the table picker's
 * floor) is counted apart, so a waiter opening table after table never pushes it out.
 */
export function rememberRead(key: string, data: unknown, at: Date, options: { lasting?: boolean } = {}): void {
  const entry: LastRead<unknown> = { data, at: at.toISOString(), ...(options.lasting ? { lasting: true } : {}) };
  const newestFirst = Object.entries({ ...readAll(), [key]: entry }).sort(([, a], [, b]) => b.at.localeCompare(a.at));
  const kept = [
    ...newestFirst.filter(([, read]) => read.lasting !== true).slice(0, MAX_READS),
    ...newestFirst.filter(([, read]) => read.lasting === true).slice(0, MAX_READS),
  ];
  writeStored(STORAGE_KEYS.staffLastReads, JSON.stringify(Object.fromEntries(kept)));
}
