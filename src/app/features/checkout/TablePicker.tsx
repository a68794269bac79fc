/**
 * The waiter's table choice on a PDA: first the section (grouped
 * by restaurant in a multi-outlet hotel, else by table family), then one of its tables as a
 * radio button of touch size. A table with an open opening says so, with what it still owes,
 * so the waiter sees at a glance which tables are sitting; and its seats ("4 seats") where the
 * venue file gives them. Grouping is domain/table-picker.ts.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { pickTranslation } from "../../../domain/languages";
import { type PickerGroup, type PickerGroupLabel, sectionOfTable } from "../../../domain/table-picker";
import { useLanguage } from "../../i18n/language-store";
import { formatPrice } from "../../i18n/money";

interface TablePickerProps {
  groups: readonly PickerGroup[];
  value: number | null;
  onChange: (tableId: number) => void;
}

export function TablePicker({ groups, value, onChange }: TablePickerProps) {
  const { t } = useLingui();
  const { ui } = useLanguage();
  const id = useId();
  const [section, setSection] = useState<string | null>(
    () => sectionOfTable(groups, value) ?? groups[0]?.sections[0]?.name ?? null,
  );
  const sections = groups.flatMap((g) => g.sections);
  const tables = sections.find((s) => s.name === section)?.tables ?? [];
  // Said above the sections too: a table picked in another section is still the one ordered for.
  const chosenName = sections.flatMap((s) => s.tables).find((t) => t.id === value)?.name ?? null;
  const sectionName = (name: string) => (name === "" ? t`Other tables` : name);
  const groupLabel = (label: PickerGroupLabel) =>
    label.kind === "outlet" ? pickTranslation(label.names, ui).name : label.kind === "family" ? label.name : t`Other`;

  if (groups.length === 0) {
    return (
      <p className="account-message">
        <Trans>This store has no tables to order for.</Trans>
      </p>
    );
  }

  return (
    <fieldset className="table-picker">
      <legend className="checkout-section__title">
        <Trans>Table</Trans>
      </legend>
      {chosenName !== null && (
        <p className="table-picker__chosen" aria-live="polite">
          <Trans>Order for {chosenName}</Trans>
        </p>
      )}
      <div className="account-field checkout-select">
        <label htmlFor={`${id}-section`}>
          <Trans>Section</Trans>
        </label>
        <select id={`${id}-section`} value={section ?? ""} onChange={(event) => setSection(event.target.value)}>
          {groups.map((group) => (
            <optgroup key={`${group.label.kind}:${groupLabel(group.label)}`} label={groupLabel(group.label)}>
              {group.sections.map((s) => (
                <option key={s.name} value={s.name}>
                  {sectionName(s.name)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <ul className="table-picker__tables" aria-label={t`Tables of ${sectionName(section ?? "")}`}>
        {tables.map((table) => {
          const open = table.openRemainingCents;
          const seats = table.capacity;
          const descriptionId = `${id}-open-${table.id}`;
          const seatsId = `${id}-seats-${table.id}`;
          const nameId = `${id}-name-${table.id}`;
          const described = [seats === null ? null : seatsId, open === null ? null : descriptionId].filter(Boolean);
          return (
            <li key={table.id}>
              <label className={`table-picker__table${open === null ? "" : " table-picker__table--open"}`}>
                <input
                  type="radio"
                  name={`${id}-table`}
                  value={table.id}
                  checked={value === table.id}
                  onChange={() => onChange(table.id)}
                  // Named by the table alone; its seats and what an open table owes are its description.
                  aria-labelledby={nameId}
                  {...(described.length === 0 ? {} : { "aria-describedby": described.join(" ") })}
                />
                <span id={nameId} className="table-picker__name">
                  {table.name}
                </span>
                {seats !== null && (
                  <span id={seatsId} className="table-picker__seats">
                    <Plural value={seats} one="# seat" other="# seats" />
                  </span>
                )}
                {open !== null && (
                  <span id={descriptionId} className="table-picker__open">
                    <Trans>Open, {formatPrice(open, ui)} to pay</Trans>
                  </span>
                )}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
