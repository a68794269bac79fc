/**
 * An admin's option groups of one item, as typed, and the edit they make: the whole list of groups
 * in order, each group and option keeping its id when it was the item's own and without one when
 * new (the server gives it the next free id), sent with the item's version the list was read at.
 * Names as the item form reads them (names-draft.ts: Greek and English required, other languages
 * optional, stored details kept); an option's extra price typed in euros (euro-amount.ts, empty: no
 * extra). The venue file's option rules are checked before sending, each refusal named by the field
 * it belongs to: a "pick one" group with more than one option selected by default, a maximum that is
 * not a whole number from 1 to the number of options, more options selected by default than the
 * maximum, a group without options, too many groups or options.
 */
import { MAX_GROUPS_PER_ITEM, MAX_OPTIONS_PER_GROUP } from "./catalogue-limits";
import { type EuroAmountRefusal, euroAmountToCents } from "./euro-amount";
import { LANGUAGES, type Language, type Translations } from "./languages";
import { type NameField, type NamesRefusal, readNames as readTypedNames } from "./names-draft";
import type { ItemGroups, ItemGroupsEdit } from "./staff-catalogue-api";

export type GroupType = "RADIO_BUTTON" | "CHECKBOX";

export interface OptionDraft {
  /** The option's id when it is one of the item's own; absent: a new one. */
  id?: number;
  /** Names the option in lists while it is typed (not sent). */
  key: string;
  names: Partial<Record<Language, string>>;
  /** The extra price in euros as typed; empty: none. */
  price: string;
  selected: boolean;
}

export interface GroupDraft {
  id?: number;
  key: string;
  names: Partial<Record<Language, string>>;
  type: GroupType;
  mandatory: boolean;
  /** "Pick any" groups: the most options a guest may choose, as typed; empty: no maximum. */
  maximum: string;
  priceAggregated: boolean;
  options: OptionDraft[];
}

/** Where a refusal belongs, by position: `groups.1.options.0.name.GRE`, `groups.0.maximum`. */
export type GroupsField =
  | "groups"
  | `groups.${number}`
  | `groups.${number}.name.${Language}`
  | `groups.${number}.maximum`
  | `groups.${number}.options`
  | `groups.${number}.options.${number}`
  | `groups.${number}.options.${number}.name.${Language}`
  | `groups.${number}.options.${number}.price`;

export type GroupsRefusal =
  | Exclude<EuroAmountRefusal, "empty">
  | "name-required"
  | "one-default-only"
  | "defaults-over-maximum"
  | "maximum-invalid"
  | "maximum-over-options"
  | "no-options"
  | "too-many-groups"
  | "too-many-options";

export type GroupsErrors = Partial<Record<GroupsField, GroupsRefusal>>;

export type GroupsReading = { ok: true; edit: ItemGroupsEdit; changed: boolean } | { ok: false; errors: GroupsErrors };

type StoredGroup = ItemGroups["groups"][number];
type StoredOption = StoredGroup["options"][number];

function typedNames(names: Translations): Partial<Record<Language, string>> {
  const typed: Partial<Record<Language, string>> = {};
  for (const language of LANGUAGES) {
    const translation = names[language];
    if (translation !== undefined) typed[language] = translation.name;
  }
  return typed;
}

/** The list as read, to type on; `euros` writes cents as the admin's language types them. */
export function groupsDraftOf(groups: ItemGroups["groups"], euros: (cents: number) => string): GroupDraft[] {
  return groups.map((group) => ({
    id: group.id,
    key: `group-${group.id}`,
    names: typedNames(group.names),
    type: group.type,
    mandatory: group.mandatory,
    maximum: group.maximumSelected === null ? "" : String(group.maximumSelected),
    priceAggregated: group.priceAggregated,
    options: group.options.map((option) => ({
      id: option.id,
      key: `option-${option.id}`,
      names: typedNames(option.names),
      price: option.priceCents === 0 ? "" : euros(option.priceCents),
      selected: option.isSelected,
    })),
  }));
}

export function newOptionDraft(key: string): OptionDraft {
  return { key, names: {}, price: "", selected: false };
}

/** A new group starts as "pick one" with one empty option, since a group needs at least one. */
export function newGroupDraft(key: string, optionKey: string): GroupDraft {
  return {
    key,
    names: {},
    type: "RADIO_BUTTON",
    mandatory: false,
    maximum: "",
    priceAggregated: false,
    options: [newOptionDraft(optionKey)],
  };
}

