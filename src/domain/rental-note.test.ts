import "temporal-polyfill/global";
import { describe, expect, it } from "vitest";
import { rentalNoteNames } from "./rental-note";

describe("rentalNoteNames: a rental's dates on receipts and the bill (spec §5 V22)", () => {
  it("writes pick-up and return in Athens time with the started days, in Greek and English", () => {
    const rental = { pickUpAt: "2026-07-01T07:00:00Z", returnAt: "2026-07-03T07:00:00Z", units: 2 };
    expect(rentalNoteNames(rental, "day")).toEqual({
      GRE: { name: "Παραλαβή 01/07 10:00 – Επιστροφή 03/07 10:00 (2 ημέρες)" },
      ENG: { name: "Pick-up 01/07 10:00 – Return 03/07 10:00 (2 days)" },
    });
  });
  it("one hour reads in the singular; winter dates are UTC+2", () => {
    const rental = { pickUpAt: "2026-12-01T08:00:00Z", returnAt: "2026-12-01T09:00:00Z", units: 1 };
    expect(rentalNoteNames(rental, "hour").ENG.name).toBe("Pick-up 01/12 10:00 – Return 01/12 11:00 (1 hour)");
    expect(rentalNoteNames(rental, "hour").GRE.name).toBe("Παραλαβή 01/12 10:00 – Επιστροφή 01/12 11:00 (1 ώρα)");
  });
});
