/**
 * A rentable item's pick-up and return (spec §5 "Return date required and after pick-up date"):
 * a date and a time input each, Athens time, with the rules of src/domain/rentals.ts. The problem
 * the rules find is shown under the fields, linked to them (aria-describedby) and announced (alert).
 */
import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import type { RentalProblem, RentalTerms } from "../../../domain/rentals";
import type { Hours } from "../../../domain/service-hours";
import { ERROR_MESSAGES } from "../../api/error-catalogue";
import "./rental-fields.css";

/** What the four inputs hold: "YYYY-MM-DD" and "HH:MM", Athens time, or "" while empty. */
export interface RentalInputs {
  pickUpDate: string;
  pickUpTime: string;
  returnDate: string;
  returnTime: string;
}

export const EMPTY_RENTAL_INPUTS: RentalInputs = { pickUpDate: "", pickUpTime: "", returnDate: "", returnTime: "" };

interface RentalFieldsProps {
  terms: RentalTerms;
  value: RentalInputs;
  hours: Hours | null;
  /** The problem to show now (null: none, or not yet: the guest is still typing). */
  problem: RentalProblem | null;
  /** The rate, formatted ("35,00 €"). */
  rate: string;
  onChange: (value: RentalInputs) => void;
}

export function RentalFields({ terms, value, hours, problem, rate, onChange }: RentalFieldsProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = problem === null ? hintId : `${hintId} ${errorId}`;
  const max = terms.maxUnits;
  const hint =
    terms.unit === "day"
      ? t`${rate} per day, for up to ${max} days. Every started day counts as a day (Athens time).`
      : t`${rate} per hour, for up to ${max} hours. Every started hour counts as an hour (Athens time).`;
  const open = hours?.startTime ?? "";
  const close = hours?.endTime ?? "";
  const problemText = (): string => {
    switch (problem) {
      case null:
        return "";
      case "RETURN_NOT_AFTER_PICK_UP":
        return i18n._(ERROR_MESSAGES.ENDING_DATE_MUST_BE_AFTER_PICK_UP_DATE);
      case "PICK_UP_IN_PAST":
        return t`The pick-up cannot be in the past.`;
      case "PICK_UP_OUTSIDE_HOURS":
        return t`Pick up between ${open} and ${close}, when the service is open.`;
      case "RETURN_OUTSIDE_HOURS":
        return t`Return between ${open} and ${close}, when the service is open.`;
      case "SPAN_TOO_LONG":
        return terms.unit === "day"
          ? t`You can rent it for up to ${max} days.`
          : t`You can rent it for up to ${max} hours.`;
      default:
        return t`Choose the pick-up and return date and time.`;
    }
  };
  const field = (key: keyof RentalInputs, type: "date" | "time", label: string) => (
    <label className="rental-fields__field">
      <span className="rental-fields__label">{label}</span>
      <input
        className="rental-fields__input"
        type={type}
        name={key}
        aria-required="true"
        value={value[key]}
        aria-invalid={problem !== null || undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange({ ...value, [key]: event.target.value })}
      />
    </label>
  );

  return (
    <div className="rental-fields">
      <fieldset className="rental-fields__group">
        <legend className="rental-fields__legend">{t`Pick-up`}</legend>
        {field("pickUpDate", "date", t`Pick-up date`)}
        {field("pickUpTime", "time", t`Pick-up time`)}
      </fieldset>
      <fieldset className="rental-fields__group">
        <legend className="rental-fields__legend">{t`Return`}</legend>
        {field("returnDate", "date", t`Return date`)}
        {field("returnTime", "time", t`Return time`)}
      </fieldset>
      <p id={hintId} className="rental-fields__hint">
        {hint}
      </p>
      <p id={errorId} className="rental-fields__error" role="alert">
        {problemText()}
      </p>
    </div>
  );
}
