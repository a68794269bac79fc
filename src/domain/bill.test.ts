import { describe, expect, it } from "vitest";
import {
  billPaymentProblem,
  MAX_SHARES,
  owedAfterOnAccount,
  shareAmount,
  sharesLeftOf,
  TIP_PERCENT_PRESETS,
  tipOfPercent,
} from "./bill";
import { openingAmounts } from "./table-openings";

describe("the guest's bill: shares, tips and what is owed", () => {
  it("equal shares are rounded down and the last share takes the remainder cent, so they add up", () => {
    expect(shareAmount(3001, 2, 1)).toBe(1500);
    expect(shareAmount(1501, 1, 1)).toBe(1501);
    expect(shareAmount(1000, 3, 1)).toBe(333);
    expect(shareAmount(667, 2, 1)).toBe(333);
    expect(shareAmount(334, 1, 1)).toBe(334);
    expect(shareAmount(1000, 3, 2)).toBe(666);
    for (const owed of [1, 99, 1000, 3001, 12_345]) {
      for (let parts = 1; parts <= 7; parts++) {
        let left = owed;
        for (let sharesLeft = parts; sharesLeft >= 1; sharesLeft--)
          left -= shareAmount(left, sharesLeft, 1) ?? Number.NaN;
        expect(left, `${owed} in ${parts}`).toBe(0);
      }
    }
  });

  it("a share that is not there (more than are left, none, fractional, over the maximum) has no amount", () => {
    expect(shareAmount(1000, 2, 3)).toBeNull();
    expect(shareAmount(1000, 2, 0)).toBeNull();
    expect(shareAmount(1000, 2.5, 1)).toBeNull();
    expect(shareAmount(1000, MAX_SHARES + 1, 1)).toBeNull();
  });

  it("a split continues when the guest picks the same number of parts, and starts again otherwise", () => {
    expect(sharesLeftOf(null, 4)).toBe(4);
    expect(sharesLeftOf({ parts: 4, paidParts: 1 }, 4)).toBe(3);
    expect(sharesLeftOf({ parts: 4, paidParts: 1 }, 3)).toBe(3);
    expect(sharesLeftOf({ parts: 2, paidParts: 2 }, 2)).toBe(2);
  });

  it("tips: 5, 10 and 15 % offered, rounded half up to the cent", () => {
    expect(TIP_PERCENT_PRESETS).toEqual([5, 10, 15]);
    expect(tipOfPercent(1500, 10)).toBe(150);
    expect(tipOfPercent(1005, 10)).toBe(101);
    expect(tipOfPercent(1001, 15)).toBe(150);
    expect(tipOfPercent(999, 5)).toBe(50);
  });

  it("a payment is refused when the bill is settled, over what is owed, not what the way of paying comes to, or tipped over 100 %", () => {
    const ok = { owedCents: 1000, amountCents: 500, tipCents: 500, expectedCents: null };
    expect(billPaymentProblem(ok)).toBeNull();
    expect(billPaymentProblem({ ...ok, owedCents: 0 })).toBe("BILL_SETTLED");
    expect(billPaymentProblem({ ...ok, amountCents: 1001 })).toBe("AMOUNT_OVER_OWED");
    expect(billPaymentProblem({ ...ok, expectedCents: 499 })).toBe("AMOUNT_CHANGED");
    expect(billPaymentProblem({ ...ok, tipCents: 501 })).toBe("TIP_TOO_HIGH");
  });

  it("what guests paid towards the table counts as paid and lowers what remains; the amounts still add up", () => {
    const lines = [
      { state: "OPEN" as const, kind: "ITEM" as const, amountCents: 2000 },
      { state: "OPEN" as const, kind: "ITEM" as const, amountCents: 1001 },
      { state: "PAID" as const, kind: "ITEM" as const, amountCents: 500 },
    ];
    const amounts = openingAmounts(lines, 1500);
    expect(amounts).toMatchObject({ totalCents: 3501, paidCents: 2000, remainingCents: 1501 });
    expect(amounts.paidCents + amounts.treatedCents + amounts.canceledCents + amounts.remainingCents).toBe(
      amounts.totalCents,
    );
    expect(owedAfterOnAccount(3001, 1500)).toBe(1501);
    expect(owedAfterOnAccount(1000, 1500)).toBe(0);
  });
});
