import { describe, expect, it } from "vitest";
import { parseEuros, payAmountOf, payProblemOf, tipCentsOf } from "./pay-choice";
import { testBill, testLine } from "./test-bill";

describe("bill: what a choice pays", () => {
  it("bill: everything pays what is owed now, with everything: true", () => {
    const bill = testBill({ owedCents: 2350 });
    expect(payAmountOf(bill, { mode: "EVERYTHING" })).toEqual({
      amountCents: 2350,
      expectedCents: 2350,
      what: { everything: true },
    });
  });

  it("bill: the last equal share takes the remainder cent (3001 in two: 1500, then 1501)", () => {
    const first = testBill({ owedCents: 3001, split: null });
    expect(payAmountOf(first, { mode: "SHARE", parts: 2, count: 1 })?.amountCents).toBe(1500);
    // After one share was paid the table owes 1501 and one share of two is left: it takes it all.
    const second = testBill({ owedCents: 1501, split: { parts: 2, paidParts: 1 } });
    expect(payAmountOf(second, { mode: "SHARE", parts: 2, count: 1 })).toEqual({
      amountCents: 1501,
      expectedCents: 1501,
      what: { share: { parts: 2, count: 1 } },
    });
  });

  it("bill: a share of a new number of parts splits what is owed now afresh", () => {
    const bill = testBill({ owedCents: 1000, split: { parts: 2, paidParts: 1 } });
    expect(payAmountOf(bill, { mode: "SHARE", parts: 3, count: 2 })?.amountCents).toBe(666);
  });

  it("bill: chosen lines pay their sum; k of a line's pieces are priced as the PDA splits them (half up)", () => {
    const bill = testBill({
      lines: [
        testLine({ id: 1, quantity: 3, amountCents: 1000 }),
        testLine({ id: 2, quantity: 1, amountCents: 450 }),
        testLine({ id: 3, quantity: 2, amountCents: 800, state: "PAID" }),
      ],
    });
    const amount = payAmountOf(bill, {
      mode: "LINES",
      pieces: new Map([
        [1, 1],
        [2, 1],
        [3, 2],
      ]),
    });
    // One of three pieces of 10,00 is 3,33 (rounded half up); the paid line is skipped.
    expect(amount?.amountCents).toBe(333 + 450);
    expect(amount?.what.lines).toEqual([
      { lineId: 1, quantity: 1, seen: { quantity: 3, amountCents: 1000 } },
      { lineId: 2, seen: { quantity: 1, amountCents: 450 } },
    ]);
    const two = payAmountOf(bill, { mode: "LINES", pieces: new Map([[1, 2]]) });
    expect(two?.amountCents).toBe(667);
  });

  it("bill: a weighed line is paid whole only", () => {
    const bill = testBill({ lines: [testLine({ id: 1, quantity: 2, kilos: 0.8, amountCents: 3200 })] });
    expect(payAmountOf(bill, { mode: "LINES", pieces: new Map([[1, 1]]) })).toBeNull();
    expect(payAmountOf(bill, { mode: "LINES", pieces: new Map([[1, 2]]) })?.amountCents).toBe(3200);
  });

  it("bill: an amount is free up to what is owed, more is a problem before sending", () => {
    const bill = testBill({ owedCents: 2000 });
    const amount = payAmountOf(bill, { mode: "AMOUNT", cents: 2500 });
    expect(amount).toEqual({ amountCents: 2500, expectedCents: null, what: {} });
    expect(amount && payProblemOf(bill, amount, 0)).toBe("AMOUNT_OVER_OWED");
    const ok = payAmountOf(bill, { mode: "AMOUNT", cents: 2000 });
    expect(ok && payProblemOf(bill, ok, 0)).toBeNull();
  });

  it("bill: euros typed with a comma or a point, at most two decimals", () => {
    expect(parseEuros("12")).toBe(1200);
    expect(parseEuros("12,5")).toBe(1250);
    expect(parseEuros("12.05")).toBe(1205);
    expect(parseEuros(" 3,40 € ")).toBe(340);
    expect(parseEuros("1.234,50")).toBeNull();
    expect(parseEuros("abc")).toBeNull();
    expect(parseEuros("")).toBeNull();
  });
});

describe("bill: tips", () => {
  it("bill: no tip unless chosen; presets are percentages rounded half up; custom as typed", () => {
    expect(tipCentsOf({ kind: "none" }, 1990)).toBe(0);
    expect(tipCentsOf({ kind: "percent", percent: 10 }, 1995)).toBe(200);
    expect(tipCentsOf({ kind: "percent", percent: 5 }, 1990)).toBe(100);
    expect(tipCentsOf({ kind: "custom", cents: 250 }, 1990)).toBe(250);
    expect(tipCentsOf({ kind: "custom", cents: null }, 1990)).toBe(0);
  });

  it("bill: a tip over the amount is refused before sending", () => {
    const bill = testBill({ owedCents: 1000 });
    const amount = payAmountOf(bill, { mode: "AMOUNT", cents: 500 });
    expect(amount && payProblemOf(bill, amount, 501)).toBe("TIP_TOO_HIGH");
    expect(amount && payProblemOf(bill, amount, 500)).toBeNull();
  });
});
