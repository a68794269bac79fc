/**
 * A rental line's pick-up and return in Athens time, with the started days or hours it is priced
 * for: the cart, the guest's history, the waiter's cards and the store's history show it alike.
 */
import { Plural, Trans } from "@lingui/react/macro";
import type { UiLanguage } from "../../../domain/languages";
import type { RentalUnit } from "../../../domain/rentals";
import { formatAthensDateTime } from "../../i18n/athens-date-time";
import "../item/rental-fields.css";

interface RentalDatesTextProps {
  rental: { pickUpAt: string; returnAt: string; units: number };
  unit: RentalUnit;
  language: UiLanguage;
  className?: string;
}

export function RentalDatesText({ rental, unit, language, className }: RentalDatesTextProps) {
  const pickUp = formatAthensDateTime(rental.pickUpAt, language);
  const back = formatAthensDateTime(rental.returnAt, language);
  const units = rental.units;
  return (
    <span className={`rental-dates${className ? ` ${className}` : ""}`} data-testid="rental-dates">
      <Trans>
        Pick-up {pickUp} · Return {back}
      </Trans>{" "}
      {unit === "day" ? (
        <Plural value={units} one="(# day)" other="(# days)" />
      ) : (
        <Plural value={units} one="(# hour)" other="(# hours)" />
      )}
    </span>
  );
}