/**
 * The names as typed, with the stored details of each language still named (the editor does not
 * show details); Greek and English required, refusals moved to `prefix.name.LANG`.
 */
function readNames(
  stored: Translations | undefined,
  typed: Partial<Record<Language, string>>,
  prefix: `groups.${number}` | `groups.${number}.options.${number}`,
  errors: GroupsErrors,
): Translations {
  const details: Partial<Record<Language, string>> = {};
  for (const language of LANGUAGES) {
    if ((typed[language] ?? "").trim() !== "") details[language] = stored?.[language]?.details ?? "";
  }
  const found: Partial<Record<NameField, NamesRefusal>> = {};
  const names = readTypedNames({ names: typed, details }, found);
  for (const language of LANGUAGES) {
    if (found[`name.${language}`] !== undefined) errors[`${prefix}.name.${language}`] = "name-required";
  }
  return names;
}

/** The edit the list makes on `base` (the groups and version read), or the refusals by field. */
export function readGroupsDraft(base: ItemGroups, drafts: GroupDraft[]): GroupsReading {
  const errors: GroupsErrors = {};
  if (drafts.length > MAX_GROUPS_PER_ITEM) errors.groups = "too-many-groups";
  const storedGroups = new Map(base.groups.map((group) => [group.id, group]));
  const storedOptions = new Map<number, StoredOption>(
    base.groups.flatMap((group) => group.options.map((option) => [option.id, option] as const)),
  );
  const groups: ItemGroupsEdit["groups"] = drafts.map((draft, g) => {
    const path = `groups.${g}` as const;
    const options = draft.options.map((option, o) => {
      const optionPath = `${path}.options.${o}` as const;
      const names = readNames(
        option.id === undefined ? undefined : storedOptions.get(option.id)?.names,
        option.names,
        optionPath,
        errors,
      );
      let priceCents = 0;
      if (option.price.trim() !== "") {
        const reading = euroAmountToCents(option.price);
        if (reading.ok) priceCents = reading.cents;
        else if (reading.reason !== "empty") errors[`${optionPath}.price`] = reading.reason;
      }
      return { ...(option.id === undefined ? {} : { id: option.id }), names, priceCents, isSelected: option.selected };
    });
    const names = readNames(
      draft.id === undefined ? undefined : storedGroups.get(draft.id)?.names,
      draft.names,
      path,
      errors,
    );
    const maximumSelected = draft.type === "CHECKBOX" ? readMaximum(draft, path, errors) : null;
    const defaults = draft.options.filter((option) => option.selected).length;
    if (draft.options.length === 0) errors[`${path}.options`] = "no-options";
    else if (draft.options.length > MAX_OPTIONS_PER_GROUP) errors[`${path}.options`] = "too-many-options";
    else if (draft.type === "RADIO_BUTTON" && defaults > 1) errors[`${path}.options`] = "one-default-only";
    else if (typeof maximumSelected === "number" && defaults > maximumSelected) {
      errors[`${path}.options`] = "defaults-over-maximum";
    }
    return {
      ...(draft.id === undefined ? {} : { id: draft.id }),
      names,
      type: draft.type,
      mandatory: draft.mandatory,
      maximumSelected: maximumSelected === undefined ? null : maximumSelected,
      priceAggregated: draft.priceAggregated,
      options,
    };
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const edit: ItemGroupsEdit = { version: base.version, groups };
  return { ok: true, edit, changed: JSON.stringify(groups) !== JSON.stringify(base.groups.map(asEdited)) };
}

/** A "pick any" group's maximum: null when empty; undefined (refused) when not 1..options. */
function readMaximum(draft: GroupDraft, path: `groups.${number}`, errors: GroupsErrors): number | null | undefined {
  const typed = draft.maximum.trim();
  if (typed === "") return null;
  if (!/^\d+$/.test(typed) || Number(typed) < 1) {
    errors[`${path}.maximum`] = "maximum-invalid";
    return undefined;
  }
  const maximum = Number(typed);
  if (maximum > draft.options.length) {
    errors[`${path}.maximum`] = "maximum-over-options";
    return undefined;
  }
  return maximum;
}

/** A stored group in the shape and key order an edit sends it, to tell whether anything changed. */
function asEdited(group: StoredGroup): ItemGroupsEdit["groups"][number] {
  return {
    id: group.id,
    names: namesInOrder(group.names),
    type: group.type,
    mandatory: group.mandatory,
    maximumSelected: group.type === "CHECKBOX" ? group.maximumSelected : null,
    priceAggregated: group.priceAggregated,
    options: group.options.map((option) => ({
      id: option.id,
      names: namesInOrder(option.names),
      priceCents: option.priceCents,
      isSelected: option.isSelected,
    })),
  };
}

function namesInOrder(names: Translations): Translations {
  const ordered: Partial<Translations> = {};
  for (const language of LANGUAGES) {
    const translation = names[language];
    if (translation !== undefined) {
      ordered[language] =
        translation.details === undefined
          ? { name: translation.name }
          : { name: translation.name, details: translation.details };
    }
  }
  return ordered as Translations;
}

/**
 * The field a server refusal names ("groups[0].options[1].names.GRE.name: ...", "body.groups.0.maximumSelected: ..."),
 * or null when it names none of the list's fields.
 */
export function groupsFieldOfRefusal(message: string): GroupsField | null {
  const path = /^(?:body\.)?(groups[\w.[\]]*)\s*:/.exec(message)?.[1];
  if (path === undefined) return null;
  const parts = path
    .replace(/\[(\d+)\]/g, ".$1")
    .split(".")
    .filter((part) => part !== "");
  const [, g, groupField, o, optionField, language] = parts;
  if (g === undefined) return "groups";
  if (!/^\d+$/.test(g)) return null;
  const group = `groups.${Number(g)}` as const;
  const languageOf = (code: string | undefined): Language =>
    (LANGUAGES as readonly string[]).includes(code ?? "") ? (code as Language) : "GRE";
  switch (groupField) {
    case undefined:
    case "id":
    case "type":
    case "mandatory":
    case "priceAggregated":
      return group;
    case "names":
      return `${group}.name.${languageOf(o)}`;
    case "maximumSelected":
      return `${group}.maximum`;
    case "options": {
      if (o === undefined || !/^\d+$/.test(o)) return `${group}.options`;
      const option = `${group}.options.${Number(o)}` as const;
      if (optionField === "names") return `${option}.name.${languageOf(language)}`;
      if (optionField === "priceCents") return `${option}.price`;
      return option;
    }
    default:
      return group;
  }
}

/**
 * The list after another admin's change, with what was typed here re-applied on top: the typed
 * list's order, additions and removals stand; a field of a group or option left as it was read
 * takes the other admin's value; a group or option the other admin removed and that was not
 * touched here goes; one the other admin added comes after the typed ones.
 */
export function rebaseGroupsDraft(read: GroupDraft[], typed: GroupDraft[], latest: GroupDraft[]): GroupDraft[] {
  return rebaseList(read, typed, latest, (was, mine, theirs) => ({
    ...pickFields(was, mine, theirs, ["names", "type", "mandatory", "maximum", "priceAggregated"]),
    id: mine.id,
    key: mine.key,
    options: rebaseList(was.options, mine.options, theirs.options, (wasOption, myOption, theirOption) => ({
      ...pickFields(wasOption, myOption, theirOption, ["names", "price", "selected"]),
      id: myOption.id,
      key: myOption.key,
    })),
  }));
}

function rebaseList<T extends { id?: number }>(
  read: T[],
  typed: T[],
  latest: T[],
  merge: (was: T, mine: T, theirs: T) => T,
): T[] {
  const byId = (list: T[]) => new Map(list.flatMap((entry) => (entry.id === undefined ? [] : [[entry.id, entry]])));
  const wasById = byId(read);
  const theirsById = byId(latest);
  const typedIds = new Set(typed.flatMap((entry) => (entry.id === undefined ? [] : [entry.id])));
  const merged = typed.flatMap((mine) => {
    const was = mine.id === undefined ? undefined : wasById.get(mine.id);
    if (was === undefined || mine.id === undefined) return [mine];
    const theirs = theirsById.get(mine.id);
    if (theirs === undefined) return JSON.stringify(mine) === JSON.stringify(was) ? [] : [mine];
    return [merge(was, mine, theirs)];
  });
  const added = latest.filter(
    (theirs) => theirs.id !== undefined && !wasById.has(theirs.id) && !typedIds.has(theirs.id),
  );
  return [...merged, ...added];
}

function pickFields<T, K extends keyof T>(was: T, mine: T, theirs: T, fields: K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const field of fields) {
    picked[field] = JSON.stringify(mine[field]) === JSON.stringify(was[field]) ? theirs[field] : mine[field];
  }
  return picked;
}
