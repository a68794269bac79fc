/**
 * The item modal's rental inputs read with the domain's rules (src/domain/rentals.ts): the four
 * inputs become the period the rules check, and the problem found is shown once the guest has
 * filled every input or tried to add.
 */
import { athensDateAndTimeOf, athensInstantOf, type RentalPeriod, type RentalVerdict } from "../../../domain/rentals";
import { EMPTY_RENTAL_INPUTS, type RentalInputs } from "./RentalFields";

/** The period of the inputs; an input left empty (or no real date) gives "" for its instant. */
export function rentalPeriodOf(inputs: RentalInputs): RentalPeriod {
  return {
    pickUpAt: athensInstantOf(inputs.pickUpDate, inputs.pickUpTime) ?? "",
    returnAt: athensInstantOf(inputs.returnDate, inputs.returnTime) ?? "",
  };
}

/** The inputs of a line being edited (its dates in Athens time), else empty. */
export function initialRentalInputs(rental: RentalPeriod | null | undefined): RentalInputs {
  if (rental == null) return EMPTY_RENTAL_INPUTS;
  try {
    const pickUp = athensDateAndTimeOf(rental.pickUpAt);
    const back = athensDateAndTimeOf(rental.returnAt);
    return { pickUpDate: pickUp.date, pickUpTime: pickUp.time, returnDate: back.date, returnTime: back.time };
  } catch {
    // Temporal not loaded yet: the guest types the dates again rather than seeing wrong ones.
    return EMPTY_RENTAL_INPUTS;
  }
}

/** The problem to show: none while the guest is still filling the inputs, unless they tried to add. */
export function shownRentalProblem(verdict: RentalVerdict | null, inputs: RentalInputs, triedToAdd: boolean) {
  if (verdict === null || verdict.ok) return null;
  const filled = Object.values(inputs).every((value) => value !== "");
  return filled || triedToAdd ? verdict.problem : null;
}
