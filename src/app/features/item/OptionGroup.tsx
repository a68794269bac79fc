/**
 * One subselection group of the item modal (spec §2, §4 "Subselection toggle", §5 "Mandatory
 * groups are marked *; checkbox groups show 'up to N options'"). Radio groups are native radios,
 * checkbox groups native checkboxes, each group a fieldset named by its heading, both driven by the subselection machine: a pick the rules
 * ignore leaves the input as it was. At 885 px or less the group collapses behind its heading
 * (a disclosure button showing what is picked); wider, it is always open.
 */
import { Plural, Trans } from "@lingui/react/macro";
import { useId, useState } from "react";
import type { SubselectionGroupDto } from "../../../domain/api";
import type { LanguageState } from "../../../domain/language-choice";
import { pickTranslation } from "../../../domain/languages";
import { optionPriceCents, type PriceRules } from "../../../domain/prices";
import { type Selection, selectedIn } from "../../../domain/subselections";
import { formatPrice } from "../../i18n/money";

interface OptionGroupProps {
  group: SubselectionGroupDto;
  selection: Selection;
  language: LanguageState;
  rules: PriceRules;
  collapsible: boolean;
  /** The "up to N options" warning after an ignored pick (the machine times it, 2.2 s). */
  maxWarning: boolean;
  onToggle: (optionId: number) => void;
}

export function OptionGroup({
  group,
  selection,
  language,
  rules,
  collapsible,
  maxWarning,
  onToggle,
}: OptionGroupProps) {
  const baseId = useId();
  const headingId = `${baseId}-heading`;
  const hintId = `${baseId}-hint`;
  const panelId = `${baseId}-options`;
  const [expanded, setExpanded] = useState(true);
  const open = !collapsible || expanded;
  const name = pickTranslation(group.names, language.ui, language.extra).name;
  const chosen = selectedIn(selection, group.id);
  const isRadio = group.type === "RADIO_BUTTON";
  const maximum = isRadio ? null : group.maximumSelected;
  const optionName = (option: SubselectionGroupDto["options"][number]) =>
    pickTranslation(option.names, language.ui, language.extra).name;
  const summary = group.options
    .filter((option) => chosen.includes(option.id))
    .map(optionName)
    .join(", ");
  const title = (
    <span className="option-group__name">
      {name}
      {group.mandatory && (
        <>
          {" "}
          <span className="option-group__required" aria-hidden="true">
            *
          </span>
          <span className="visually-hidden">
            {" "}
            <Trans>(required)</Trans>
          </span>
        </>
      )}
    </span>
  );

  return (
    <section className="option-group" aria-labelledby={headingId}>
      <h3 id={headingId} className="option-group__heading">
        {collapsible ? (
          <button
            type="button"
            className="option-group__toggle"
            aria-expanded={expanded}
            aria-controls={panelId}
            onClick={() => setExpanded((value) => !value)}
          >
            {title}
            {!expanded && summary && <span className="option-group__summary">{summary}</span>}
            <svg className="option-group__chevron" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
            </svg>
          </button>
        ) : (
          title
        )}
      </h3>
      {maximum !== null && (
        <p id={hintId} className="option-group__hint">
          <Plural value={maximum} one="up to # option" other="up to # options" />
        </p>
      )}
      <fieldset
        id={panelId}
        className="option-group__options"
        aria-labelledby={headingId}
        aria-describedby={maximum !== null ? hintId : undefined}
        hidden={!open}
      >
        {group.options.map((option) => {
          const checked = chosen.includes(option.id);
          const price = optionPriceCents(option.priceCents, rules);
          return (
            <label key={option.id} className="option">
              <input
                type={isRadio ? "radio" : "checkbox"}
                name={`group-${group.id}`}
                value={option.id}
                checked={checked}
                onChange={() => onToggle(option.id)}
                // A checked radio fires no change event: a tap on it is how a non-mandatory
                // radio group is cleared (the rules keep a mandatory one as it is).
                onClick={isRadio && checked ? () => onToggle(option.id) : undefined}
              />
              <span className="option__name">{optionName(option)}</span>
              {price > 0 && <span className="option__price">+{formatPrice(price, language.ui)}</span>}
            </label>
          );
        })}
      </fieldset>
      <p className="option-group__warning" role="status">
        {maxWarning && maximum !== null && (
          <Plural value={maximum} one="You can choose up to # option" other="You can choose up to # options" />
        )}
      </p>
    </section>
  );
}
