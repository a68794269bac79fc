/**
 * Subselection (option group) rules of the item modal (spec §3 "Subselection group", §4
 * "Subselection toggle", §5 "Mandatory groups are marked *; checkbox groups show 'up to N options'").
 *
 * - RADIO_BUTTON: picking an option selects it and deselects the others. Picking the selected
 *   option again deselects it, unless the group is mandatory.
 * - CHECKBOX: options toggle independently; a selection beyond maximumSelected (null: no maximum)
 *   is ignored and reported as "max-reached" so the modal shows its 2.2 s warning.
 * - Mandatory groups keep at least one option selected: deselecting the last one is ignored.
 * - The initial selection comes from each option's isSelected default, trimmed to what the group
 *   allows (first one for radios, first maximumSelected for checkboxes).
 * - A selection is complete when every mandatory group has an option selected.
 *
 * A selection maps group id to the selected option ids, in the order they were picked. It is plain
 * JSON so it can sit in a cart line stored offline.
 */
import type { OptionDto, SubselectionGroupDto } from "./api";

export type Selection = Readonly<Record<number, readonly number[]>>;

/** The fields of a group these rules read. */
export type GroupRules = Pick<SubselectionGroupDto, "id" | "type" | "mandatory" | "maximumSelected"> & {
  options: readonly Pick<OptionDto, "id" | "isSelected">[];
};

/** What a toggle did: the UI reacts to the two "ignored" outcomes. */
export type ToggleEffect = "selected" | "deselected" | "ignored-mandatory" | "ignored-max-reached" | "ignored-unknown";

export interface ToggleResult {
  selection: Selection;
  effect: ToggleEffect;
}

export function selectedIn(selection: Selection, groupId: number): readonly number[] {
  return selection[groupId] ?? [];
}

export function isOptionSelected(selection: Selection, groupId: number, optionId: number): boolean {
  return selectedIn(selection, groupId).includes(optionId);
}

/** The selection the modal opens with: each group's isSelected defaults, within its rules. */
export function initialSelection(groups: readonly GroupRules[]): Selection {
  const selection: Record<number, readonly number[]> = {};
  for (const group of groups) {
    const defaults = group.options.filter((option) => option.isSelected).map((option) => option.id);
    selection[group.id] = defaults.slice(0, allowedCount(group));
  }
  return selection;
}

/** Toggles one option of one group, applying the group's rules. Never mutates `selection`. */
export function toggleOption(
  groups: readonly GroupRules[],
  selection: Selection,
  groupId: number,
  optionId: number,
): ToggleResult {
  const group = groups.find((candidate) => candidate.id === groupId);
  if (group === undefined || !group.options.some((option) => option.id === optionId)) {
    return { selection, effect: "ignored-unknown" };
  }
  const current = selectedIn(selection, groupId);
  const withGroup = (optionIds: readonly number[]): Selection => ({ ...selection, [groupId]: optionIds });

  if (current.includes(optionId)) {
    const remaining = current.filter((id) => id !== optionId);
    if (group.mandatory && remaining.length === 0) return { selection, effect: "ignored-mandatory" };
    return { selection: withGroup(remaining), effect: "deselected" };
  }
  if (group.type === "RADIO_BUTTON") return { selection: withGroup([optionId]), effect: "selected" };
  if (current.length >= allowedCount(group)) return { selection, effect: "ignored-max-reached" };
  return { selection: withGroup([...current, optionId]), effect: "selected" };
}

/** Ids of the mandatory groups with nothing selected, in the groups' order. */
export function missingMandatoryGroups(groups: readonly GroupRules[], selection: Selection): number[] {
  return groups
    .filter((group) => group.mandatory && selectedIn(selection, group.id).length === 0)
    .map((group) => group.id);
}

export function isSelectionComplete(groups: readonly GroupRules[], selection: Selection): boolean {
  return missingMandatoryGroups(groups, selection).length === 0;
}

/**
 * Whether two selections pick the same options (order of picking and empty groups do not matter):
 * one of the conditions for cart lines to merge.
 */
export function sameSelection(a: Selection, b: Selection): boolean {
  return selectionKey(a) === selectionKey(b);
}

/** A canonical text for a selection: non-empty groups by id, option ids sorted. */
export function selectionKey(selection: Selection): string {
  return Object.entries(selection)
    .filter(([, optionIds]) => optionIds.length > 0)
    .map(([groupId, optionIds]) => [Number(groupId), [...optionIds].sort((x, y) => x - y)] as const)
    .sort(([x], [y]) => x - y)
    .map(([groupId, optionIds]) => `${groupId}:${optionIds.join(",")}`)
    .join(";");
}

function allowedCount(group: GroupRules): number {
  if (group.type === "RADIO_BUTTON") return 1;
  return group.maximumSelected ?? Number.POSITIVE_INFINITY;
}
