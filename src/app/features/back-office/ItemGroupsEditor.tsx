/**
 * One item's option groups in the back office (sugar, size, extras), opened from the item's form by
 * its "Options" button: the groups in order, each with its names, kind of choice, rules and options;
 * groups and options added, removed and moved up or down with buttons. Save sends the whole list
 * with the item's version under a key kept for the retry of the same save (save-keys.ts); a save
 * without an answer keeps the list as typed; a refusal goes beside its field; a change made meanwhile
 * by another admin shows the current groups with a button to take them and re-apply what was typed
 * here (item-groups-draft.ts). The rules are the venue file's (venues/README.md, groups[]).
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { MAX_GROUPS_PER_ITEM, MAX_OPTIONS_PER_GROUP } from "../../../domain/catalogue-limits";
import { centsToEuroText } from "../../../domain/euro-amount";
import {
  type GroupDraft,
  type GroupsField,
  type GroupsRefusal,
  type GroupType,
  groupsDraftOf,
  groupsFieldOfRefusal,
  newGroupDraft,
  newOptionDraft,
  type OptionDraft,
  readGroupsDraft,
  rebaseGroupsDraft,
} from "../../../domain/item-groups-draft";
import type { Language } from "../../../domain/languages";
import type { ItemGroups, StaffCatalogueItem } from "../../../domain/staff-catalogue-api";
import { type ErrorText, errorTextOf } from "../../api/error-catalogue";
import { fetchItemGroups, saveItemGroups } from "./back-office-api";
import { ChangedMeanwhile, CheckField, fieldAccess, SaveFooter } from "./form-parts";
import { ReadPending } from "./ReadPending";
import { useFormSave } from "./use-form-save";

export interface ItemGroupsEditorProps {
  storeId: number;
  item: StaffCatalogueItem;
  /** The languages the store's menu is written in: Greek and English first. */
  languages: readonly Language[];
  /** The item after a save of its groups (its version moved). */
  onSaved: (item: StaffCatalogueItem) => void;
  onDirtyChange: (dirty: boolean) => void;
}

/** The "Options" button; the editor is read and kept from the first opening on. */
export function ItemGroupsEditor(props: ItemGroupsEditorProps) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const panelId = `groups-${props.item.itemId}`;
  return (
    <section className="back-office__options card">
      <button
        type="button"
        className="button button--quiet"
        aria-expanded={open}
        aria-controls={opened ? panelId : undefined}
        onClick={() => {
          setOpen(!open);
          setOpened(true);
        }}
      >
        <Trans>Options (choices guests make: sugar, size, extras)</Trans>
      </button>
      {opened && (
        <div id={panelId} hidden={!open}>
          <GroupsForm {...props} />
        </div>
      )}
    </section>
  );
}

type FieldErrors = Partial<Record<GroupsField, string>>;

