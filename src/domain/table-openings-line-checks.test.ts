import { describe, expect, it } from "vitest";
import { checkedPerLine, lineAsSeen, linePickOf } from "./table-openings-line-checks";

const seen = { quantity: 3, amountCents: 1000 };

describe("linePickOf: a pick carries its line as the waiter saw it", () => {
  it("every piece: the whole line, as seen", () => {
    expect(linePickOf({ id: 5, quantity: 3, amountCents: 1000 }, 3)).toEqual({ lineId: 5, seen });
  });

  it("some pieces: the quantity to settle, and the whole line as seen", () => {
    expect(linePickOf({ id: 5, quantity: 3, amountCents: 1000 }, 1)).toEqual({ lineId: 5, quantity: 1, seen });
  });
});

describe("checkedPerLine: line by line only when every pick says how its line was seen", () => {
  it.each([
    { picks: [{ lineId: 1, seen }], perLine: true },
    {
      picks: [
        { lineId: 1, seen },
        { lineId: 2, quantity: 1, seen },
      ],
      perLine: true,
    },
    // An action queued by an older app, or half of its picks: the table's version decides.
    { picks: [{ lineId: 1 }], perLine: false },
    { picks: [{ lineId: 1, seen }, { lineId: 2 }], perLine: false },
    // Every open line: the table as a whole.
    { picks: null, perLine: false },
    { picks: [], perLine: false },
  ])("$picks -> $perLine", ({ picks, perLine }) => {
    expect(checkedPerLine(picks)).toBe(perLine);
  });
});

describe("lineAsSeen: a chosen line conflicts only with a change of that line", () => {
  it.each([
    { line: { state: "OPEN", quantity: 3, amountCents: 1000 }, expected: "as-seen" },
    { line: { state: "PAID", quantity: 3, amountCents: 1000 }, expected: "settled" },
    { line: { state: "TREATED", quantity: 3, amountCents: 1000 }, expected: "settled" },
    { line: { state: "CANCELED", quantity: 3, amountCents: 1000 }, expected: "settled" },
    // Another waiter paid one of its three pieces: two left, and not the amount on this screen.
    { line: { state: "OPEN", quantity: 2, amountCents: 667 }, expected: "changed" },
    { line: { state: "OPEN", quantity: 3, amountCents: 999 }, expected: "changed" },
  ])("$line.state, $line.quantity pieces of $line.amountCents -> $expected", ({ line, expected }) => {
    expect(lineAsSeen(line, seen)).toBe(expected);
  });

  it("without `seen` (the table's version was checked): only a settled line conflicts", () => {
    expect(lineAsSeen({ state: "OPEN", quantity: 2, amountCents: 667 }, undefined)).toBe("as-seen");
    expect(lineAsSeen({ state: "PAID", quantity: 2, amountCents: 667 }, undefined)).toBe("settled");
  });
});
