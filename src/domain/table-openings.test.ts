import { describe, expect, it } from "vitest";
import {
  consumedTowardsMinimum,
  EMPTY_FLOOR_PLAN,
  groupBySection,
  type LineAmount,
  mayChangeLine,
  mayReopen,
  mayTreatOrCancel,
  minimumLineAtClose,
  missingForMinimum,
  OPENING_LINE_STATES,
  openingAmounts,
  openingSpotOf,
  splitLine,
  tableFamilySections,
} from "./table-openings";

const line = (state: LineAmount["state"], amountCents: number, kind: LineAmount["kind"] = "ITEM"): LineAmount => ({
  state,
  kind,
  amountCents,
});

describe("openingAmounts (total = paid + treated + canceled + remaining)", () => {
  it.each([
    { lines: [], expected: [0, 0, 0, 0, 0] },
    { lines: [line("OPEN", 350)], expected: [350, 0, 0, 0, 350] },
    { lines: [line("PAID", 100), line("OPEN", 250)], expected: [350, 100, 0, 0, 250] },
    {
      lines: [line("PAID", 1), line("TREATED", 20), line("CANCELED", 300), line("OPEN", 4000)],
      expected: [4321, 1, 20, 300, 4000],
    },
    { lines: [line("PAID", 700), line("PAID", 1300, "MINIMUM_CONSUMPTION")], expected: [2000, 2000, 0, 0, 0] },
  ])("$lines.length lines -> total, paid, treated, canceled, remaining = $expected", ({ lines, expected }) => {
    const a = openingAmounts(lines);
    expect([a.totalCents, a.paidCents, a.treatedCents, a.canceledCents, a.remainingCents]).toEqual(expected);
    expect(a.totalCents).toBe(a.paidCents + a.treatedCents + a.canceledCents + a.remainingCents);
  });
});

describe("minimum consumption (per spot or section; what is missing shown and charged at close)", () => {
  const minimum = { cents: 2000, chargeMissing: true };
  it.each([
    { lines: [line("OPEN", 700)], missing: 1300 },
    { lines: [line("PAID", 700), line("OPEN", 1300)], missing: 0 },
    { lines: [line("OPEN", 2500)], missing: 0 },
    // Treated and canceled lines are not what the guests paid for.
    { lines: [line("TREATED", 1500), line("CANCELED", 400), line("OPEN", 500)], missing: 1500 },
    // An earlier minimum line (a reopened table) does not count towards itself.
    { lines: [line("PAID", 500), line("PAID", 1500, "MINIMUM_CONSUMPTION")], missing: 1500 },
  ])("missing $missing", ({ lines, missing }) => {
    expect(missingForMinimum(minimum, lines)).toBe(missing);
    expect(minimumLineAtClose(minimum, lines)).toBe(missing === 0 ? null : missing);
  });

  it("no minimum: nothing missing; a minimum only shown: no line at close", () => {
    expect(missingForMinimum(null, [line("OPEN", 1)])).toBe(0);
    expect(minimumLineAtClose(null, [line("OPEN", 1)])).toBeNull();
    expect(minimumLineAtClose({ cents: 2000, chargeMissing: false }, [line("OPEN", 1)])).toBeNull();
    expect(consumedTowardsMinimum([line("OPEN", 5), line("PAID", 7), line("TREATED", 100)])).toBe(12);
  });
});

describe("splitLine (pay part of a line; rounding half up; the parts add up)", () => {
  it.each([
    { quantity: 3, amountCents: 1050, k: 1, settled: 350, left: 700 },
    { quantity: 3, amountCents: 1000, k: 1, settled: 333, left: 667 },
    { quantity: 3, amountCents: 1000, k: 2, settled: 667, left: 333 },
    { quantity: 2, amountCents: 5, k: 1, settled: 3, left: 2 },
    { quantity: 4, amountCents: 999, k: 4, settled: 999, left: 0 },
  ])("$k of $quantity pieces of $amountCents -> $settled + $left", ({ quantity, amountCents, k, settled, left }) => {
    expect(splitLine({ quantity, amountCents, perKg: false }, k)).toEqual({ settledCents: settled, leftCents: left });
  });

  it.each([0, 4, 1.5, -1])("quantity %s of 3 pieces is refused", (k) => {
    expect(splitLine({ quantity: 3, amountCents: 900, perKg: false }, k)).toEqual({ error: "INVALID_QUANTITY" });
  });

  it("a per-kg line is settled whole only", () => {
    expect(splitLine({ quantity: 1, amountCents: 6500, perKg: true }, 1)).toEqual({ settledCents: 6500, leftCents: 0 });
    expect(splitLine({ quantity: 2, amountCents: 6500, perKg: true }, 1)).toEqual({ error: "INVALID_QUANTITY" });
  });
});