function GroupsForm({ storeId, item, languages, onSaved, onDirtyChange }: ItemGroupsEditorProps) {
  const { t, i18n } = useLingui();
  const ui = i18n.locale === "el" ? "GRE" : "ENG";
  const euros = useMemo(() => (cents: number) => centsToEuroText(cents, i18n.locale === "el" ? "," : "."), [i18n]);
  const [base, setBase] = useState<ItemGroups | null>(null);
  const [loadError, setLoadError] = useState<ErrorText | null>(null);
  const [draft, setDraft] = useState<GroupDraft[]>([]);
  const form = useFormSave({
    changedCode: "ITEM_CHANGED",
    fieldOfRefusal: groupsFieldOfRefusal,
    readCurrent: () => fetchItemGroups(storeId, item.itemId),
  });
  const { errors, setErrors, notice, setNotice, unanswered, current, setCurrent, busy, keys } = form;
  const [announcement, setAnnouncement] = useState("");
  const nextKey = useRef(0);
  const prefix = `groups-${item.itemId}`;

  const newKey = () => {
    nextKey.current += 1;
    return `new-${nextKey.current}`;
  };

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const read = await fetchItemGroups(storeId, item.itemId);
      setBase(read);
      setDraft(groupsDraftOf(read.groups, euros));
    } catch (error) {
      setLoadError(errorTextOf(error));
    }
    // Read once when opened; later reads follow a save or a change of version.
  }, [storeId, item.itemId, euros]);

  useEffect(() => {
    void load();
  }, [load]);

  const pristine = useMemo(() => (base === null ? [] : groupsDraftOf(base.groups, euros)), [base, euros]);
  const dirty = base !== null && JSON.stringify(draft) !== JSON.stringify(pristine);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  // The item's own form moved its version: the groups are the same when they read the same, so
  // the list follows the version; if they differ, another admin changed them meanwhile.
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  useEffect(() => {
    if (base === null || item.version <= base.version) return;
    let stale = false;
    void fetchItemGroups(storeId, item.itemId)
      .then((latest) => {
        if (stale || latest.version <= base.version) return;
        if (JSON.stringify(latest.groups) === JSON.stringify(base.groups)) setBase(latest);
        else if (!dirtyRef.current) {
          setBase(latest);
          setDraft(groupsDraftOf(latest.groups, euros));
        } else setCurrent(latest);
      })
      .catch(() => undefined);
    return () => {
      stale = true;
    };
  }, [item.version, base, storeId, item.itemId, euros, setCurrent]);

  const refusalText = (reason: GroupsRefusal): string => {
    switch (reason) {
      case "not-a-number":
        return t`Not an amount: type euros with a comma or a dot, e.g. 0,50.`;
      case "negative":
        return t`An extra price cannot be negative.`;
      case "too-many-decimals":
        return t`At most two decimals (cents).`;
      case "too-large":
        return t`At most 100,000 €.`;
      case "name-required":
        return t`The Greek and the English name are required.`;
      case "one-default-only":
        return t`A “pick one” group can have at most one option selected by default.`;
      case "defaults-over-maximum":
        return t`More options are selected by default than the maximum allows.`;
      case "maximum-invalid":
        return t`Type a whole number from 1, or leave it empty for no maximum.`;
      case "maximum-over-options":
        return t`The maximum cannot be more than the number of options.`;
      case "no-options":
        return t`A group needs at least one option.`;
      case "too-many-groups":
        return t`At most ${MAX_GROUPS_PER_ITEM} groups for an item.`;
      case "too-many-options":
        return t`At most ${MAX_OPTIONS_PER_GROUP} options in a group.`;
    }
  };

  function focusLater(id: string) {
    // After the list renders again: the element named takes the focus.
    requestAnimationFrame(() => document.getElementById(id)?.focus());
  }

  function change(next: GroupDraft[]) {
    setDraft(next);
    setNotice(null);
  }

  function changeGroup(g: number, patch: Partial<GroupDraft>) {
    change(draft.map((group, index) => (index === g ? { ...group, ...patch } : group)));
  }

  function changeOption(g: number, o: number, patch: Partial<OptionDraft>) {
    const group = draft[g];
    if (group === undefined) return;
    changeGroup(g, { options: group.options.map((option, index) => (index === o ? { ...option, ...patch } : option)) });
  }

  /** A structural change: positions move, so refusals found by position are cleared. */
  function restructure(next: GroupDraft[], said: string, focus: string) {
    change(next);
    setErrors({});
    setAnnouncement(said);
    focusLater(focus);
  }

  function moveGroup(g: number, by: -1 | 1) {
    const next = [...draft];
    const [moved] = next.splice(g, 1);
    if (moved === undefined) return;
    next.splice(g + by, 0, moved);
    const position = g + by + 1;
    const total = next.length;
    restructure(
      next,
      t`Group moved to position ${position} of ${total}.`,
      `${prefix}-${moved.key}-${stillMoves(by, position, total)}`,
    );
  }

  function moveOption(g: number, o: number, by: -1 | 1) {
    const group = draft[g];
    if (group === undefined) return;
    const options = [...group.options];
    const [moved] = options.splice(o, 1);
    if (moved === undefined) return;
    options.splice(o + by, 0, moved);
    const position = o + by + 1;
    const total = options.length;
    restructure(
      draft.map((candidate, index) => (index === g ? { ...candidate, options } : candidate)),
      t`Option moved to position ${position} of ${total}.`,
      `${prefix}-${moved.key}-${stillMoves(by, position, total)}`,
    );
  }

  function addGroup() {
    const group = newGroupDraft(newKey(), newKey());
    restructure([...draft, group], t`Group added.`, `${prefix}-groups.${draft.length}.name.GRE`);
  }

  function removeGroup(g: number) {
    restructure(
      draft.filter((_, index) => index !== g),
      t`Group removed.`,
      `${prefix}-add-group`,
    );
  }

  function addOption(g: number) {
    const group = draft[g];
    if (group === undefined) return;
    const o = group.options.length;
    restructure(
      draft.map((candidate, index) =>
        index === g ? { ...candidate, options: [...candidate.options, newOptionDraft(newKey())] } : candidate,
      ),
      t`Option added.`,
      `${prefix}-groups.${g}.options.${o}.name.GRE`,
    );
  }

  function removeOption(g: number, o: number) {
    const group = draft[g];
    if (group === undefined) return;
    restructure(
      draft.map((candidate, index) =>
        index === g ? { ...candidate, options: candidate.options.filter((_, at) => at !== o) } : candidate,
      ),
      t`Option removed.`,
      `${prefix}-${group.key}-add-option`,
    );
  }

  async function save(event?: FormEvent) {
    event?.preventDefault();
    if (base === null) return;
    const reading = readGroupsDraft(base, draft);
    const found: FieldErrors = {};
    if (!reading.ok) {
      for (const [field, reason] of Object.entries(reading.errors)) {
        if (reason !== undefined) found[field as GroupsField] = refusalText(reason);
      }
    }
    if (!form.passes(found) || !reading.ok || !reading.changed) return;
    const { edit } = reading;
    await form.save(
      ["groups"],
      async () => {
        const saved = await saveItemGroups(storeId, item.itemId, edit, keys.keyFor("groups", edit));
        setBase(saved);
        setDraft(groupsDraftOf(saved.groups, euros));
        onSaved({ ...item, version: saved.version });
      },
      t`Options saved.`,
    );
  }

  function takeCurrent(latest: ItemGroups) {
    setDraft(rebaseGroupsDraft(pristine, draft, groupsDraftOf(latest.groups, euros)));
    setBase(latest);
    form.currentTaken();
    onSaved({ ...item, version: latest.version });
  }

  if (base === null) return <ReadPending error={loadError} onRetry={() => void load()} />;

  const { fieldProps, fieldError } = fieldAccess(prefix, errors);
  const namesFields = (
    path: `groups.${number}` | `groups.${number}.options.${number}`,
    typed: Partial<Record<Language, string>>,
    set: (names: Partial<Record<Language, string>>) => void,
    labels: Record<Language, MessageDescriptor>,
  ) =>
    languages.map((language) => (
      <div className="back-office__field" key={language}>
        <label htmlFor={`${prefix}-${path}.name.${language}`}>{i18n._(labels[language])}</label>
        <input
          {...fieldProps(`${path}.name.${language}`)}
          type="text"
          value={typed[language] ?? ""}
          required={language === "GRE" || language === "ENG"}
          onChange={(event) => set({ ...typed, [language]: event.target.value })}
        />
        {fieldError(`${path}.name.${language}`)}
      </div>
    ));
  const summary = (latest: ItemGroups): string => {
    if (latest.groups.length === 0) return t`Now: no option groups.`;
    const list = latest.groups
      .map((group) => {
        const name = group.names[ui].name;
        const count = group.options.length;
        return t`${name} (${count} options)`;
      })
      .join(", ");
    return t`Now: ${list}.`;
  };

  return (
    <form
      ref={form.formRef}
      className="back-office__groups"
      aria-label={t`Options of ${item.names[ui].name}`}
      onSubmit={(event) => void save(event)}
      noValidate
    >
      <p>
        <Trans>
          Guests choose from these groups in the item's window, in this order. A group with no maximum lets them choose
          any number of options.
        </Trans>
      </p>
      {current !== null && (
        <ChangedMeanwhile
          current={summary(current)}
          onTake={() => takeCurrent(current)}
          takeLabel={<Trans>Take the current options and re-apply my changes</Trans>}
        >
          <Trans>These options were changed meanwhile by another admin.</Trans>
        </ChangedMeanwhile>
      )}
      {fieldError("groups", true)}
      {draft.length === 0 && (
        <p>
          <Trans>This item has no option groups.</Trans>
        </p>
      )}
      <ol className="back-office__group-list">
        {draft.map((group, g) => {
          const path = `groups.${g}` as const;
          const n = g + 1;
          return (
            <li key={group.key}>
              <fieldset className="back-office__group">
                <legend>
                  <Trans>Group {n}</Trans>
                </legend>
                {fieldError(path, true)}
                {namesFields(path, group.names, (names) => changeGroup(g, { names }), GROUP_NAME_LABELS)}
                <div className="back-office__field">
                  <label htmlFor={`${prefix}-${path}.type`}>
                    <Trans>Kind of choice</Trans>
                  </label>
                  <select
                    id={`${prefix}-${path}.type`}
                    value={group.type}
                    onChange={(event) => changeGroup(g, { type: event.target.value as GroupType })}
                  >
                    <option value="RADIO_BUTTON">{t`Pick one`}</option>
                    <option value="CHECKBOX">{t`Pick any`}</option>
                  </select>
                </div>
                <CheckField
                  input={{ id: `${prefix}-${path}.mandatory` }}
                  checked={group.mandatory}
                  onChange={(mandatory) => changeGroup(g, { mandatory })}
                >
                  <Trans>Mandatory: guests must choose</Trans>
                </CheckField>
                {group.type === "CHECKBOX" && (
                  <>
                    <div className="back-office__field">
                      <label htmlFor={`${prefix}-${path}.maximum`}>
                        <Trans>At most how many options (empty: no maximum)</Trans>
                      </label>
                      <input
                        {...fieldProps(`${path}.maximum`)}
                        type="text"
                        inputMode="numeric"
                        value={group.maximum}
                        onChange={(event) => changeGroup(g, { maximum: event.target.value })}
                      />
                      {fieldError(`${path}.maximum`)}
                    </div>
                    <CheckField
                      input={{ id: `${prefix}-${path}.priceAggregated` }}
                      checked={group.priceAggregated}
                      onChange={(priceAggregated) => changeGroup(g, { priceAggregated })}
                    >
                      <Trans>
                        Every chosen option adds its extra price (off: only the most expensive chosen option is charged)
                      </Trans>
                    </CheckField>
                  </>
                )}
                <h3 id={`${prefix}-${group.key}-options`}>
                  <Trans>Options of group {n}</Trans>
                </h3>
                {fieldError(`${path}.options`, true)}
                <ol className="back-office__group-list" aria-labelledby={`${prefix}-${group.key}-options`}>
                  {group.options.map((option, o) => {
                    const optionPath = `${path}.options.${o}` as const;
                    const m = o + 1;
                    const defaultInvalid = errors[`${path}.options`] !== undefined && option.selected;
                    return (
                      <li key={option.key}>
                        <fieldset className="back-office__group">
                          <legend>
                            <Trans>Option {m}</Trans>
                          </legend>
                          {fieldError(optionPath, true)}
                          {namesFields(
                            optionPath,
                            option.names,
                            (names) => changeOption(g, o, { names }),
                            OPTION_NAME_LABELS,
                          )}
                          <div className="back-office__field">
                            <label htmlFor={`${prefix}-${optionPath}.price`}>
                              <Trans>Extra price in euros (empty: none)</Trans>
                            </label>
                            <input
                              {...fieldProps(`${optionPath}.price`)}
                              type="text"
                              inputMode="decimal"
                              value={option.price}
                              onChange={(event) => changeOption(g, o, { price: event.target.value })}
                            />
                            {fieldError(`${optionPath}.price`)}
                          </div>
                          <CheckField
                            input={{
                              id: `${prefix}-${optionPath}.selected`,
                              "aria-invalid": defaultInvalid ? "true" : undefined,
                              "aria-describedby": defaultInvalid ? `${prefix}-${path}.options-error` : undefined,
                            }}
                            checked={option.selected}
                            onChange={(selected) => changeOption(g, o, { selected })}
                          >
                            <Trans>Selected by default</Trans>
                          </CheckField>
                          <div className="back-office__actions">
                            <button
                              id={`${prefix}-${option.key}-up`}
                              type="button"
                              className="button button--quiet"
                              disabled={o === 0}
                              aria-label={t`Move option ${m} of group ${n} up`}
                              onClick={() => moveOption(g, o, -1)}
                            >
                              <Trans>Up</Trans>
                            </button>
                            <button
                              id={`${prefix}-${option.key}-down`}
                              type="button"
                              className="button button--quiet"
                              disabled={o === group.options.length - 1}
                              aria-label={t`Move option ${m} of group ${n} down`}
                              onClick={() => moveOption(g, o, 1)}
                            >
                              <Trans>Down</Trans>
                            </button>
                            <button
                              type="button"
                              className="button button--quiet"
                              aria-label={t`Remove option ${m} of group ${n}`}
                              onClick={() => removeOption(g, o)}
                            >
                              <Trans>Remove</Trans>
                            </button>
                          </div>
                        </fieldset>
                      </li>
                    );
                  })}
                </ol>
                <div className="back-office__actions">
                  <button
                    id={`${prefix}-${group.key}-add-option`}
                    type="button"
                    className="button button--quiet"
                    disabled={group.options.length >= MAX_OPTIONS_PER_GROUP}
                    aria-label={t`Add an option to group ${n}`}
                    onClick={() => addOption(g)}
                  >
                    <Trans>Add an option</Trans>
                  </button>
                  <button
                    id={`${prefix}-${group.key}-up`}
                    type="button"
                    className="button button--quiet"
                    disabled={g === 0}
                    aria-label={t`Move group ${n} up`}
                    onClick={() => moveGroup(g, -1)}
                  >
                    <Trans>Up</Trans>
                  </button>
                  <button
                    id={`${prefix}-${group.key}-down`}
                    type="button"
                    className="button button--quiet"
                    disabled={g === draft.length - 1}
                    aria-label={t`Move group ${n} down`}
                    onClick={() => moveGroup(g, 1)}
                  >
                    <Trans>Down</Trans>
                  </button>
                  <button
                    type="button"
                    className="button button--quiet"
                    aria-label={t`Remove group ${n}`}
                    onClick={() => removeGroup(g)}
                  >
                    <Trans>Remove</Trans>
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <button
        id={`${prefix}-add-group`}
        type="button"
        className="button button--quiet"
        disabled={draft.length >= MAX_GROUPS_PER_ITEM}
        onClick={addGroup}
      >
        <Trans>Add a group</Trans>
      </button>
      <SaveFooter
        notice={notice}
        unanswered={unanswered}
        busy={busy}
        dirty={dirty}
        onUndo={() => {
          setDraft(pristine);
          form.clearOutcome();
        }}
        labels={{
          save: <Trans>Save the options</Trans>,
          retry: <Trans>Try saving the options again</Trans>,
          undo: <Trans>Undo my changes to the options</Trans>,
        }}
      />
    </form>
  );
}

/** The move button that keeps the focus: the same direction, or the other one at the end of the list. */
function stillMoves(by: -1 | 1, position: number, total: number): "up" | "down" {
  if (by < 0) return position === 1 ? "down" : "up";
  return position === total ? "up" : "down";
}

/** The label of each language's name field of a group, then of an option. */
const GROUP_NAME_LABELS: Record<Language, MessageDescriptor> = {
  GRE: msg`Group name in Greek (required)`,
  ENG: msg`Group name in English (required)`,
  ITA: msg`Group name in Italian`,
  FRA: msg`Group name in French`,
  DEU: msg`Group name in German`,
  ROU: msg`Group name in Romanian`,
  BGR: msg`Group name in Bulgarian`,
  SRB: msg`Group name in Serbian`,
};

const OPTION_NAME_LABELS: Record<Language, MessageDescriptor> = {
  GRE: msg`Option name in Greek (required)`,
  ENG: msg`Option name in English (required)`,
  ITA: msg`Option name in Italian`,
  FRA: msg`Option name in French`,
  DEU: msg`Option name in German`,
  ROU: msg`Option name in Romanian`,
  BGR: msg`Option name in Bulgarian`,
  SRB: msg`Option name in Serbian`,
};
