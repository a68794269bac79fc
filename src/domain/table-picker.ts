/**
 * The waiter's table picker on a PDA (spec §3 Checkout's held
 * data): the tables of each floor section, grouped as the floor is run. A hotel with several
 * outlets groups by restaurant (restaurantsWithTheirTables), anyone else by table family
 * (tableFamilySections); sections no group names come last. Each table carries what its open
 * opening still owes, so the waiter sees which tables are sitting, and its seats (the spot's
 * capacity), so a party of six is not sent to a table for two.
 */
import type { Translations } from "./languages";
import type { CheckoutOptions } from "./orders-api";

export interface PickerTable {
  id: number;
  name: string;
  /** The remaining amount of the table's open opening; null when it has none. */
  openRemainingCents: number | null;
  /** Seats at the table; null when the venue file gives none (0), so nothing is said. */
  capacity: number | null;
}

export interface PickerSection {
  /** The spots' section name; "" for tables the venue file put in no section. */
  name: string;
  tables: PickerTable[];
}

export type PickerGroupLabel =
  | { kind: "outlet"; names: Translations }
  | { kind: "family"; name: string }
  /** Sections that no outlet or family names. */
  | { kind: "other" };

export interface PickerGroup {
  label: PickerGroupLabel;
  sections: PickerSection[];
}

/** null when the checkout holds no floor (not a staff session on a PDA spot): a plain list is shown. */
export function tablePickerGroups(options: CheckoutOptions): PickerGroup[] | null {
  const floor = options.sectionsWithTheirTables;
  if (floor === undefined) return null;
  const remaining = new Map((options.tablesWithOpenings ?? []).map((o) => [o.spotId, o.remainingCents]));
  const sections: PickerSection[] = floor
    .filter((section) => section.tables.length > 0)
    .map((section) => ({
      name: section.section,
      tables: section.tables.map((t) => ({
        id: t.id,
        name: t.name,
        openRemainingCents: remaining.get(t.id) ?? null,
        capacity: seatsOf(t.capacity),
      })),
    }));

  const groups: PickerGroup[] = [];
  const placed = new Set<string>();
  const take = (names: readonly string[]) => {
    const taken = sections.filter((s) => names.includes(s.name) && !placed.has(s.name));
    for (const s of taken) placed.add(s.name);
    return taken;
  };
  const outlets = options.restaurantsWithTheirTables ?? [];
  if (outlets.length > 0) {
    for (const outlet of outlets) {
      const ids = new Set(outlet.tables.map((t) => t.id));
      const names = sections.filter((s) => s.tables.some((t) => ids.has(t.id))).map((s) => s.name);
      const taken = take(names);
      if (taken.length > 0) groups.push({ label: { kind: "outlet", names: outlet.names }, sections: taken });
    }
  }
  for (const family of options.tableFamilySections ?? []) {
    const taken = take(family.sections);
    if (taken.length > 0) groups.push({ label: { kind: "family", name: family.family }, sections: taken });
  }
  const rest = sections.filter((s) => !placed.has(s.name));
  if (rest.length > 0) groups.push({ label: { kind: "other" }, sections: rest });
  return groups;
}

/** The section holding a table, to show a restored choice (a checkout draft) in its section. */
export function sectionOfTable(groups: readonly PickerGroup[], tableId: number | null): string | null {
  if (tableId === null) return null;
  for (const group of groups) {
    for (const section of group.sections) {
      if (section.tables.some((t) => t.id === tableId)) return section.name;
    }
  }
  return null;
}

/** A spot's seats worth saying: a capacity of 0 (or none) means the venue file did not give one. */
export function seatsOf(capacity: number | undefined): number | null {
  return capacity === undefined || capacity <= 0 ? null : capacity;
}
