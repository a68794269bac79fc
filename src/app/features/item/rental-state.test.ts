import "temporal-polyfill/global";
import { describe, expect, it } from "vitest";
import { checkRental } from "../../../domain/rentals";
import { temporal } from "../../../domain/temporal";
import { EMPTY_RENTAL_INPUTS } from "./RentalFields";
import { initialRentalInputs, rentalPeriodOf, shownRentalProblem } from "./rental-state";

const terms = { unit: "day" as const, maxUnits: 7 };
const context = {
  now: temporal().Instant.from("2026-07-15T06:00:00Z"),
  hours: { startTime: "09:00", endTime: "19:00" },
};
const inputs = { pickUpDate: "2026-07-17", pickUpTime: "10:00", returnDate: "2026-07-16", returnTime: "10:00" };

describe("the item modal's rental inputs (spec §5 V22)", () => {
  it("Athens dates and times become the instants the rules check", () => {
    expect(rentalPeriodOf(inputs)).toEqual({ pickUpAt: "2026-07-17T07:00:00Z", returnAt: "2026-07-16T07:00:00Z" });
    expect(rentalPeriodOf(EMPTY_RENTAL_INPUTS)).toEqual({ pickUpAt: "", returnAt: "" });
  });

  it("spec §8 E24: a return before the pick-up shows its problem once every input is filled", () => {
    const verdict = checkRental(terms, rentalPeriodOf(inputs), context);
    expect(shownRentalProblem(verdict, inputs, false)).toBe("RETURN_NOT_AFTER_PICK_UP");
  });

  it("missing dates show nothing while the guest types, and DATES_REQUIRED once they try to add", () => {
    const partly = { ...inputs, returnDate: "" };
    const verdict = checkRental(terms, rentalPeriodOf(partly), context);
    expect(shownRentalProblem(verdict, partly, false)).toBeNull();
    expect(shownRentalProblem(verdict, partly, true)).toBe("DATES_REQUIRED");
  });

  it("a line being edited starts from its own dates in Athens time", () => {
    expect(initialRentalInputs({ pickUpAt: "2026-07-17T07:00:00Z", returnAt: "2026-07-19T07:00:00Z" })).toEqual({
      pickUpDate: "2026-07-17",
      pickUpTime: "10:00",
      returnDate: "2026-07-19",
      returnTime: "10:00",
    });
    expect(initialRentalInputs(undefined)).toEqual(EMPTY_RENTAL_INPUTS);
  });
});
