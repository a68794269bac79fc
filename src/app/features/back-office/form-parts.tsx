/**
 * The parts every back-office form shows alike: fields tied to their refusal (read aloud with the
 * field), the names per language, the "changed meanwhile" notice, and the save footer (the outcome
 * of the last save, Save or "Try saving again", "Undo my changes").
 */
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { Language } from "../../../domain/languages";
import type { NameField } from "../../../domain/names-draft";
import { type ErrorText, renderErrorText } from "../../api/error-catalogue";
import { DETAILS_LABELS, NAME_LABELS } from "./name-labels";

export interface FieldAccess<Field extends string> {
  /** The input's id (`part` tells apart two inputs of one field) and its tie to the field's refusal. */
  fieldProps: (
    field: Field,
    part?: string,
  ) => { id: string; "aria-invalid": "true" | undefined; "aria-describedby": string | undefined };
  /** The field's refusal; an `anchor` takes the focus when a save is refused there. */
  fieldError: (field: Field, anchor?: boolean) => ReactNode;
}

export function fieldAccess<Field extends string>(
  id: string,
  errors: Partial<Record<Field, string>>,
): FieldAccess<Field> {
  return {
    fieldProps: (field, part = "") => {
      const refused = errors[field] !== undefined;
      return {
        id: `${id}-${field}${part}`,
        "aria-invalid": refused ? "true" : undefined,
        "aria-describedby": refused ? `${id}-${field}-error` : undefined,
      };
    },
    fieldError: (field, anchor = false) =>
      errors[field] === undefined ? null : (
        <p
          id={`${id}-${field}-error`}
          className="back-office__field-error"
          tabIndex={anchor ? -1 : undefined}
          data-error-anchor={anchor ? "" : undefined}
        >
          {errors[field]}
        </p>
      ),
  };
}

/**
 * The name of each language (Greek and English required) and, when `details` is given, the
 * details guests read under it. The form's fields name them `name.LANG` and `details.LANG`.
 */
export function NamesFieldset<Field extends string>({
  languages,
  names,
  details,
  onNames,
  onDetails,
  fields,
}: {
  languages: readonly Language[];
  names: Partial<Record<Language, string>>;
  details?: Partial<Record<Language, string>>;
  onNames: (names: Partial<Record<Language, string>>) => void;
  onDetails?: (details: Partial<Record<Language, string>>) => void;
  fields: FieldAccess<Field>;
}) {
  const { i18n } = useLingui();
  const fieldProps = (field: NameField) => fields.fieldProps(field as Field);
  const fieldError = (field: NameField) => fields.fieldError(field as Field);
  return (
    <fieldset className="back-office__group">
      <legend>
        <Trans>Names</Trans>
      </legend>
      {languages.map((language) => (
        <div className="back-office__field" key={language}>
          <label htmlFor={fieldProps(`name.${language}`).id}>{i18n._(NAME_LABELS[language])}</label>
          <input
            {...fieldProps(`name.${language}`)}
            type="text"
            value={names[language] ?? ""}
            required={language === "GRE" || language === "ENG"}
            onChange={(event) => onNames({ ...names, [language]: event.target.value })}
          />
          {fieldError(`name.${language}`)}
          {details !== undefined && onDetails !== undefined && (
            <>
              <label htmlFor={fieldProps(`details.${language}`).id}>{i18n._(DETAILS_LABELS[language])}</label>
              <textarea
                {...fieldProps(`details.${language}`)}
                rows={2}
                value={details[language] ?? ""}
                onChange={(event) => onDetails({ ...details, [language]: event.target.value })}
              />
              {fieldError(`details.${language}`)}
            </>
          )}
        </div>
      ))}
    </fieldset>
  );
}

/** One switch of a form: its checkbox (with its id and any tie to a refusal), label and refusal. */
export function CheckField({
  input,
  checked,
  onChange,
  children,
  refusal,
}: {
  input: { id: string; "aria-invalid"?: "true" | undefined; "aria-describedby"?: string | undefined };
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  refusal?: ReactNode;
}) {
  return (
    <div className="back-office__field back-office__field--check">
      <input {...input} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={input.id}>{children}</label>
      {refusal}
    </div>
  );
}

/** Another admin's change found at save: what it is now, and the way to re-apply what was typed. */
export function ChangedMeanwhile({
  children,
  current,
  onTake,
  takeLabel,
}: {
  children: ReactNode;
  current: string;
  onTake: () => void;
  takeLabel?: ReactNode;
}) {
  return (
    <div className="back-office__conflict" role="alert">
      <p>{children}</p>
      <p>{current}</p>
      <button type="button" className="button" onClick={onTake}>
        {takeLabel ?? <Trans>Take the current version and re-apply my changes</Trans>}
      </button>
    </div>
  );
}

export function SaveFooter({
  notice,
  unanswered,
  busy,
  dirty,
  onUndo,
  labels,
}: {
  notice: { tone: "error" | "success"; text: ErrorText } | null;
  /** The last save had no answer: what was typed is kept and the same save can be sent again. */
  unanswered: boolean;
  busy: boolean;
  dirty: boolean;
  onUndo: () => void;
  /** Other words for the buttons, where the form is one of several on a screen. */
  labels?: { save: ReactNode; retry: ReactNode; undo: ReactNode };
}) {
  const { i18n } = useLingui();
  return (
    <>
      <div role={notice?.tone === "error" || unanswered ? "alert" : "status"} className="back-office__notice">
        {unanswered && (
          <p className="back-office__field-error">
            <Trans>Not saved: no answer from the server. What you typed is kept; try again.</Trans>
          </p>
        )}
        {notice && (
          <p className={notice.tone === "error" ? "back-office__field-error" : undefined}>
            {renderErrorText(notice.text, (descriptor) => i18n._(descriptor))}
          </p>
        )}
      </div>
      <div className="back-office__actions">
        <button type="submit" className="button" disabled={busy}>
          {unanswered ? (labels?.retry ?? <Trans>Try saving again</Trans>) : (labels?.save ?? <Trans>Save</Trans>)}
        </button>
        {dirty && (
          <button type="button" className="button button--quiet" disabled={busy} onClick={onUndo}>
            {labels?.undo ?? <Trans>Undo my changes</Trans>}
          </button>
        )}
      </div>
    </>
  );
}
