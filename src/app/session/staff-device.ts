/**
 * Whether this is a staff device (spec §2/§6: "pin option only on staff devices"): one that has
 * opened a PDA spot (written by loadTable). A guest's phone never opens a PDA spot. Once a
 * terminal, it stays one: a guest link opened on it (a waiter showing a guest the menu of a table)
 * must not take PIN sign-in or the staff shell away, so only a PDA spot writes here.
 *
 * The terminal also remembers its PDA spot, with its store's names and kind, so the staff shell can
 * name the store and link to the store's screens offline and after a waiter is signed out ("lock"),
 * whatever table was opened last.
 */
import { useSyncExternalStore } from "react";
import type { Translations } from "../../domain/languages";
import { readStored, STORAGE_KEYS, writeStored } from "../storage/local-storage";

export interface TerminalSpot {
  storeId: number;
  /** The PDA spot: /menu/{spotId} is the waiter's "new order", and it is the T of /open-tables/for-store/S/T. */
  spotId: number;
  storeNames: Translations;
  storeIsHotel: boolean;
}

/** The part of a table answer this needs (TableResponse). */
interface OpenedTable {
  store: { storeId: number; names: Translations; storeIsHotel: boolean };
  spot: { id: number; isPda: boolean };
}

const CHANGED = "kyma:terminal-changed";

export function isStaffDevice(): boolean {
  return readStored(STORAGE_KEYS.staffDevice) === "true";
}

/** Called with every table opened: a PDA spot makes (and keeps) this device a terminal; any other spot changes nothing here. */
export function rememberOpenedTable(table: OpenedTable): void {
  if (!table.spot.isPda) return;
  const terminal: TerminalSpot = {
    storeId: table.store.storeId,
    spotId: table.spot.id,
    storeNames: table.store.names,
    storeIsHotel: table.store.storeIsHotel,
  };
  const text = JSON.stringify(terminal);
  if (isStaffDevice() && readStored(STORAGE_KEYS.terminal) === text) return;
  writeStored(STORAGE_KEYS.staffDevice, "true");
  writeStored(STORAGE_KEYS.terminal, text);
  cachedText = undefined;
  globalThis.dispatchEvent?.(new Event(CHANGED));
}

let cachedText: string | null | undefined;
let cached: TerminalSpot | null = null;

/** The terminal's PDA spot, or null on a device that never opened one. */
export function terminalSpot(): TerminalSpot | null {
  if (!isStaffDevice()) return null;
  const text = readStored(STORAGE_KEYS.terminal);
  if (text === cachedText) return cached;
  cachedText = text;
  cached = parseTerminal(text);
  return cached;
}

function parseTerminal(text: string | null): TerminalSpot | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as Partial<TerminalSpot>;
    const ok =
      Number.isSafeInteger(value.storeId) &&
      Number.isSafeInteger(value.spotId) &&
      typeof value.storeNames === "object" &&
      value.storeNames !== null &&
      typeof value.storeIsHotel === "boolean";
    return ok ? (value as TerminalSpot) : null;
  } catch {
    return null;
  }
}

/** The terminal's PDA spot, re-rendering when this device opens one. */
export function useTerminalSpot(): TerminalSpot | null {
  return useSyncExternalStore(
    (listener) => {
      globalThis.addEventListener(CHANGED, listener);
      return () => globalThis.removeEventListener(CHANGED, listener);
    },
    terminalSpot,
    () => null,
  );
}
