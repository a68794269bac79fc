/**
 * The last answer of a staff read, kept on the device (issue 10 item 9): a PDA that lost Wi-Fi and
 * was reloaded, or restarted, still shows its live orders and open tables as last known, with the
 * time they were read, instead of an empty screen. Keyed by what was read and for which store; one
 * small JSON map in localStorage (a terminal's lists are a few kilobytes).
 */
import { readStored, STORAGE_KEYS, writeStored } from "../../../storage/local-storage";

export interface LastRead<T> {
  data: T;
  /** When it was read (ISO). */
  at: string;
}

/** At most this many reads are kept; the oldest go first. */
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

export function rememberRead(key: string, data: unknown, at: Date): void {
  const entries = Object.entries({ ...readAll(), [key]: { data, at: at.toISOString() } })
    .sort(([, a], [, b]) => b.at.localeCompare(a.at))
    .slice(0, MAX_READS);
  writeStored(STORAGE_KEYS.staffLastReads, JSON.stringify(Object.fromEntries(entries)));
}
