/**
 * Whether this is a staff device (spec §2/§6: "pin option only on staff devices"): one whose last
 * opened table was a PDA spot (written by loadTable). A guest's phone never opens a PDA spot.
 */
import { readStored, STORAGE_KEYS } from "../storage/local-storage";

export function isStaffDevice(): boolean {
  return readStored(STORAGE_KEYS.staffDevice) === "true";
}
