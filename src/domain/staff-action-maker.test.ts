import { describe, expect, it } from "vitest";
import { queuedActionTurn } from "./staff-action-maker";

const MARIA = 300;
const NIKOS = 301;

describe("queuedActionTurn: a queued staff action goes out only as the waiter who made it", () => {
  it.each([
    { madeBy: MARIA, signedIn: MARIA, turn: "send" },
    // Maria locked the PDA: her payment waits, unsent, for her or for the next waiter's decision.
    { madeBy: MARIA, signedIn: null, turn: "wait" },
    // Nikos signed in next: never sent as his without his say; he is asked.
    { madeBy: MARIA, signedIn: NIKOS, turn: "ask" },
    // A row of an older app, which did not record who made it: whoever is signed in is asked.
    { madeBy: undefined, signedIn: NIKOS, turn: "ask" },
    { madeBy: undefined, signedIn: null, turn: "wait" },
  ] as const)("made by $madeBy, $signedIn signed in -> $turn", ({ madeBy, signedIn, turn }) => {
    expect(queuedActionTurn(madeBy, signedIn)).toBe(turn);
  });
});