describe("allowed state changes (open -> paid | treated | canceled, once)", () => {
  it.each(OPENING_LINE_STATES.flatMap((from) => OPENING_LINE_STATES.map((to) => ({ from, to }))))(
    "$from -> $to",
    ({ from, to }) => {
      expect(mayChangeLine(from, to)).toBe(from === "OPEN" && to !== "OPEN");
    },
  );
});

describe("roles (treat/cancel by admins, or waiters where allowed; reopen by admins within the day)", () => {
  it.each([
    { role: "ADMIN", allowed: false, may: true },
    { role: "ADMIN", allowed: true, may: true },
    { role: "WAITER", allowed: false, may: false },
    { role: "WAITER", allowed: true, may: true },
  ] as const)("$role, waiters allowed: $allowed -> $may", ({ role, allowed, may }) => {
    expect(mayTreatOrCancel(role, allowed)).toBe(may);
  });

  it("reopen: an admin on the day of closing only", () => {
    expect(mayReopen("ADMIN", "2026-07-01", "2026-07-01")).toBe(true);
    expect(mayReopen("ADMIN", "2026-07-01", "2026-07-02")).toBe(false);
    expect(mayReopen("WAITER", "2026-07-01", "2026-07-01")).toBe(false);
  });
});

describe("which spot an order is owed at (delivery spots never open one)", () => {
  it.each([
    { spotType: "TABLE", selectedTableId: null, expected: 1 },
    { spotType: "HOTEL_ROOM", selectedTableId: null, expected: 1 },
    { spotType: "UMBRELLA_AT_HOTEL", selectedTableId: null, expected: 1 },
    { spotType: "BEACH_CHAIR", selectedTableId: null, expected: 1 },
    { spotType: "DELIVERY", selectedTableId: null, expected: null },
    { spotType: "DELIVERY_TABLE", selectedTableId: null, expected: null },
    { spotType: "TABLE", selectedTableId: 9, expected: 9 },
  ] as const)("$spotType (picked $selectedTableId) -> $expected", ({ spotType, selectedTableId, expected }) => {
    expect(openingSpotOf({ spotId: 1, spotType, selectedTableId })).toBe(expected);
  });
});

describe("tableFamilySections (spec §3 Checkout)", () => {
  it("groups sections by family in floor order; a section without a family stands alone", () => {
    const section = (name: string, tableFamily: string | null) => ({ name, tableFamily, minimumConsumption: null });
    expect(
      tableFamilySections({
        ...EMPTY_FLOOR_PLAN,
        sections: [section("Row 1", "Beach"), section("Bar", null), section("Row 2", "Beach")],
      }),
    ).toEqual([
      { family: "Beach", sections: ["Row 1", "Row 2"] },
      { family: "Bar", sections: ["Bar"] },
    ]);
  });
});

describe("groupBySection (grouped by section, sorted so the oldest waits on top)", () => {
  const at = (id: number, section: string, openedAt: string) => ({ id, openedAt, spot: { section } });
  it("sections in floor order, unlisted ones last; the oldest first in each", () => {
    const groups = groupBySection(
      [
        at(1, "Bar", "2026-07-01T10:05:00Z"),
        at(2, "Terrace", "2026-07-01T10:10:00Z"),
        at(3, "Terrace", "2026-07-01T09:00:00Z"),
        at(4, "Roof", "2026-07-01T08:00:00Z"),
        at(5, "Terrace", "2026-07-01T09:00:00Z"),
      ],
      ["Terrace", "Bar"],
    );
    expect(groups.map((g) => [g.section, g.openings.map((o) => o.id)])).toEqual([
      ["Terrace", [3, 5, 2]],
      ["Bar", [1]],
      ["Roof", [4]],
    ]);
  });
});
