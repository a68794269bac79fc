/**
 * A rental line's dates as one short note in Greek and English, for what the server writes once
 * and shows as written: a table opening's lines, and so the bill, the receipts (on screen and
 * printed) and the day's summary. Athens time, numeric so every printer's code page has it.
 */
import { ATHENS_TIME_ZONE } from "./constants";
import type { Translations } from "./languages";
import type { LineRental, RentalUnit } from "./rentals";
import { temporal } from "./temporal";

/** "Παραλαβή 01/07 10:00 – Επιστροφή 03/07 10:00 (2 ημέρες)" and its English. */
export function rentalNoteNames(rental: LineRental, unit: RentalUnit): Translations {
  const pickUp = athensText(rental.pickUpAt);
  const back = athensText(rental.returnAt);
  const n = rental.units;
  const greekUnits = unit === "day" ? (n === 1 ? "1 ημέρα" : `${n} ημέρες`) : n === 1 ? "1 ώρα" : `${n} ώρες`;
  const englishUnits = unit === "day" ? (n === 1 ? "1 day" : `${n} days`) : n === 1 ? "1 hour" : `${n} hours`;
  return {
    GRE: { name: `Παραλαβή ${pickUp} – Επιστροφή ${back} (${greekUnits})` },
    ENG: { name: `Pick-up ${pickUp} – Return ${back} (${englishUnits})` },
  };
}

function athensText(iso: string): string {
  const zoned = temporal().Instant.from(iso).toZonedDateTimeISO(ATHENS_TIME_ZONE);
  const two = (value: number) => String(value).padStart(2, "0");
  return `${two(zoned.day)}/${two(zoned.month)} ${two(zoned.hour)}:${two(zoned.minute)}`;
}
